/* Stream rounds before and after fork(), in the parent and in the child,
 * written as the rewriter emits them (-DPLAIN: the plain program): the
 * child starts core threads of its own (test/runtime/fork-child.test). */
#define _POSIX_C_SOURCE 200809L /* fork under -std=c11 */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static long out[2][4];

static void work(int task, int member, int members) {
  for (int m = member; m < 4; m += members)
    out[task][m] += (task + 1) * 10 + m;
}

#ifndef PLAIN
#include "esched_rt.h"
ESRT_REQUIRE_ABI(4);

typedef struct Arg {
  int task;
} Arg;

static void team(const void *args, int member, int members) {
  work(((const Arg *)args)->task, member, members);
}

static const EsrtStreamLevel levels[] = {{2e9, 80}, {1e9, 30}};
static const EsrtStreamTask tasks[] = {{"a", team, 1, 4, 0, 2e6}, {"b", team, 2, 2, 1, 1e6}};
static const EsrtStream stream = {"s", "hand", 4, 4, 0.004, levels, 2, tasks, 2};
#endif

static void round_of(void) {
#ifdef PLAIN
  for (int t = 0; t < 2; t++)
    work(t, 0, 1);
#else
  Arg args_v[2] = {{0}, {1}};
  const void *args[2] = {&args_v[0], &args_v[1]};
  esrt_stream_round(&stream, args);
#endif
}

static void show(const char *who) {
  printf("%s:", who);
  for (int t = 0; t < 2; t++)
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
