/* The round executor of streams (runtime-stub/stream*.c): a hand-made crown
 * schedule of six tasks on four cores runs round after round. Checked: every
 * team member is called once per round with its team's size; each core runs
 * its tasks in crown order; model times, energies and levels per core and
 * per task; a skipped task (esrt_stream_skip) and a late one
 * (esrt_stream_delay) rescale the rest of their group's round exactly as
 * the crown paper's Section 5 says (Height on the sub-crown); the summary
 * and the trace; a malformed descriptor falls back to running the tasks in
 * order on the caller's thread; many rounds with requests from the caller
 * (ThreadSanitizer's case).
 *
 * The schedule (levels 4, 2, 1 Hz at 64, 8, 1 W; deadline 3 s):
 *   A group 1 (cores 0-3) level 0, 4 / 4 = 1 s      core 0: A B D E = 3 s
 *   B group 2 (cores 0-1) level 1, 2 / 2 = 1 s      core 1: A B     = 2 s
 *   C group 3 (cores 2-3) level 1, 1 s              core 2: A C     = 2 s
 *   D group 4 (core 0)    level 1, 1 / 2 = 0.5 s    core 3: A C F   = 3 s
 *   E group 4 (core 0)    level 2, 0.5 / 1 = 0.5 s
 *   F group 7 (core 3)    level 1, 2 / 2 = 1 s
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "esched_rt.h"
#include "runtime-stub/core/state.h"
#include "runtime-stub/stream/stream.h"
#include "test.h"

enum { A, B, C, D, E, F, NT };

static int calls[NT][4], members_seen[NT][4];
static int order[4][16], norder[4];
static const int first_core[NT] = {0, 0, 2, 0, 0, 3};

typedef struct Arg {
  int task;
} Arg;

/* Each member writes only its own slots: no two threads share one. */
static void team(const void *args, int member, int members) {
  const Arg *a = args;
  calls[a->task][member]++;
  members_seen[a->task][member] = members;
  int core = first_core[a->task] + member;
  if (norder[core] < 16)
    order[core][norder[core]++] = a->task;
}

static const EsrtStreamLevel levels[] = {{4, 64}, {2, 8}, {1, 1}};
static const EsrtStreamTask tasks[NT] = {
    {"A", team, 1, 4, 0, 4}, {"B", team, 2, 2, 1, 2},   {"C", team, 3, 2, 1, 2},
    {"D", team, 4, 1, 1, 1}, {"E", team, 4, 1, 2, 0.5}, {"F", team, 7, 1, 1, 2},
};
static const EsrtStream stream = {"t", "test", 4, 4, 3, levels, 3, tasks, NT};

static Arg args_v[NT] = {{A}, {B}, {C}, {D}, {E}, {F}};
static const void *args[NT] = {&args_v[0], &args_v[1], &args_v[2],
                               &args_v[3], &args_v[4], &args_v[5]};

static void reset(void) {
  memset(calls, 0, sizeof calls);
  memset(members_seen, 0, sizeof members_seen);
  memset(norder, 0, sizeof norder);
}

static void expect_order(int core, const char *want) {
  char got[17] = {0};
  for (int k = 0; k < norder[core] && k < 16; k++)
    got[k] = (char)('A' + order[core][k]);
  if (strcmp(got, want) != 0)
    TEST_FAIL("core %d ran %s, want %s", core, got, want);
  test_checks++;
}

static void test_plain_round(void) {
  reset();
  esrt_stream_round(&stream, args);
  for (int t = 0; t < NT; t++)
    for (int m = 0; m < tasks[t].width; m++) {
      ASSERT_EQ(calls[t][m], 1);
      ASSERT_EQ(members_seen[t][m], tasks[t].width);
    }
  ASSERT_EQ(calls[A][3], 1);
  ASSERT_EQ(calls[D][1], 0);
  expect_order(0, "ABDE");
  expect_order(1, "AB");
  expect_order(2, "AC");
  expect_order(3, "ACF");
}

