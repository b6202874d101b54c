/* A hand-written stream of three tasks on four cores, shared by the stream
 * tests: a on every core at 2 GHz (1 ms), b on cores 0-1 at 1.5 GHz
 * (3e6 / 1.5e9 = 2 ms), c on core 2 at 1 GHz (3 ms); each adds to its row
 * of out. Without PLAIN, through esched's runtime. round3() runs one
 * round; show3() prints out. */
static long out[3][4];

static void work(int task, int member, int members) {
  for (int m = member; m < 4; m += members)
    out[task][m] += (task + 1) * 10 + m;
}

#ifndef PLAIN
#include "esched_rt.h"
ESRT_REQUIRE_ABI(6);

typedef struct Arg {
  int task;
} Arg;

static void team(const void *args, int member, int members) {
  work(((const Arg *)args)->task, member, members);
}

static const EsrtStreamLevel levels[] = {{2e9, 80}, {1.5e9, 50}, {1e9, 30}};
static const EsrtStreamTask tasks[] = {
    {"a", team, 1, 4, 0, 2e6}, {"b", team, 2, 2, 1, 3e6}, {"c", team, 6, 1, 2, 3e6}};
static const EsrtStream stream = {"s", "hand", 4, 4, 0.004, levels, 3, tasks, 3};
#endif

static void round3(void) {
#ifdef PLAIN
  for (int t = 0; t < 3; t++)
    work(t, 0, 1);
#else
  Arg args_v[3] = {{0}, {1}, {2}};
  const void *args[3] = {&args_v[0], &args_v[1], &args_v[2]};
  esrt_stream_round(&stream, args);
#endif
}

static void show3(void) {
  for (int t = 0; t < 3; t++)
    printf("%ld %ld %ld %ld\n", out[t][0], out[t][1], out[t][2], out[t][3]);
}
