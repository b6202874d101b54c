/* Profiles as StarPU history models and back (scheduler/io/starpu_model.h),
 * on random profiles: every level-0 run of a known size comes back with its
 * device, size and mean, its spread, and its count (raised to StarPU's
 * calibration minimum); other levels and runs without a size stay out; keys
 * that are not file names still round-trip through their symbols. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "scheduler/io/starpu_model.h"
#include "test.h"

static unsigned seed = 12345;

static double uniform(void) {
  seed = seed * 1103515245u + 12345u;
  return (double)(seed >> 8) / (double)(1u << 24);
}

static EsProfile *random_profile(int ntasks) {
  EsProfile *p = es_profile_new();
  for (int k = 0; k < ntasks; k++) {
    char key[32];
    snprintf(key, sizeof key, "task%d", k);
    EsProfileEntry *e = es_profile_entry(p, key);
    int nsizes = 1 + (int)(uniform() * 3);
    for (int s = 0; s < nsizes; s++)
      for (int d = 0; d < 2; d++) {
        double size = s == 0 && uniform() < 0.2 ? -1 : 1024.0 * (1 + (int)(uniform() * 4096));
        int level = uniform() < 0.2;
        EsProfileRun *r = es_profile_run(p, e, d ? "gpu" : "cpu", level, size);
        int n = 1 + (int)(uniform() * 30);
        for (int i = 0; i < n; i++)
          es_stats_add(&r->time, 1e-6 + uniform() * 1e-2);
        r->source = "measured";
      }
  }
  return p;
}

/* The run of (key, device, level 0, size) in p, or NULL. */
static const EsProfileRun *find(const EsProfile *p, const char *key, const char *device,
                                double size) {
  const EsProfileEntry *e = es_profile_find(p, key);
  for (int i = 0; e && i < e->nruns; i++)
    if (e->runs[i].level == 0 && e->runs[i].size == size && !strcmp(e->runs[i].device, device))
      return &e->runs[i];
  return NULL;
}

static int runs; /* compared, over every round trip */

static void round_trip(const char *dir, int ntasks) {
  EsProfile *p = random_profile(ntasks), *back = es_profile_new();
  EsError err = {0};
  int written, sizeless;
  ASSERT_EQ(es_starpu_export(p, dir, "gpu", &written, &sizeless, &err), ES_OK);
  int expected_sizeless = 0;
  for (int k = 0; k < p->nentries; k++) {
    const EsProfileEntry *e = &p->entries[k];
    char symbol[128], path[512];
    es_starpu_symbol(e->key, symbol, sizeof symbol);
    snprintf(path, sizeof path, "%s/codelets/45/%s", dir, symbol);
    if (access(path, F_OK) == 0)
      ASSERT_EQ(es_starpu_import(path, "gpu", back, &err), ES_OK);
    for (int i = 0; i < e->nruns; i++) {
      const EsProfileRun *r = &e->runs[i];
      expected_sizeless += r->level == 0 && r->size < 0;
      if (r->level != 0 || r->size < 0) {
        ASSERT_TRUE(!find(back, e->key, r->device, r->size));
        continue;
      }
      const EsProfileRun *b = find(back, e->key, r->device, r->size);
      ASSERT_TRUE(b != NULL);
      if (!b)
        continue;
      runs++;
      long count =
          r->time.count > ES_STARPU_CALIBRATE_MINIMUM ? r->time.count : ES_STARPU_CALIBRATE_MINIMUM;
      ASSERT_EQ(b->time.count, count);
      ASSERT_NEAR(b->time.mean, r->time.mean, 1e-6);
      /* The spread travels as a population deviation printed to 7 digits. */
      ASSERT_NEAR(sqrt(b->time.m2 / (double)b->time.count),
                  sqrt(r->time.m2 / (double)r->time.count), 1e-5);
      ASSERT_STREQ(b->source, "measured");
    }
  }
  ASSERT_EQ(sizeless, expected_sizeless);
  es_profile_free(p);
  es_profile_free(back);
}

int main(void) {
  char dir[] = "/tmp/esched-starpu-model-XXXXXX";
  if (!mkdtemp(dir))
    return 1;
  for (int i = 0; i < 50; i++) {
    char sub[300]; /* a folder per trip: no file of an earlier one is read */
    snprintf(sub, sizeof sub, "%s/%d", dir, i);
    round_trip(sub, 1 + i % 7);
  }
  ASSERT_TRUE(runs > 100);
  /* Keys become file names: odd characters are replaced, the prefix kept. */
  char symbol[64];
  es_starpu_symbol("a/b c", symbol, sizeof symbol);
  ASSERT_STREQ(symbol, "esched.a_b_c");
  ASSERT_EQ(es_starpu_footprint(65536), 0x10000);
  ASSERT_EQ(es_starpu_footprint(-1), 0);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd) != 0)
    return 1;
  return test_summary();
}
