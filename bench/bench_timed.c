/* Scaling of the timed list schedulers (issue 16): heft, ceft, cpop, dps,
 * hnpd and easef, easef's path determining alone ("easef-paths", the part
 * of it whose work grows), and the validator every schedule passes, on
 * random layered DAGs (EASEF's generator, lambda 1, out-degree 3) of
 * 10^3 ... 10^MAX_EXP tasks on 16 processors, generated in memory.
 *
 * Per algorithm and size, in a child process of its own, over GRAPHS graphs
 * (seeds 1..GRAPHS; default 5): CPU time per task of the scheduler alone
 * (the goal's subject; the mean over the graphs of the median of 3 runs
 * on each), the growth
 * exponent against the size before, the floor (one sweep of upward ranks
 * over the DAG view, es_dag_upward_rank) per task and the ratio to it,
 * peak memory; then the exponent from 10^4 to 10^5 (goal <= 1.1) and the
 * seconds at the largest size (goal for easef at 10^5: under 5 s), and
 * the same for es_algorithm_run, the scheduler with the checks `esched
 * schedule` adds (every label allowed, and the validator, which has a row
 * of its own: its goal is O((V + E) log V), not an exponent). Never fails
 * for being slow.
 *
 * The runs after the first find the DAG view in the problem's cache
 * (dag.h), and so does the floor: building it is in the first call alone.
 * Building it costs O(V + E) and O(devices^2) per distinct item weight
 * (the mean transfer; the generator's weights are multiples of 0.01 up to
 * 80, so there are at most 8001): 2.2 us per task at 10^3 tasks, where
 * nearly every item has a weight of its own, 0.4 at 10^5, where 300,000
 * items share them. A floor that built it fell per task for that reason
 * alone, and was no floor of runs that do not build it.
 *
 * Several graphs per size, because the generator draws the shape: the
 * depth is uniform up to 2 sqrt(n), and the work of a scheduler depends on
 * it. easef's path determining took 0.54-0.99 us per task at 10^4 tasks and
 * 2.0-5.7 at 10^5 over seeds 1..6 (depths 38-199 and 71-630; a wide graph
 * has more long paths), so an exponent from one graph per size measured
 * the two draws as much as the algorithm.
 *
 *   bench_timed [-g GRAPHS] [MAX_EXP [PROCS [ALGO...]]]   (defaults 5, 5, 16, all)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scale.h"
#include "scheduler/gen/gen.h"
#include "scheduler/model/dag.h"
#include "scheduler/model/solution.h"
#include "scheduler/plan/algorithms.h"
#include "scheduler/timed/timed.h"
#include "scheduler/timeline/timeline.h"

enum { RUNS = 3 };

typedef struct Case {
  const char *algo; /* "validate": es_timed_validate on heft's schedule */
  int procs;
  int graphs; /* graphs drawn per size */
} Case;

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The DAG view from the problem's cache, as the runs after the first find
 * it, and one sweep of ranks over it: O(V + E). */
static double floor_once(const EsProblem *p) {
  EsDag d;
  EsError err = {0};
  double *rank = malloc(((size_t)p->ntasks + 1) * sizeof *rank);
  double t0 = scale_cpu_now();
  if (!rank || es_dag_build(p, &d, &err)) {
    free(rank);
    return NAN;
  }
  es_dag_upward_rank(&d, rank);
  double t = scale_cpu_now() - t0;
  free(rank);
  es_dag_free(&d);
  return t;
}

/* EASEF's path determining alone (phase 1, easef_paths.c) on the DAG
 * view from the problem's cache, in CPU seconds; NAN when it fails. */
static double paths_once(const EsProblem *p) {
  EsDag d;
  EsPaths ps = {0};
  EsError err = {0};
  if (es_dag_build(p, &d, &err))
    return NAN;
  double t0 = scale_cpu_now();
  int rc = es_easef_paths(&d, &ps, NULL);
  double t = scale_cpu_now() - t0;
  es_easef_paths_free(&ps);
  es_dag_free(&d);
  return rc ? NAN : t;
}

/* One run of the scheduler alone (checked: false) or through
 * es_algorithm_run (true), in CPU seconds; NAN when it fails. */
static double schedule_once(const char *algo, const EsProblem *p, bool checked, double *makespan) {
  const char *param;
  const EsAlgorithm *a = es_algorithm_find(algo, &param);
  EsAlgoOptions o = {.param = param};
  EsSolution s;
  EsError err = {0};
  es_solution_init(&s, p->ntasks, false);
  double t0 = scale_cpu_now();
  int rc = checked ? es_algorithm_run(algo, p, NULL, &s, &err) : a->run(p, &o, &s, &err);
  double t = scale_cpu_now() - t0;
  if (rc)
    fprintf(stderr, "%s: %s\n", algo, err.message);
  *makespan = rc ? NAN : es_solution_makespan(&s);
  es_solution_free(&s);
  return rc ? NAN : t;
}

/* es_timed_validate of heft's schedule, in CPU seconds; NAN on failure. */
static double validate_once(const EsProblem *p) {
  EsSolution s;
  EsError err = {0};
  es_solution_init(&s, p->ntasks, false);
  int rc = es_algorithm_run("heft", p, NULL, &s, &err);
  double t0 = scale_cpu_now();
  if (!rc)
    rc = es_timed_validate(p, &s, 1e-6, &err);
  double t = scale_cpu_now() - t0;
  if (rc)
    fprintf(stderr, "validate: %s\n", err.message);
  es_solution_free(&s);
  return rc ? NAN : t;
}

/* One run of the case on p in CPU seconds (*also: with checks, or NAN);
 * NAN when it fails. */
