/* Results kept identical while the algorithms got faster (issue 16): the
 * assignments of tree-dp and mincut, the timed schedules of heft, ceft,
 * cpop, dps, hnpd and easef, and those schedules after each DVFS pass, on
 * random instances of up to a few thousand tasks, digested and compared
 * with golden_results.h, which the code before the change wrote (commit
 * "test_golden: results of the old algorithms"). A digest covers every
 * label, the bits of every start and finish, and every duplicate.
 *
 *   test_golden            compares (the ctest test)
 *   test_golden --write    prints a new golden_results.h
 *
 * Doubles are compared bit for bit: the files were written on x86-64,
 * where GCC and Clang contract no multiply-add by default; a platform that
 * fuses them may differ in the last bits and fail here without a bug. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "instances.h"
#include "scheduler/base/rng.h"
#include "scheduler/dvfs/dvfs.h"
#include "scheduler/gen/gen.h"
#include "scheduler/model/solution.h"
#include "scheduler/plan/algorithms.h"
#include "test.h"

/* One result: the schedule's digest, and for timed schedules the digest
 * of the same schedule after each DVFS pass in turn (0 when none ran). */
typedef struct Golden {
  const char *what;
  uint64_t digest, passes;
} Golden;

static const Golden golden[] = {
#include "golden_results.h"
    {NULL, 0, 0},
};

enum { TIMED_GRAPHS = 240, TREES = 300, DAGS = 300 };

static const char *const timed_algos[] = {"heft", "ceft", "cpop", "dps", "hnpd", "easef"};
static const char *const passes[] = {"off-idle", "low-idle:1", "scale:1",
                                     "scale",    "evenly",     "equalize"};

static bool writing;
static int next_golden;

static uint64_t mix(uint64_t h, const void *data, size_t len) {
  const unsigned char *b = data;
  for (size_t i = 0; i < len; i++)
    h = (h ^ b[i]) * 1099511628211u; /* FNV-1a */
  return h;
}

static uint64_t digest(uint64_t h, const EsSolution *s) {
  h = mix(h, s->label, (size_t)s->ntasks * sizeof *s->label);
  if (s->start) {
    h = mix(h, s->start, (size_t)s->ntasks * sizeof *s->start);
    h = mix(h, s->finish, (size_t)s->ntasks * sizeof *s->finish);
    for (int i = 0; i < s->ndups; i++) {
      const EsDuplicate *x = &s->dups[i];
      h = mix(h, &x->task, sizeof x->task), h = mix(h, &x->label, sizeof x->label);
      h = mix(h, &x->start, sizeof x->start), h = mix(h, &x->finish, sizeof x->finish);
    }
  }
  return h;
}

static const uint64_t fnv_basis = 14695981039346656037u;

static void record(const char *what, const EsSolution *s, uint64_t after) {
  uint64_t h = digest(fnv_basis, s);
  if (writing) {
    printf("    {\"%s\", UINT64_C(0x%016" PRIx64 "), UINT64_C(0x%016" PRIx64 ")},\n", what, h,
           after);
    return;
  }
  const Golden *g = &golden[next_golden];
  if (!g->what) {
    TEST_FAIL("%s: no golden result (regenerate golden_results.h with the old code)", what);
    return;
  }
  next_golden++;
  ASSERT_STREQ(g->what, what);
  test_checks++;
  if (g->digest != h)
    TEST_FAIL("%s: the result differs from the old code's (makespan now %.17g)", what,
              s->start ? es_solution_makespan(s) : 0.0);
  test_checks++;
  if (g->passes != after)
    TEST_FAIL("%s: a DVFS pass gives another result than with the old code", what);
}

static void run(const EsProblem *p, const char *algo, const char *what, EsSolution *s) {
  EsError err = {0};
  es_solution_init(s, p->ntasks, false);
  if (es_algorithm_run(algo, p, NULL, s, &err))
    TEST_FAIL("%s: %s", what, err.message);
}

/* The digests of s after each DVFS pass (each from s itself). */
static uint64_t after_passes(const EsProblem *p, const EsSolution *s, const char *what) {
  uint64_t h = fnv_basis;
  for (size_t k = 0; k < sizeof passes / sizeof *passes; k++) {
    EsSolution t;
    EsError err = {0};
    if (es_solution_copy(&t, s) || es_dvfs_apply(p, passes[k], 0, &t, &err))
      TEST_FAIL("%s --dvfs %s: %s", what, passes[k], err.message);
    h = digest(h, &t);
    es_solution_free(&t);
  }
  return h;
}

