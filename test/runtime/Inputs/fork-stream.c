/* Stream rounds before and after fork(), in the parent and in the child,
 * written as the rewriter emits them (-DPLAIN: the plain program): the
 * child starts core threads of its own (test/runtime/fork-child.test). */
#define _POSIX_C_SOURCE 200809L /* fork under -std=c11 */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stream3.h"

static void show(const char *who) {
  printf("%s:\n", who);
  show3();
  fflush(stdout);
}

int main(void) {
  int status = 1;
  round3();
  show("before");
  pid_t pid = fork();
  round3();
  round3();
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
