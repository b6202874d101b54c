/* Property tests of the timed schedulers and DVFS passes on thousands of
 * random DAGs (es_gen_layered, random shape, CCR, heterogeneity, 1-6
 * processors, the 6805 and EASEF platforms): every schedule passes the
 * validator; every DVFS pass leaves a valid schedule whose makespan is not
 * longer (nor longer than a given horizon); duplication never loses a
 * task's own copy; energies are finite; the idle-off pass and the adaptive
 * passes (scale, evenly, equalize, with or without a longer horizon) never
 * cost more than none. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "instances.h"
#include "scheduler/base/rng.h"
#include "scheduler/dvfs/dvfs.h"
#include "scheduler/gen/gen.h"
#include "scheduler/model/solution.h"
#include "scheduler/plan/algorithms.h"
#include "scheduler/timeline/timeline.h"
#include "test.h"

enum { GRAPHS = 1500 };

static const char *const algos[] = {"heft", "ceft", "cpop", "dps", "hnpd", "easef"};
static const char *const passes[] = {"none",    "off-idle", "low-idle:1", "scale:1",
                                     "scale:2", "scale",    "evenly",     "equalize"};

static int failures_at_start;

static void check_pass(const EsProblem *p, const EsSolution *base, const char *pass, double horizon,
                       int graph, const char *algo) {
  EsSolution s;
  EsError err = {0};
  if (es_solution_copy(&s, base)) {
    TEST_FAIL("out of memory");
    return;
  }
  double before = es_solution_makespan(base);
  int rc = es_dvfs_apply(p, pass, horizon, &s, &err);
  ASSERT_EQ(rc, 0);
  if (!rc && es_timed_validate(p, &s, 1e-7, &err))
    TEST_FAIL("graph %d %s --dvfs %s: %s", graph, algo, pass, err.message);
  double after = es_solution_makespan(&s), bound = horizon > before ? horizon : before;
  if (after > bound * (1 + 1e-9) + 1e-9)
    TEST_FAIL("graph %d %s --dvfs %s: makespan %g > %g", graph, algo, pass, after, bound);
  ASSERT_EQ(s.ndups, base->ndups);
  EsTimedMetrics m, none;
  ASSERT_EQ(es_timed_simulate(p, &s, &m), 0);
  ASSERT_TRUE(isfinite(m.energy) && m.energy >= 0);
  ASSERT_EQ(es_timed_simulate(p, base, &none), 0);
  bool adaptive = !strcmp(pass, "scale") || !strcmp(pass, "evenly") || !strcmp(pass, "equalize");
  if (adaptive && m.energy > none.energy * (1 + 1e-9))
    TEST_FAIL("graph %d %s --dvfs %s (horizon %g): energy %.17g > %.17g without the pass", graph,
              algo, pass, horizon, m.energy, none.energy);
  es_solution_free(&s);
}

static void check_graph(int i, EsRng *r) {
  int procs = (int)es_rng_range(r, 1, 6), n = (int)es_rng_range(r, 1, 30);
  TimedInstance in;
  EsError err = {0};
  if (timed_instance_make(&in, r, i, procs, n, &err)) {
    TEST_FAIL("graph %d: %s", i, err.message);
    es_error_clear(&err);
    return;
  }
  const EsProblem *p = &in.p;
  for (size_t a = 0; a < sizeof algos / sizeof *algos; a++) {
    EsSolution s;
    es_solution_init(&s, p->ntasks, false);
    if (es_algorithm_run(algos[a], p, NULL, &s, &err)) {
      TEST_FAIL("graph %d %s: %s", i, algos[a], err.message);
      es_error_clear(&err);
      es_solution_free(&s);
      continue;
    }
    ASSERT_EQ(es_timed_validate(p, &s, 1e-7, &err), 0);
    for (int v = 0; v < p->ntasks; v++) /* every task keeps its own copy */
      ASSERT_TRUE(s.finish[v] >= s.start[v] && s.label[v] >= 0);
    double ms = es_solution_makespan(&s);
    for (size_t k = 0; k < sizeof passes / sizeof *passes; k++) {
      check_pass(p, &s, passes[k], 0, i, algos[a]);
      if (k % 2 == 0 || k == 5 || k == 7)
        check_pass(p, &s, passes[k], 1.5 * ms, i, algos[a]);
    }
    EsTimedMetrics none, off;
    EsSolution t;
    es_solution_copy(&t, &s);
    es_timed_simulate(p, &s, &none);
    es_dvfs_apply(p, "off-idle", 0, &t, &err);
    es_timed_simulate(p, &t, &off);
    ASSERT_TRUE(off.energy <= none.energy + 1e-9 * none.energy);
    es_solution_free(&t);
    es_solution_free(&s);
  }
  timed_instance_free(&in);
}

int main(void) {
  EsRng r;
  es_rng_seed(&r, 7);
  failures_at_start = test_failures;
  for (int i = 0; i < GRAPHS && test_failures - failures_at_start < 20; i++)
    check_graph(i, &r);
  return test_summary();
}