/* Sizes: mostly small, some hundreds, a few thousands. */
static int timed_size(int i, EsRng *r) {
  if (i % 20 == 19)
    return (int)es_rng_range(r, 1000, 3000);
  if (i % 4 == 3)
    return (int)es_rng_range(r, 60, 600);
  return (int)es_rng_range(r, 1, 60);
}

static void timed_graph(int i, EsRng *r) {
  int procs = (int)es_rng_range(r, 1, 16), n = timed_size(i, r);
  TimedInstance in;
  EsError err = {0};
  if (timed_instance_make(&in, r, i, procs, n, &err)) {
    TEST_FAIL("timed graph %d: %s", i, err.message);
    es_error_clear(&err);
    return;
  }
  for (size_t a = 0; a < sizeof timed_algos / sizeof *timed_algos; a++) {
    char what[96];
    EsSolution s;
    snprintf(what, sizeof what, "timed %d (%d tasks, %s) %s", i, n, in.platform, timed_algos[a]);
    run(&in.p, timed_algos[a], what, &s);
    record(what, &s, n <= 600 ? after_passes(&in.p, &s, what) : 0);
    es_solution_free(&s);
  }
  timed_instance_free(&in);
}

/* tree-dp on trees and mincut on DAGs, 2-4 devices, some levels. */
static void exact_graph(int i, bool dag, EsRng *r) {
  EsGenOptions o = {0};
  o.ntasks = (int)(i % 10 == 9 ? es_rng_range(r, 1000, 5000) : es_rng_range(r, 1, 300));
  o.ndevices = dag ? 2 : (int)es_rng_range(r, 2, 4);
  o.nlevels = (int)es_rng_range(r, 1, 3);
  o.costs = es_rng_uniform(r) < 0.5 ? ES_GEN_ABSTRACT : ES_GEN_PHYSICAL;
  o.seed = (uint64_t)i + 1;
  o.mixed_directions = es_rng_uniform(r) < 0.5;
  o.max_parents = (int)es_rng_range(r, 1, 4);
  o.shared = es_rng_uniform(r);
  o.missing = es_rng_uniform(r) < 0.3 ? 0.3 : 0;
  o.pinned = es_rng_uniform(r) < 0.3 ? 0.2 : 0;
  EsGraph *g = dag ? es_gen_dag(&o) : es_gen_tree(&o);
  EsPlatform *pf = o.costs == ES_GEN_PHYSICAL ? es_gen_platform(o.ndevices, o.nlevels) : NULL;
  EsProblemOptions po = {pf, NULL, ES_OBJ_ENERGY};
  EsProblem p;
  EsError err = {0};
  if (!g || es_problem_build(g, &po, &p, &err)) {
    TEST_FAIL("%s %d: %s", dag ? "dag" : "tree", i, err.message);
    es_graph_free(g), es_platform_free(pf);
    return;
  }
  char what[96];
  EsSolution s;
  snprintf(what, sizeof what, "%s %d (%d tasks, %d devices) %s", dag ? "dag" : "tree", i, o.ntasks,
           o.ndevices, dag ? "mincut" : "tree-dp");
  run(&p, dag ? "mincut" : "tree-dp", what, &s);
  record(what, &s, 0);
  es_solution_free(&s);
  es_problem_free(&p);
  es_graph_free(g);
  es_platform_free(pf);
}

int main(int argc, char **argv) {
  writing = argc > 1 && !strcmp(argv[1], "--write");
  EsRng r;
  es_rng_seed(&r, 16);
  if (writing)
    printf("/* Written by test_golden --write with the algorithms before issue 16. */\n");
  for (int i = 0; i < TREES; i++)
    exact_graph(i, false, &r);
  for (int i = 0; i < DAGS; i++)
    exact_graph(i, true, &r);
  for (int i = 0; i < TIMED_GRAPHS; i++)
    timed_graph(i, &r);
  if (writing)
    return 0;
  if (golden[next_golden].what)
    TEST_FAIL("%d golden results were not produced",
              (int)(sizeof golden / sizeof *golden) - 1 - next_golden);
  return test_summary();
}
