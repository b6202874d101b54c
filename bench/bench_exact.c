/* Scaling of the exact energy schedulers (issue 16), in process: graphs
 * are generated in memory (scheduler/gen), never read from files.
 *
 *   tree-dp on random in-trees, 10^3 ... 10^MAX_TREE_EXP tasks, two devices
 *   (goal: <= 15 ns/task at 10^6);
 *   mincut on random DAGs (<= 3 parents, half the items shared), 10^3 ...
 *   10^MAX_DAG_EXP tasks (goal: <= 1 us/task at 10^6, near-linear growth);
 *   per size: CPU time per task of the algorithm (median of 5 runs on the
 *   same problem, each a full call as `esched schedule` makes it, and the
 *   first of them apart: tree-dp keeps its rooted forest and buffers in
 *   the problem for the calls after it), the
 *   growth exponent against the size before, the floor (one pass over the
 *   problem's costs and items: es_problem_evaluate) per task and the ratio
 *   to it, the peak memory of the size's child process and how much the
 *   algorithm raised it; then the exponent from 10^4 to 10^6;
 *   tree-dp against GLPK's ilp on one 200-task tree.
 *
 * Usage: bench_exact [MAX_TREE_EXP [MAX_DAG_EXP]]   (defaults 6 and 6; 7
 * needs about 6 GB). Prints figures only; never fails for being slow.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "scale.h"
#include "scheduler/gen/gen.h"
#include "scheduler/lp/milp.h"
#include "scheduler/model/solution.h"
#include "scheduler/plan/algorithms.h"

enum { RUNS = 5 };

typedef struct Case {
  const char *algo;
  bool dag;
} Case;

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median CPU seconds of RUNS calls of algo on p (*first: the first call's;
 * later calls may reuse what the first kept in the problem's cache), and
 * of the floor; *energy from the last. */
static double median_run(const EsProblem *p, const char *algo, double *energy, double *floor_s,
                         double *first) {
  double t[RUNS], f[RUNS];
  EsSolution s;
  EsError err = {0};
  es_solution_init(&s, p->ntasks, false);
  for (int r = 0; r < RUNS; r++) {
    double t0 = scale_cpu_now();
    if (es_algorithm_run(algo, p, NULL, &s, &err))
      fprintf(stderr, "%s failed: %s\n", algo, err.message);
    double t1 = scale_cpu_now();
    *energy = es_problem_evaluate(p, ES_OBJ_ENERGY, s.label);
    f[r] = scale_cpu_now() - t1, t[r] = t1 - t0;
  }
  es_solution_free(&s);
  *first = t[0];
  qsort(t, RUNS, sizeof *t, cmp_double);
  qsort(f, RUNS, sizeof *f, cmp_double);
  *floor_s = f[RUNS / 2];
  return t[RUNS / 2];
}

static void measure(int n, void *arg, ScaleRow *row) {
  const Case *c = arg;
  EsGenOptions o = {.ntasks = n,
                    .ndevices = 2,
                    .nlevels = 1,
                    .costs = ES_GEN_PHYSICAL,
                    .seed = 42,
                    .max_parents = 3,
                    .shared = 0.5,
                    .pinned = 0.01};
  EsGraph *g = c->dag ? es_gen_dag(&o) : es_gen_tree(&o);
  EsPlatform *pf = es_platform_preset("silberstein2011");
  EsProblemOptions po = {pf, NULL, ES_OBJ_ENERGY};
  EsProblem p;
  EsError err = {0};
  if (!g || !pf || es_problem_build(g, &po, &p, &err)) {
    fprintf(stderr, "n=%d: %s\n", n, err.message);
    return;
  }
  row->edges = g->nedges;
  double before = scale_peak_mib();
  row->algo_s = median_run(&p, c->algo, &row->value, &row->floor_s, &row->first_s);
  row->peak_mib = scale_peak_mib();
  row->algo_mib = row->peak_mib - before;
  row->ok = 1;
  es_problem_free(&p);
  es_platform_free(pf);
  es_graph_free(g);
}

static void size_table(const Case *c, int max_exp, const char *what, const char *goal) {
  printf("\n%s on random %s (2 devices, silberstein2011, physical costs)\n%s\n", c->algo, what,
         goal);
  scale_header("ns/task");
  ScaleRow rows[8] = {{0}};
  for (int e = 3; e <= max_exp && e < 8; e++) {
    int n = (int)lround(pow(10, e));
    rows[e] = scale_in_child(measure, n, (void *)c);
    scale_print(n, &rows[e], n / 10, e > 3 ? &rows[e - 1] : NULL, 1e9);
  }
  if (max_exp >= 6 && rows[4].ok && rows[6].ok)
    printf("growth exponent from 10^4 to 10^6: %.2f\n",
           scale_exponent(rows[4].algo_s, 1e4, rows[6].algo_s, 1e6));
}

static void versus_ilp(void) {
  EsGenOptions o = {
      .ntasks = 200, .ndevices = 2, .nlevels = 1, .costs = ES_GEN_PHYSICAL, .seed = 9};
  EsGraph *g = es_gen_tree(&o);
  EsPlatform *pf = es_platform_preset("silberstein2011");
  EsProblemOptions po = {pf, NULL, ES_OBJ_ENERGY};
  EsProblem p;
  EsError err = {0};
  if (!g || !pf || es_problem_build(g, &po, &p, &err)) {
    fprintf(stderr, "versus ilp: %s\n", err.message);
    es_graph_free(g), es_platform_free(pf);
    return;
  }
  double e_dp, e_ilp, f, first;
  double t_dp = median_run(&p, "tree-dp", &e_dp, &f, &first);
  printf("\ntree-dp vs GLPK ilp on one 200-task tree\n");
  if (!es_milp_available()) {
    printf("  GLPK not loaded: skipped\n");
  } else {
    double t_ilp = median_run(&p, "ilp", &e_ilp, &f, &first);
    printf("  tree-dp %.3f ms, ilp %.3f ms: ilp/tree-dp = %.0fx; optima %.12g J and %.12g J: %s\n",
           t_dp * 1e3, t_ilp * 1e3, t_ilp / t_dp, e_dp, e_ilp,
           fabs(e_dp - e_ilp) <= 1e-9 * e_dp ? "equal" : "DIFFERENT");
  }
  es_problem_free(&p);
  es_platform_free(pf);
  es_graph_free(g);
}

int main(int argc, char **argv) {
  int tree_exp = argc > 1 ? atoi(argv[1]) : 6;
  int dag_exp = argc > 2 ? atoi(argv[2]) : 6;
  printf("esched exact schedulers: CPU time per task, median of %d runs; floor = one pass over "
         "the problem (es_problem_evaluate)\n",
         RUNS);
  size_table(&(Case){"tree-dp", false}, tree_exp, "in-trees", "goal: <= 15 ns/task at 10^6");
  size_table(&(Case){"mincut", true}, dag_exp, "DAGs (<= 3 parents, half the items shared)",
             "goal: <= 1000 ns/task at 10^6, growth near 1");
  versus_ilp();
  return 0;
}
