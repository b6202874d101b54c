/* Property test of the timelines (timeline.c): on random sequences of
 * inserts, removals and moves, with gaps that equal task lengths up to
 * rounding, zero-length slots and equal starts, enough slots for many
 * blocks to split and, where removals are frequent, to merge:
 * - the slots, read back in order, are those of a plain sorted array that
 *   takes the same operations (kept here as the reference), bit for bit;
 * - every es_timeline_earliest answer is the bit-identical answer of the
 *   plain scan it replaced (also kept here);
 * - find, step, beside and end agree with the array;
 * - the blocks' sizes, spans and gap tree agree with the slots. */
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/rng.h"
#include "scheduler/timeline/timeline.h"
#include "test.h"

enum { SEQUENCES = 400, STEPS = 1200, MAXDEV = 3 };

/* The reference: a sorted array per processor. */
typedef struct Flat {
  EsSlot s[STEPS];
  int n;
} Flat;

static bool key_le(EsSlot a, EsSlot x) {
  return a.start < x.start || (a.start == x.start && a.finish <= x.finish);
}

static void flat_insert(Flat *f, EsSlot x) {
  int i = f->n;
  while (i > 0 && !key_le(f->s[i - 1], x))
    i--;
  memmove(&f->s[i + 1], &f->s[i], (size_t)(f->n - i) * sizeof x);
  f->s[i] = x;
  f->n++;
}

static void flat_remove(Flat *f, int i) {
  memmove(&f->s[i], &f->s[i + 1], (size_t)(f->n - i - 1) * sizeof f->s[0]);
  f->n--;
}

