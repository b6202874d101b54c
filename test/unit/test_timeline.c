/* Property test of the timelines' gap search (timeline.c): on random
 * sequences of inserts, removals and moves, with gaps that equal task
 * lengths up to rounding, zero-length slots and equal starts, every
 * es_timeline_earliest answer is the bit-identical answer of the plain scan
 * it replaced (kept here as the reference), and find, remove and move keep
 * the slots sorted and findable. */
#include <stdlib.h>

#include "scheduler/base/rng.h"
#include "scheduler/timeline/timeline.h"
#include "test.h"

enum { SEQUENCES = 400, STEPS = 600 };

/* The reference: the first slot ending after ready, then every gap. */
static double scan_earliest(const EsSlot *s, int n, double ready, double dur) {
  if (n == 0)
    return ready;
  int i = 0;
  while (i < n && s[i].finish <= ready)
    i++;
  for (; i < n; i++) {
    double from = i > 0 && s[i - 1].finish > ready ? s[i - 1].finish : ready;
    if (from + dur <= s[i].start)
      return from;
  }
  return s[n - 1].finish > ready ? s[n - 1].finish : ready;
}

/* Times built from tenths, so that sums and differences round. */
static double tenths(EsRng *r, long hi) { return (double)es_rng_range(r, 0, hi) * 0.1; }

/* A slot in the idle time after the last one, or in a gap. */
static EsSlot new_slot(const EsTimeline *t, int d, int task, EsRng *r) {
  int n = t->len[d];
  double len = es_rng_uniform(r) < 0.1 ? 0 : tenths(r, 30);
  double end = n ? t->slot[d][n - 1].finish : 0;
  double start = end + (es_rng_uniform(r) < 0.5 ? 0 : tenths(r, 20));
  double ready = tenths(r, (long)(end * 10) + 1);
  double gap = es_timeline_earliest(t, d, ready, len, true);
  if (es_rng_uniform(r) < 0.6)
    start = gap;
  return (EsSlot){start, start + len, task, -1};
}

static void check_sorted(const EsTimeline *t, int d) {
  for (int i = 1; i < t->len[d]; i++) {
    const EsSlot *a = &t->slot[d][i - 1], *b = &t->slot[d][i];
    ASSERT_TRUE(a->start < b->start || (a->start == b->start && a->finish <= b->finish));
  }
}

static void sequence(uint64_t seed) {
  EsRng r;
  es_rng_seed(&r, seed);
  EsTimeline t;
  int ndev = (int)es_rng_range(&r, 1, 3);
  ASSERT_EQ(es_timeline_init(&t, ndev), 0);
  for (int step = 0, task = 0; step < STEPS; step++) {
    int d = (int)es_rng_range(&r, 0, ndev - 1), n = t.len[d];
    double u = es_rng_uniform(&r);
    if (u < 0.5 || n == 0) {
      ASSERT_EQ(es_timeline_insert(&t, d, new_slot(&t, d, task++, &r)), 0);
    } else if (u < 0.6) {
      EsSlot x = t.slot[d][es_rng_range(&r, 0, n - 1)];
      ASSERT_TRUE(es_timeline_remove(&t, d, x.start, x.task, x.copy));
      ASSERT_EQ(es_timeline_find(&t, d, x.start, x.task, x.copy), -1);
    } else if (u < 0.7) { /* a level change: longer or shorter, maybe later */
      int i = (int)es_rng_range(&r, 0, n - 1);
      EsSlot x = t.slot[d][i], y = x;
      double limit = i + 1 < n ? t.slot[d][i + 1].start : 1e300; /* slots never overlap */
      y.start = fmin(x.start + tenths(&r, 5), limit);
      y.finish = fmin(y.start + tenths(&r, 30), limit);
      ASSERT_EQ(es_timeline_move(&t, d, x.start, x.task, x.copy, y), 0);
      ASSERT_TRUE(es_timeline_find(&t, d, y.start, y.task, y.copy) >= 0);
    }
    check_sorted(&t, d);
    for (int q = 0; q < 4; q++) {
      double end = t.len[d] ? t.slot[d][t.len[d] - 1].finish : 0;
      double ready = tenths(&r, (long)(end * 10) + 5), dur = tenths(&r, 40);
      if (q == 0 && t.len[d] > 1) { /* exactly a gap's length, as rounding gives it */
        int i = (int)es_rng_range(&r, 1, t.len[d] - 1);
        dur = t.slot[d][i].start - t.slot[d][i - 1].finish;
        ready = t.slot[d][i - 1].start;
      }
      double want = scan_earliest(t.slot[d], t.len[d], ready, dur);
      double got = es_timeline_earliest(&t, d, ready, dur, true);
      test_checks++;
      if (got != want)
        TEST_FAIL("sequence %llu step %d: earliest(%.17g, %.17g) = %.17g, the scan says %.17g",
                  (unsigned long long)seed, step, ready, dur, got, want);
    }
  }
  es_timeline_free(&t);
}

int main(void) {
  for (uint64_t s = 1; s <= SEQUENCES && test_failures < 20; s++)
    sequence(s);
  return test_summary();
}