/* Round 2: B skipped. Its group G2 (cores 0-1) rescales D and E against
 * M' = 3 - 1 (B would have ended at 1 + 1; skipped, it ends at 1): at the
 * slowest level they take 1 + 0.5 <= 2, so D drops to level 2 (E is there). */
static void test_skip(void) {
  reset();
  esrt_stream_skip("t", "B");
  esrt_stream_round(&stream, args);
  ASSERT_EQ(calls[B][0] + calls[B][1], 0);
  ASSERT_EQ(calls[D][0], 1);
  expect_order(0, "ADE");
  expect_order(1, "A");
}

/* Round 3: C runs 0.5 s late. G3 (cores 2-3) rescales F against
 * M' = 3 - 2.5: F (2 at frequency 1) must run at 4 Hz, level 0. */
static void test_delay(void) {
  reset();
  esrt_stream_delay(NULL, "C", 0.5);
  esrt_stream_round(&stream, args);
  expect_order(3, "ACF");
}

static RtStream *find_stream(RtState *s) {
  for (int i = 0; i < s->streams->len; i++)
    if (s->streams->v[i]->desc == &stream)
      return s->streams->v[i];
  return NULL;
}

static void test_counters(void) {
  RtState *s = rt_state_locked();
  RtStream *st = s ? find_stream(s) : NULL;
  ASSERT_TRUE(st != NULL);
  if (!st) {
    if (s)
      rt_state_unlock(s);
    return;
  }
  ASSERT_EQ(st->rounds, 3);
  ASSERT_EQ(st->missed, 0);
  ASSERT_NEAR(st->worst, 3, 1e-12);
  ASSERT_NEAR(st->time, 9, 1e-12);
  ASSERT_EQ(st->rescales, 2);
  ASSERT_EQ(st->changed, 2);
  ASSERT_EQ(st->infeasible, 0);
  ASSERT_NEAR(st->rescale_before, 4.5 + 8, 1e-12); /* D and E; F */
  ASSERT_NEAR(st->rescale_after, 1.5 + 32, 1e-12);
  /* 300.5 J planned; round 2 saves B (16 J) and D's 3 J; round 3 pays C's
   * 0.5 s on two cores at 8 W and F's 24 J more. */
  ASSERT_NEAR(st->energy, 300.5 + (300.5 - 19) + (300.5 + 8 + 24), 1e-12);
  ASSERT_EQ(st->task_stats[D].per_level[1], 2);
  ASSERT_EQ(st->task_stats[D].per_level[2], 1);
  ASSERT_EQ(st->task_stats[F].per_level[0], 1);
  ASSERT_EQ(st->task_stats[F].per_level[1], 2);
  ASSERT_EQ(st->task_stats[B].skipped, 1);
  ASSERT_EQ(st->task_stats[B].ran, 2);
  ASSERT_EQ(st->task_stats[C].late, 1);
  ASSERT_NEAR(st->cores[0].busy, 3 + 2.5 + 3, 1e-12);
  ASSERT_NEAR(st->cores[3].busy, 9, 1e-12);
  ASSERT_NEAR(st->cores[3].energy, 80 + 80 + 108, 1e-12);
  ASSERT_EQ(st->cores[0].tasks, 4 + 3 + 4);
  ASSERT_EQ(st->cores[0].per_level[2], 4); /* E three times, D once */
  ASSERT_NEAR(s->acct.serial, 9, 1e-12);
  rt_state_unlock(s);
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return NULL;
  char *buf = calloc(1, 1 << 16);
  if (buf)
    fread(buf, 1, (1 << 16) - 1, f);
  fclose(f);
  return buf;
}

static void expect_line(const char *text, const char *line) {
  test_checks++;
  if (!text || !strstr(text, line))
    TEST_FAIL("missing line: %s", line);
}

