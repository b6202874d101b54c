/* Stream rounds before and after fork(), in the parent and in the child,
 * written as the rewriter emits them (-DPLAIN: the plain program): the
 * child starts core threads of its own (test/runtime/fork-child.test). */
#define _POSIX_C_SOURCE 200809L /* fork under -std=c11 */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stream3.h"

static void round_of(void) {
#ifdef PLAIN
  for (int t = 0; t < 3; t++)
    work(t, 0, 1);
#else
  Arg args_v[3] = {{0}, {1}, {2}};
  const void *args[3] = {&args_v[0], &args_v[1], &args_v[2]};
  esrt_stream_round(&stream, args);
#endif
}

static void show(const char *who) {
  printf("%s:", who);
  for (int t = 0; t < 3; t++)
    for (int m = 0; m < 4; m++)
      printf(" %ld", out[t][m]);
  printf("\n");
  fflush(stdout);
}

int main(void) {
  int status = 1;
  round_of();
  show("before");
  pid_t pid = fork();
  round_of();
  round_of();
  if (pid == 0) {
    show("child");
    return 0;
  }
  if (pid > 0)
    waitpid(pid, &status, 0);
  show("parent");
  printf("child exit %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return 0;
}