static double run_once(const Case *c, const EsProblem *p, double *makespan, double *also) {
  *makespan = *also = NAN;
  if (!strcmp(c->algo, "easef-paths"))
    return paths_once(p);
  if (!strcmp(c->algo, "validate"))
    return validate_once(p);
  double t = schedule_once(c->algo, p, false, makespan);
  *also = schedule_once(c->algo, p, true, makespan);
  return t;
}

/* One graph of n tasks drawn with seed: the medians of RUNS runs added to
 * row's times, the edges to its count. False when it fails. */
static bool measure_graph(const Case *c, int n, uint64_t seed, ScaleRow *row) {
  EsGenLayered o = {n, 1, 3, {c->procs, 1, 1, 40, false, seed}};
  char platform[32];
  snprintf(platform, sizeof platform, "easef:%d", c->procs);
  EsGraph *g = es_gen_layered(&o);
  EsPlatform *pf = es_platform_preset(platform);
  EsProblemOptions po = {pf, NULL, ES_OBJ_TIME};
  EsProblem p;
  EsError err = {0};
  if (!g || !pf || es_problem_build(g, &po, &p, &err)) {
    fprintf(stderr, "n=%d: %s\n", n, err.message);
    es_graph_free(g);
    es_platform_free(pf);
    return false;
  }
  row->edges += g->nedges;
  double t[RUNS], f[RUNS], a[RUNS];
  for (int r = 0; r < RUNS; r++) {
    t[r] = run_once(c, &p, &row->value, &a[r]);
    f[r] = floor_once(&p);
  }
  row->first_s += t[0];
  qsort(t, RUNS, sizeof *t, cmp_double);
  qsort(f, RUNS, sizeof *f, cmp_double);
  qsort(a, RUNS, sizeof *a, cmp_double);
  row->algo_s += t[RUNS / 2], row->floor_s += f[RUNS / 2], row->also_s += a[RUNS / 2];
  es_problem_free(&p);
  es_graph_free(g);
  es_platform_free(pf);
  return !isnan(t[RUNS / 2]);
}

/* The size's row: the means over c->graphs graphs (seeds 1, 2, ...). */
static void measure(int n, void *arg, ScaleRow *row) {
  const Case *c = arg;
  double before = scale_peak_mib();
  row->algo_s = row->floor_s = row->also_s = row->first_s = 0;
  row->edges = 0, row->ok = 1;
  for (int k = 1; k <= c->graphs && row->ok; k++)
    row->ok = measure_graph(c, n, (uint64_t)k, row);
  row->algo_s /= c->graphs, row->floor_s /= c->graphs, row->also_s /= c->graphs;
  row->first_s /= c->graphs, row->edges /= c->graphs;
  row->peak_mib = scale_peak_mib();
  row->algo_mib = row->peak_mib - before;
}

int main(int argc, char **argv) {
  static const char *const all[] = {"heft", "ceft",  "cpop",        "dps",
                                    "hnpd", "easef", "easef-paths", "validate"};
  int graphs = 5;
  if (argc > 2 && !strcmp(argv[1], "-g"))
    graphs = atoi(argv[2]), argc -= 2, argv += 2;
  graphs = graphs < 1 ? 1 : graphs;
  int max_exp = argc > 1 ? atoi(argv[1]) : 5, procs = argc > 2 ? atoi(argv[2]) : 16;
  int nalgos = argc > 3 ? argc - 3 : (int)(sizeof all / sizeof *all);
  const char *const *algos = argc > 3 ? (const char *const *)argv + 3 : all;
  max_exp = max_exp < 3 ? 3 : max_exp > 7 ? 7 : max_exp;
  printf("timed schedulers on random layered DAGs (EASEF generator, lambda 1, out-degree 3), "
         "easef:%d; CPU time per task of the scheduler alone, the mean over %d graphs (seeds "
         "1..%d) of the median of %d runs; floor = one upward-rank sweep over the DAG view "
         "(cached, as the runs after the first find it)\n",
         procs, graphs, graphs, RUNS);
  for (int a = 0; a < nalgos; a++) {
    Case c = {algos[a], procs, graphs};
    printf("\n%s%s\n", c.algo,
           !strcmp(c.algo, "validate")      ? " (es_timed_validate of heft's schedule)"
           : !strcmp(c.algo, "easef-paths") ? " (easef's phase 1 alone, es_easef_paths)"
                                            : "");
    scale_header("us/task");
    ScaleRow rows[8] = {{0}};
    for (int e = 3; e <= max_exp; e++) {
      int n = (int)lround(pow(10, e));
      rows[e] = scale_in_child(measure, n, &c);
      scale_print(n, &rows[e], n / 10, e > 3 ? &rows[e - 1] : NULL, 1e6);
    }
    if (max_exp >= 5 && rows[4].ok && rows[5].ok) {
      printf("growth exponent from 10^4 to 10^5: %.2f (%s), the floor's %.2f; %.2f s at 10^5\n",
             scale_exponent(rows[4].algo_s, 1e4, rows[5].algo_s, 1e5),
             !strcmp(c.algo, "validate")      ? "goal: O((V + E) log V)"
             : !strcmp(c.algo, "easef-paths") ? "a part of easef"
                                              : "goal <= 1.1",
             scale_exponent(rows[4].floor_s, 1e4, rows[5].floor_s, 1e5), rows[5].algo_s);
      if (!isnan(rows[5].also_s))
        printf("with es_algorithm_run's checks (allowed labels, validator): %.1f and %.1f us "
               "per task at 10^4 and 10^5, exponent %.2f\n",
               rows[4].also_s * 1e6 / 1e4, rows[5].also_s * 1e6 / 1e5,
               scale_exponent(rows[4].also_s, 1e4, rows[5].also_s, 1e5));
    }
  }
  return 0;
}