/* The first slot ending after ready, then every gap. */
static double scan_earliest(const Flat *f, double ready, double dur) {
  const EsSlot *s = f->s;
  int n = f->n;
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
static EsSlot new_slot(const EsTimeline *t, int d, const Flat *f, int task, EsRng *r) {
  double len = es_rng_uniform(r) < 0.1 ? 0 : tenths(r, 30);
  double end = f->n ? f->s[f->n - 1].finish : 0;
  double start = end + (es_rng_uniform(r) < 0.5 ? 0 : tenths(r, 20));
  double ready = tenths(r, (long)(end * 10) + 1);
  double gap = es_timeline_earliest(t, d, ready, len, true);
  if (es_rng_uniform(r) < 0.6)
    start = gap;
  return (EsSlot){start, start + len, task, -1};
}

static bool same(const EsSlot *a, const EsSlot *b) { return !memcmp(a, b, sizeof *a); }

/* The timeline's slots of d against the reference, and its accessors. */
static void check_lane(const EsTimeline *t, int d, const Flat *f, EsRng *r, uint64_t seed,
                       int step) {
  static EsSlot got[STEPS];
  ASSERT_EQ(es_timeline_len(t, d), f->n);
  es_timeline_copy(t, d, got);
  for (int i = 0; i < f->n; i++) {
    test_checks++;
    if (!same(&got[i], &f->s[i])) {
      TEST_FAIL("sequence %llu step %d: slot %d of %d is (%g, %g, %d), the array has (%g, %g, %d)",
                (unsigned long long)seed, step, i, f->n, got[i].start, got[i].finish, got[i].task,
                f->s[i].start, f->s[i].finish, f->s[i].task);
      return;
    }
  }
  ASSERT_TRUE(es_timeline_end(t, d) == (f->n ? f->s[f->n - 1].finish : -INFINITY));
  if (f->n == 0)
    return;
  int i = (int)es_rng_range(r, 0, f->n - 1);
  EsSlotAt at;
  ASSERT_TRUE(es_timeline_find(t, d, f->s[i].start, f->s[i].task, f->s[i].copy, &at));
  const EsSlot *here = es_timeline_step(t, d, at, 0), *before = es_timeline_step(t, d, at, -1),
               *after = es_timeline_step(t, d, at, 1);
  ASSERT_TRUE(here && same(here, &f->s[i]));
  ASSERT_TRUE(i > 0 ? before && same(before, &f->s[i - 1]) : !before);
  ASSERT_TRUE(i + 1 < f->n ? after && same(after, &f->s[i + 1]) : !after);
  ASSERT_TRUE(es_timeline_beside(t, d, f->s[i].start, f->s[i].task, f->s[i].copy, -1) == before);
  ASSERT_TRUE(es_timeline_beside(t, d, f->s[i].start, f->s[i].task, f->s[i].copy, 1) == after);
  ASSERT_TRUE(!es_timeline_beside(t, d, f->s[i].start, f->s[i].task + STEPS, f->s[i].copy, 1));
}

/* The lane's own bookkeeping (timeline.h's EsLane) against the reference:
 * block sizes add up, each block's span is its first start and last
 * finish, each leaf its longest gap, each inner node the larger child; no
 * block is empty. */
static void check_blocks(const EsTimeline *t, int d, const Flat *f, uint64_t seed, int step) {
  const EsLane *l = &t->lane[d];
  int at = 0;
  ASSERT_TRUE(l->nblk <= l->leaves);
  for (int b = 0; b < l->nblk; b++) {
    ASSERT_TRUE(l->n[b] >= 1 && l->n[b] <= ES_LANE_BLOCK);
    double gap = -INFINITY;
    for (int i = at; i < at + l->n[b]; i++)
      if (i > 0 && f->s[i].start - f->s[i - 1].finish > gap)
        gap = f->s[i].start - f->s[i - 1].finish;
    at += l->n[b];
    test_checks += 3;
    EsSpan span = l->span[b];
    if (span.start != f->s[at - l->n[b]].start || span.finish != f->s[at - 1].finish ||
        l->gap[l->leaves + b] != gap)
      TEST_FAIL(
          "sequence %llu step %d: block %d of %d: span %g-%g, leaf %g; the slots say %g-%g, %g",
          (unsigned long long)seed, step, b, l->nblk, span.start, span.finish,
          l->gap[l->leaves + b], f->s[at - l->n[b]].start, f->s[at - 1].finish, gap);
  }
  ASSERT_EQ(at, f->n);
  for (int b = l->nblk; b < l->leaves; b++)
    ASSERT_TRUE(l->gap[l->leaves + b] == -INFINITY);
  for (int k = 1; k < l->leaves; k++)
    ASSERT_TRUE(l->gap[k] == fmax(l->gap[2 * k], l->gap[2 * k + 1]));
}

static void sequence(uint64_t seed) {
  static Flat flat[MAXDEV];
  EsRng r;
  es_rng_seed(&r, seed);
  EsTimeline t;
  int ndev = (int)es_rng_range(&r, 1, MAXDEV);
  /* Every fourth sequence grows its lanes, then removes more than it
   * inserts: blocks thin out, merge and empty. */
  bool shrink = seed % 4 == 0;
  ASSERT_EQ(es_timeline_init(&t, ndev), 0);
  for (int d = 0; d < ndev; d++)
    flat[d].n = 0;
  for (int step = 0, task = 0; step < STEPS && test_failures == 0; step++) {
    int d = (int)es_rng_range(&r, 0, ndev - 1);
    Flat *f = &flat[d];
    double u = es_rng_uniform(&r);
    double p_insert = !shrink ? 0.5 : step < STEPS / 2 ? 0.6 : 0.2, p_remove = shrink ? 0.65 : 0.6;
    if (u < p_insert || f->n == 0) {
      EsSlot x = new_slot(&t, d, f, task++, &r);
      ASSERT_EQ(es_timeline_insert(&t, d, x), 0);
      flat_insert(f, x);
    } else if (u < p_remove) {
      int i = (int)es_rng_range(&r, 0, f->n - 1);
      EsSlot x = f->s[i];
      EsSlotAt at;
      ASSERT_TRUE(es_timeline_remove(&t, d, x.start, x.task, x.copy));
      ASSERT_TRUE(!es_timeline_find(&t, d, x.start, x.task, x.copy, &at));
      flat_remove(f, i);
    } else if (u < 0.7) { /* a level change: longer or shorter, maybe later */
      int i = (int)es_rng_range(&r, 0, f->n - 1);
      EsSlot x = f->s[i], y = x;
      double limit = i + 1 < f->n ? f->s[i + 1].start : 1e300; /* slots never overlap */
      y.start = fmin(x.start + tenths(&r, 5), limit);
      y.finish = fmin(y.start + tenths(&r, 30), limit);
      if (es_rng_uniform(&r) < 0.25) { /* or a move to another gap, or past the end */
        y = new_slot(&t, d, f, x.task, &r);
        y.copy = x.copy;
      }
      ASSERT_EQ(es_timeline_move(&t, d, x.start, x.task, x.copy, y), 0);
      flat_remove(f, i);
      flat_insert(f, y);
    }
    check_lane(&t, d, f, &r, seed, step);
    check_blocks(&t, d, f, seed, step);
    for (int q = 0; q < 4; q++) {
      double end = f->n ? f->s[f->n - 1].finish : 0;
      double ready = tenths(&r, (long)(end * 10) + 5), dur = tenths(&r, 40);
      if (q == 0 && f->n > 1) { /* exactly a gap's length, as rounding gives it */
        int i = (int)es_rng_range(&r, 1, f->n - 1);
        dur = f->s[i].start - f->s[i - 1].finish;
        ready = f->s[i - 1].start;
      }
      double want = scan_earliest(f, ready, dur);
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