static void test_outputs(const char *summary, const char *trace) {
  esrt_shutdown();
  char *text = slurp(summary);
  expect_line(text, "esched:   stream t: 3 rounds on 4 cores (test), deadline 3 s: 0 missed, "
                    "longest round 3 s\n");
  expect_line(text,
              "esched:     core 0: 11 tasks, busy 8.5 s, energy 218.5 J, levels 0:3 1:4 2:4\n");
  expect_line(text, "esched:     task B: group 2, team 2 (cores 0-1), level 1 (2Hz); ran 2, "
                    "levels 1:2; skipped 1, late 0\n");
  expect_line(text, "esched:     task F: group 7, team 1 (core 3), level 1 (2Hz); ran 3, "
                    "levels 0:1 1:2; skipped 0, late 0\n");
  expect_line(text, "esched:     rescaled 2 times: 2 tasks changed level, 0 missed their target; "
                    "their energy 12.5 J -> 33.5 J\n");
  expect_line(text, "esched:     energy 914.5 J, time 9 s\n");
  expect_line(text, "esched:   energy: serial 914.5 J\n");
  free(text);
  text = slurp(trace);
  /* Stream cores come after the devices' tracks (no link carried data). */
  expect_line(text, "\"args\":{\"name\":\"stream t core 3\"}");
  expect_line(text, "{\"name\":\"B\",\"cat\":\"skip\",\"ph\":\"X\",\"pid\":1,\"tid\":3,"
                    "\"ts\":4000000.000,\"dur\":0.000,\"args\":{\"stream\":\"t\",\"round\":2,"
                    "\"member\":0,\"members\":2,\"level\":1,\"freq\":2}}");
  expect_line(text, "{\"name\":\"F\",\"cat\":\"stream\",\"ph\":\"X\",\"pid\":1,\"tid\":6,"
                    "\"ts\":8500000.000,\"dur\":500000.000,");
  free(text);
}

/* p = 3 is no crown: the tasks run in order on this thread, as 0 of 1. */
static void test_fallback(void) {
  static const EsrtStream bad = {"bad", "test", 3, 3, 3, levels, 3, tasks, NT};
  reset();
  esrt_stream_round(&bad, args);
  for (int t = 0; t < NT; t++) {
    ASSERT_EQ(calls[t][0], 1);
    ASSERT_EQ(members_seen[t][0], 1);
    ASSERT_EQ(calls[t][1], 0);
  }
  expect_order(0, "ABDE"); /* member 0 of A, B, D, E is core 0 */
  expect_order(2, "C");
  expect_order(3, "F");
}

/* Many rounds, with requests between them: every member always runs. */
static void test_many_rounds(void) {
  long total = 0;
  reset();
  for (int r = 0; r < 200; r++) {
    memset(norder, 0, sizeof norder);
    if (r % 3 == 0)
      esrt_stream_skip("t", "E");
    if (r % 5 == 0)
      esrt_stream_delay("t", "A", 0.01);
    esrt_stream_round(&stream, args);
  }
  for (int t = 0; t < NT; t++)
    for (int m = 0; m < tasks[t].width; m++)
      total += calls[t][m];
  ASSERT_EQ(total, 200 * (4 + 2 + 2 + 1 + 1 + 1) - 67);
  ASSERT_EQ(calls[E][0], 200 - 67);
}

int main(void) {
  const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  char summary[512], trace[512];
  snprintf(summary, sizeof summary, "%s/esched-test-stream-%ld.txt", tmp, (long)getpid());
  snprintf(trace, sizeof trace, "%s/esched-test-stream-%ld.json", tmp, (long)getpid());
  setenv("ESCHED_SUMMARY", summary, 1);
  setenv("ESCHED_TRACE", trace, 1);
  unsetenv("ESCHED_STREAM_SKIP");
  unsetenv("ESCHED_STREAM_DELAY");
  unsetenv("ESCHED_DVFS");
  test_plain_round();
  test_skip();
  test_delay();
  test_counters();
  test_outputs(summary, trace);
  test_fallback();
  test_many_rounds();
  esrt_shutdown();
  remove(summary);
  remove(trace);
  return test_summary();
}
