/* es_profile_merge: merged statistics equal those of the concatenated
 * samples, in any split and order; sources rank instead of mixing; stale
 * flags follow the units a merge knows completely (and only those); data
 * item bytes take the newer sizes; the file round-trips unit and stale;
 * merging extreme figures saturates instead of overflowing. */
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "scheduler/io/files.h"
#include "scheduler/model/profile.h"
#include "scheduler/base/rng.h"
#include "test.h"

#define NSAMPLES 400

/* Two-pass statistics of x[0..n). */
static void direct(const double *x, int n, EsStats *s) {
  double sum = 0, m2 = 0, lo = x[0], hi = x[0];
  for (int i = 0; i < n; i++) {
    sum += x[i];
    lo = x[i] < lo ? x[i] : lo;
    hi = x[i] > hi ? x[i] : hi;
  }
  double mean = sum / n;
  for (int i = 0; i < n; i++)
    m2 += (x[i] - mean) * (x[i] - mean);
  *s = (EsStats){n, mean, m2, lo, hi};
}

static EsProfileRun *run_of(EsProfile *p, const char *key, const char *dev, int level,
                            double size) {
  EsProfileEntry *e = es_profile_entry(p, key);
  return e ? es_profile_run(p, e, dev, level, size) : NULL;
}

/* Samples split at random into profiles of random size, merged in order
 * into one: every record equals the two-pass statistics of its samples. */
static void stats_equal_concatenation(void) {
  EsRng rng;
  es_rng_seed(&rng, 6);
  for (int trial = 0; trial < 20; trial++) {
    static double x[2][NSAMPLES];
    int n[2] = {0, 0};
    EsProfile *all = es_profile_new();
    for (int i = 0; i < NSAMPLES;) {
      EsProfile *part = es_profile_new();
      for (long k = es_rng_range(&rng, 1, 40); k > 0 && i < NSAMPLES; k--, i++) {
        int which = (int)es_rng_range(&rng, 0, 1);
        double v = es_rng_lognormal(&rng, 1e-3, 1.5, 1e-7, 10);
        x[which][n[which]++] = v;
        EsProfileRun *r = run_of(part, which ? "add" : "mul", which ? "gpu" : "cpu", 0, 4096);
        es_stats_add(&r->time, v);
        es_stats_add(&r->energy, 90 * v);
        r->energy_source = "model";
      }
      ASSERT_EQ(es_profile_merge(all, part), ES_OK);
      es_profile_free(part);
    }
    for (int which = 0; which < 2; which++) {
      EsStats want, got = run_of(all, which ? "add" : "mul", which ? "gpu" : "cpu", 0, 4096)->time;
      if (n[which] == 0)
        continue;
      direct(x[which], n[which], &want);
      ASSERT_EQ(got.count, want.count);
      ASSERT_NEAR(got.mean, want.mean, 1e-12);
      ASSERT_NEAR(es_stats_variance(&got), es_stats_variance(&want), 1e-9);
      ASSERT_NEAR(got.min, want.min, 0);
      ASSERT_NEAR(got.max, want.max, 0);
    }
    ASSERT_EQ(all->nentries, (n[0] > 0) + (n[1] > 0));
    es_profile_free(all);
  }
}

/* Measured times replace modelled ones and are not diluted by them later;
 * equal sources merge; rapl energies replace model energies. */
