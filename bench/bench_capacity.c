/* Benchmark of scheduling within device memory (issue 17).
 *
 * Random physical in-trees (tree-dp relaxes) and two-device DAGs (mincut
 * relaxes) of 250, 1000, 2000, 5000, 10000 ... MAX tasks on the
 * silberstein2011 CPU and GPU, the GPU holding SHARE (default a half) of
 * the data that the unconstrained optimum keeps there at its peak, so the
 * memory binds. Side by side, per size: `capacity`
 * (Lagrangian relaxation with a repair: its time, energy, bound and gap)
 * and GLPK's ilp with the capacity rows (its time, its energy, and whether
 * it proved the optimum within its time limit), and the ratio of times.
 *
 * Usage: bench_capacity [MAX_TASKS [GLPK_LIMIT_S [SHARE]]]   (defaults 5000, 120, 0.5;
 * a limit of 0 leaves GLPK out)
 * Prints figures only; never fails for being slow.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "scheduler/exact/exact.h"
#include "scheduler/gen/gen.h"
#include "scheduler/lp/milp.h"
#include "scheduler/model/memory.h"
#include "scheduler/model/solution.h"
#include "scheduler/plan/algorithms.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct Run {
  double seconds, energy, bound;
  bool ok;
  char note[512];
} Run;

static Run run(const EsProblem *p, const char *spec, double limit) {
  Run r = {0, NAN, NAN, false, ""};
  EsSolution s;
  EsError err = {0};
  EsAlgoOptions o = {.time_limit = limit};
  es_solution_init(&s, p->ntasks, false);
  double t0 = now();
  r.ok = es_algorithm_run(spec, p, &o, &s, &err) == ES_OK;
  r.seconds = now() - t0;
  if (r.ok) {
    r.energy = es_problem_evaluate(p, ES_OBJ_ENERGY, s.label);
    r.bound = s.bound;
    snprintf(r.note, sizeof r.note, "%s", s.note);
  } else
    snprintf(r.note, sizeof r.note, "%s", err.message);
  es_solution_free(&s);
  return r;
}

/* The GPU's peak under the unconstrained optimum of p. */
static double free_peak(EsProblem *p) {
  EsSolution s;
  EsError err = {0};
  es_solution_init(&s, p->ntasks, false);
  const char *name;
  EsAlgoFn solve = es_exact_solver(p, 0, &name);
  double peak[2] = {0, 0};
  EsMemory m;
  if (solve && solve(p, NULL, &s, &err) == ES_OK && es_memory_init(&m, p, &err) == ES_OK) {
    es_memory_profile(&m, s.label, NULL, peak);
    es_memory_free(&m);
  }
  es_solution_free(&s);
  return peak[1];
}

static void size(bool dag, int n, double limit, double share) {
  EsGenOptions o = {.ntasks = n,
                    .ndevices = 2,
                    .nlevels = 1,
                    .costs = ES_GEN_PHYSICAL,
                    .seed = 17,
                    .max_parents = 2,
                    .shared = 0.3,
                    .pinned = 0.02};
  EsGraph *g = dag ? es_gen_dag(&o) : es_gen_tree(&o);
  EsPlatform *pf = es_gen_platform(2, 1);
  EsProblemOptions po = {pf, NULL, ES_OBJ_ENERGY};
  EsProblem p;
  EsError err = {0};
  if (!g || !pf || es_problem_build(g, &po, &p, &err)) {
    fprintf(stderr, "%d tasks: %s\n", n, err.message);
    goto out;
  }
  double peak = free_peak(&p);
  es_problem_free(&p);
  pf->devices[1].memory = peak * share;
  if (es_problem_build(g, &po, &p, &err)) {
    fprintf(stderr, "%d tasks: %s\n", n, err.message);
    goto out;
  }
  Run c = run(&p, "capacity", 0);
  Run ilp = es_milp_available() && limit > 0 ? run(&p, "ilp", limit)
                                             : (Run){NAN, NAN, NAN, false, "not run"};
  double gap = c.ok ? 100 * (c.energy - c.bound) / c.energy : NAN;
  bool proved = ilp.ok && ilp.note[0] == '\0';
  printf("%-4s %6d  %10.4f %12.6g %12.6g %7.3f%%  %10.3f %12.6g %-9s %9.0fx  %+.3f%%\n",
         dag ? "dag" : "tree", n, c.seconds, c.energy, c.bound, gap, ilp.seconds, ilp.energy,
         !ilp.ok  ? "failed"
         : proved ? "optimal"
                  : "limit",
         ilp.seconds / c.seconds, ilp.ok ? 100 * (c.energy - ilp.energy) / ilp.energy : NAN);
  if (!c.ok)
    printf("     capacity: %s\n", c.note);
  if (!ilp.ok || ilp.note[0])
    printf("     glpk: %s\n", ilp.note);
  es_problem_free(&p);
out:
  es_graph_free(g);
  es_platform_free(pf);
}

int main(int argc, char **argv) {
  int max = argc > 1 ? atoi(argv[1]) : 5000;
  double limit = argc > 2 ? atof(argv[2]) : 120, share = argc > 3 ? atof(argv[3]) : 0.5;
  printf("GPU memory: %g of the unconstrained optimum's GPU peak; GLPK limited to %g s\n", share,
         limit);
  printf("%-4s %6s  %10s %12s %12s %8s  %10s %12s %-9s %10s  %s\n", "", "tasks", "capacity s",
         "energy J", "bound J", "gap", "glpk s", "energy J", "glpk", "time ratio",
         "capacity vs glpk");
  static const int sizes[] = {250, 1000, 2000, 5000, 10000, 20000, 50000, 100000};
  for (int dag = 0; dag < 2; dag++)
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes && sizes[k] <= max; k++)
      size(dag, sizes[k], limit, share);
  return 0;
}
