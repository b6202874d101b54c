/* Speed of the timed schedulers on one large random DAG: heft and easef
 * (the goal: under a second each for 10,000 tasks on 16 processors), with
 * ceft, cpop, dps and hnpd measured in the same run as peers, and the
 * ratio of each to heft. Not a test; never fails.
 *
 *   bench_timed [TASKS [PROCS [SEED]]]     (default 10000 16 1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "scheduler/gen/gen.h"
#include "scheduler/model/solution.h"
#include "scheduler/plan/algorithms.h"
#include "scheduler/timeline/timeline.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10000, procs = argc > 2 ? atoi(argv[2]) : 16;
  unsigned long seed = argc > 3 ? strtoul(argv[3], NULL, 10) : 1;
  EsGenLayered o = {n, 1, 3, {procs, 1, 1, 40, false, seed}};
  char platform[32];
  snprintf(platform, sizeof platform, "easef:%d", procs);
  EsGraph *g = es_gen_layered(&o);
  EsPlatform *pf = es_platform_preset(platform);
  EsProblemOptions po = {pf, NULL, ES_OBJ_TIME};
  EsProblem p;
  EsError err = {0};
  if (!g || !pf || es_problem_build(g, &po, &p, &err)) {
    fprintf(stderr, "bench_timed: %s\n", err.message);
    return 0;
  }
  printf("random DAG (EASEF generator, lambda 1, out-degree 3): %d tasks, %d edges, %s\n",
         g->ntasks, g->nedges, platform);
  static const char *const algos[] = {"heft", "easef", "ceft", "cpop", "dps", "hnpd"};
  double heft = 0;
  printf("%-8s %10s %12s %12s %14s\n", "algo", "seconds", "vs heft", "makespan", "energy");
  for (int a = 0; a < 5; a++) {
    EsSolution s;
    es_solution_init(&s, p.ntasks, false);
    double t0 = now();
    int rc = es_algorithm_run(algos[a], &p, NULL, &s, &err);
    double dt = now() - t0;
    EsTimedMetrics m = {0};
    if (!rc)
      es_timed_simulate(&p, &s, &m);
    if (a == 0)
      heft = dt;
    printf("%-8s %10.3f %11.2fx %12.1f %14.1f%s\n", algos[a], dt, dt / heft, m.makespan, m.energy,
           rc ? "  (failed)" : "");
    es_solution_free(&s);
  }
  printf("(es_algorithm_run includes the validator's check of every schedule)\n");
  es_problem_free(&p);
  es_graph_free(g);
  es_platform_free(pf);
  return 0;
}