static void sources_rank(void) {
  EsProfile *into = es_profile_new(), *from = es_profile_new();
  EsProfileRun *a = run_of(into, "k", "cpu", 0, -1);
  es_stats_add(&a->time, 5);
  a->source = "model";
  es_stats_add(&a->energy, 450);
  a->energy_source = "model";
  EsProfileRun *b = run_of(from, "k", "cpu", 0, -1);
  es_stats_add(&b->time, 1);
  es_stats_add(&b->time, 3);
  b->source = "measured";
  es_stats_add(&b->energy, 7);
  b->energy_source = "rapl";
  ASSERT_EQ(es_profile_merge(into, from), ES_OK);
  a = run_of(into, "k", "cpu", 0, -1);
  ASSERT_EQ(a->time.count, 2);
  ASSERT_NEAR(a->time.mean, 2, 0);
  ASSERT_STREQ(a->source, "measured");
  ASSERT_EQ(a->energy.count, 1);
  ASSERT_STREQ(a->energy_source, "rapl");
  /* A modelled figure is ignored, a measured one merges. */
  b->source = "model";
  b->energy_source = "model";
  ASSERT_EQ(es_profile_merge(into, from), ES_OK);
  a = run_of(into, "k", "cpu", 0, -1);
  ASSERT_EQ(a->time.count, 2);
  ASSERT_EQ(a->energy.count, 1);
  b->source = "measured";
  b->energy_source = "rapl";
  ASSERT_EQ(es_profile_merge(into, from), ES_OK);
  a = run_of(into, "k", "cpu", 0, -1);
  ASSERT_EQ(a->time.count, 4);
  ASSERT_NEAR(a->time.mean, 2, 0);
  ASSERT_EQ(a->energy.count, 2);
  /* Simulated GPU times: better than a model, worse than a measurement. */
  EsProfileRun *g = run_of(into, "k", "gpu", 0, -1);
  es_stats_add(&g->time, 9);
  g->source = "simulated";
  EsProfileRun *h = run_of(from, "k", "gpu", 0, -1);
  es_stats_add(&h->time, 1);
  h->source = "model";
  ASSERT_EQ(es_profile_merge(into, from), ES_OK);
  g = run_of(into, "k", "gpu", 0, -1);
  ASSERT_NEAR(g->time.mean, 9, 0);
  ASSERT_STREQ(g->source, "simulated");
  es_profile_free(into);
  es_profile_free(from);
}

static EsProfileEntry *entry(EsProfile *p, const char *key, const char *unit, double t) {
  EsProfileEntry *e = es_profile_entry(p, key);
  e->unit = unit;
  if (t > 0)
    es_stats_add(&es_profile_run(p, e, "cpu", 0, -1)->time, t);
  return e;
}

static bool stale(const EsProfile *p, const char *key) { return es_profile_find(p, key)->stale; }

/* Unit u1 of program A now has tasks {a, e} (b was removed); program B
 * (unit u2) and entries of unknown units are not judged. */
static void stale_flags(void) {
  EsProfile *file = es_profile_new();
  entry(file, "a", "u1", 1);
  entry(file, "b", "u1", 1);
  entry(file, "c", "u2", 1);
  entry(file, "d", NULL, 1);
  EsProfile *run = es_profile_new();
  es_profile_add_unit(run, "u1");
  entry(run, "a", "u1", 2);
  entry(run, "e", "u1", 0); /* registered, never ran */
  ASSERT_EQ(es_profile_merge(file, run), ES_OK);
  ASSERT_TRUE(!stale(file, "a"));
  ASSERT_TRUE(stale(file, "b"));
  ASSERT_TRUE(!stale(file, "c"));
  ASSERT_TRUE(!stale(file, "d"));
  ASSERT_TRUE(!stale(file, "e"));
  ASSERT_EQ(file->nentries, 5);
  ASSERT_EQ(es_profile_find(file, "b")->runs[0].time.count, 1); /* kept with its samples */
  ASSERT_EQ(es_profile_find(file, "e")->nruns, 0);
  /* Program B runs: u1's flags do not move. */
  EsProfile *other = es_profile_new();
  es_profile_add_unit(other, "u2");
  entry(other, "c", "u2", 1);
  ASSERT_EQ(es_profile_merge(file, other), ES_OK);
  ASSERT_TRUE(stale(file, "b"));
  ASSERT_TRUE(!stale(file, "c"));
  /* b moved to unit u2: listed there, it is live again and now u2's. */
  es_profile_free(other);
  other = es_profile_new();
  es_profile_add_unit(other, "u2");
  entry(other, "c", "u2", 0);
  entry(other, "b", "u2", 0);
  ASSERT_EQ(es_profile_merge(file, other), ES_OK);
  ASSERT_TRUE(!stale(file, "b"));
  ASSERT_STREQ(es_profile_find(file, "b")->unit, "u2");
  /* ... and u1 no longer judges it. */
  ASSERT_EQ(es_profile_merge(file, run), ES_OK);
  ASSERT_TRUE(!stale(file, "b"));
  /* A file merge (no units listed) keeps flags, or'ed. */
  EsProfile *old = es_profile_new();
  entry(old, "d", NULL, 0)->stale = true;
  ASSERT_EQ(es_profile_merge(file, old), ES_OK);
  ASSERT_TRUE(stale(file, "d"));
  /* A sample proves the task exists. */
  EsProfile *ran = es_profile_new();
  entry(ran, "d", NULL, 1);
  ASSERT_EQ(es_profile_merge(file, ran), ES_OK);
  ASSERT_TRUE(!stale(file, "d"));
  es_profile_free(file);
  es_profile_free(run);
  es_profile_free(other);
  es_profile_free(old);
  es_profile_free(ran);
}

static void item_bytes(void) {
  EsProfile *into = es_profile_new(), *from = es_profile_new();
  EsProfileEntry *e = es_profile_entry(into, "mul");
  es_profile_item_set(into, e, "A", 100);
  es_profile_item_set(into, e, "B", 200);
  EsProfileEntry *f = es_profile_entry(from, "mul");
  es_profile_item_set(from, f, "B", 250);
  es_profile_item_set(from, f, "T", 300);
  ASSERT_EQ(es_profile_merge(into, from), ES_OK);
  e = es_profile_find(into, "mul");
  ASSERT_EQ(e->nitems, 3);
  ASSERT_NEAR(*es_profile_item(e, "A"), 100, 0);
  ASSERT_NEAR(*es_profile_item(e, "B"), 250, 0);
  ASSERT_NEAR(*es_profile_item(e, "T"), 300, 0);
  ASSERT_TRUE(es_profile_item(e, "C") == NULL);
  es_profile_free(into);
  es_profile_free(from);
}

/* unit, stale, bytes and empty run lists survive writing and reading. */
static void round_trip(void) {
  EsProfile *p = es_profile_new();
  EsProfileEntry *e = entry(p, "mul", "src/fig3.c", 0.5);
  e->stale = true;
  es_profile_item_set(p, e, "A", 32768);
  entry(p, "add", "src/fig3.c", 0);
  char path[256];
  const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  snprintf(path, sizeof path, "%s/esched-profile-XXXXXX", tmp);
  int fd = mkstemp(path);
  if (fd < 0)
    return;
  FILE *f = fdopen(fd, "w");
  ASSERT_TRUE(es_profile_write(f, p));
  fclose(f);
  EsProfile *q = NULL;
  EsError err = {0};
  ASSERT_EQ(es_profile_read(path, &q, &err), ES_OK);
  if (q) {
    const EsProfileEntry *m = es_profile_find(q, "mul"), *a = es_profile_find(q, "add");
    ASSERT_STREQ(m->unit, "src/fig3.c");
    ASSERT_TRUE(m->stale);
    ASSERT_NEAR(*es_profile_item(m, "A"), 32768, 0);
    ASSERT_EQ(m->runs[0].time.count, 1);
    ASSERT_TRUE(a && !a->stale && a->nruns == 0);
  }
  es_profile_free(q);
  es_profile_free(p);
  unlink(path);
}

/* Counts and sums of squares at the edge of what a file may hold merge into
 * the bounds, never into an overflowed count or an infinite variance. */
static void saturates(void) {
  EsStats big = {ES_STATS_MAX_COUNT, 1e300, 1e300, 0, 1e300};
  EsStats far = {ES_STATS_MAX_COUNT, 1e-300, ES_STATS_MAX_M2, 1e-300, 1e-300};
  EsStats s = {0};
  es_stats_merge(&s, &big);
  es_stats_merge(&s, &far); /* delta * delta overflows */
  es_stats_merge(&s, &big);
  ASSERT_EQ(s.count, ES_STATS_MAX_COUNT);
  ASSERT_NEAR(s.m2, ES_STATS_MAX_M2, 0);
  ASSERT_TRUE(isfinite(s.mean) && isfinite(es_stats_variance(&s)));
  ASSERT_NEAR(s.min, 0, 0);
  ASSERT_NEAR(s.max, 1e300, 0);
  EsStats inf_m2 = {2, 1, INFINITY, 1, 1}, t = {0}; /* a sum no reader gives */
  es_stats_merge(&t, &inf_m2);
  ASSERT_NEAR(t.m2, ES_STATS_MAX_M2, 0);
  /* small figures are untouched */
  EsStats one = {3, 2, 0.5, 1, 3}, u = {0};
  es_stats_merge(&u, &one);
  es_stats_merge(&u, &one);
  ASSERT_EQ(u.count, 6);
  ASSERT_NEAR(u.m2, 1, 1e-15);
}

int main(void) {
  stats_equal_concatenation();
  saturates();
  sources_rank();
  stale_flags();
  item_bytes();
  round_trip();
  return test_summary();
}
