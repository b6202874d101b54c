/* energy-deadline against brute force, with deadlines between the fastest
 * serial time and 2.5 times it:
 *   - trees with whole times (timed costs, multiples of 3, on the 6805's two
 *     processors x 3 levels, whose slower levels stretch time by 4/3 and
 *     2): the DP over time is exact, so the serial part returns the
 *     optimum, says so, and its bound equals it;
 *   - trees with physical times in seconds (no grid): the answer meets the
 *     deadline, never beats the optimum, the bound never exceeds it, and
 *     when it says optimal it is;
 *   - layered DAGs (the Lagrangian search): the same honesty.
 * The full algorithm returns a valid schedule meeting the deadline; when its
 * note says its energy is the serial model's, the schedule's simulated
 * energy is that of its assignment in the serial model and its bound holds;
 * otherwise it writes no bound. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/rng.h"
#include "scheduler/constrained/energy_deadline.h"
#include "scheduler/gen/gen.h"
#include "scheduler/lp/milp.h"
#include "scheduler/model/solution.h"
#include "scheduler/plan/algorithms.h"
#include "scheduler/timeline/timeline.h"
#include "test.h"

enum {
  WHOLE_TREES = 1200,
  PHYSICAL_TREES = 600,
  DAGS = 200,
  ILP_TREES = 240,
  ORACLE_PAIRS = 200,
  MAX_TASKS = 16
};

/* A random tree of n tasks with whole times on p0, p1 and edge times. */
static EsGraph *whole_tree(EsRng *r, int n) {
  EsGraph *g = es_graph_new();
  for (int i = 0; g && i < n; i++) {
    char name[16];
    snprintf(name, sizeof name, "t%d", i);
    int t = es_graph_add_task(g, name);
    for (int k = 0; k < 2 && t >= 0; k++)
      es_graph_add_value(g, t, true, es_graph_device(g, k ? "p1" : "p0"), -1,
                         3.0 * (double)es_rng_range(r, 1, 8), (EsMark){0, 0});
    if (i > 0) {
      int j = (int)es_rng_range(r, 0, i - 1);
      int e = es_rng_uniform(r) < 0.5 ? es_graph_add_edge(g, i, j, NULL)
                                      : es_graph_add_edge(g, j, i, NULL);
      if (e >= 0)
        g->edges[e].time = (double)es_rng_range(r, 0, 12);
    }
  }
  return g;
}

/* A generated tree of n tasks with physical costs (2 devices x 2 levels),
 * a fifth of its items empty. */
static EsGraph *physical_tree(int n, uint64_t seed, bool mixed_directions) {
  EsGenOptions o = {.ntasks = n,
                    .ndevices = 2,
                    .nlevels = 2,
                    .costs = ES_GEN_PHYSICAL,
                    .seed = seed,
                    .empty = 0.2,
                    .mixed_directions = mixed_directions};
  return es_gen_tree(&o);
}

static double brute(const EsProblem *p, double deadline) {
  EsAlgoOptions o = {.deadline = deadline};
  EsError err = {0};
  EsSolution s;
  es_solution_init(&s, p->ntasks, false);
  double e = es_algorithm_run("brute", p, &o, &s, &err)
                 ? INFINITY
                 : es_problem_evaluate(p, ES_OBJ_ENERGY, s.label);
  es_solution_free(&s);
  return e;
}

/* The serial model under a deadline as an ILP, written here apart from
 * the solvers: x[v][l] picks one label per task; y[i][a][b] >= x_a + x_b - 1
 * for item i's producer on a and reader on b != a (continuous: its costs
 * are not negative, so it is the product); one row sums the times. */
static double ilp(const EsProblem *p, double deadline) {
  EsMilp *m = es_milp_new();
  int nd = p->ndevices, nx = p->ntasks * p->nlabels, cols[64], n = 0;
  int ny = p->nitems * nd * nd, *deadline_cols = malloc(((size_t)nx + (size_t)ny) * sizeof(int));
  double vals[64], *deadline_vals = malloc(((size_t)nx + (size_t)ny) * sizeof(double));
  for (int v = 0; v < p->ntasks; v++) {
    int k = 0;
    for (int l = 0; l < p->nlabels; l++) {
      double e = p->value[ES_OBJ_ENERGY][v * p->nlabels + l];
      double t = p->value[ES_OBJ_TIME][v * p->nlabels + l];
      bool ok = isfinite(e) && isfinite(t);
      cols[k] = es_milp_add_col(m, 0, ok ? 1 : 0, ok ? e : 0, true);
      vals[k++] = 1;
      deadline_cols[n] = cols[k - 1], deadline_vals[n++] = ok ? t : 0;
    }
    es_milp_add_row(m, 1, 1, k, cols, vals);
  }
  for (int i = 0; i < p->nitems; i++)
    for (int a = 0; a < nd; a++)
      for (int b = 0; b < nd; b++) {
        int reader = p->item_reader[p->item_first[i]], k = 0;
        if (a == b)
          continue;
        cols[k] =
            es_milp_add_col(m, 0, 1, es_problem_item_cost_obj(p, ES_OBJ_ENERGY, i, a, b), false);
        vals[k++] = 1;
        deadline_cols[n] = cols[0];
        deadline_vals[n++] = es_problem_item_cost_obj(p, ES_OBJ_TIME, i, a, b);
        for (int l = 0; l < p->nlabels; l++) {
          if (p->label_device[l] == a)
            cols[k] = p->item_producer[i] * p->nlabels + l, vals[k++] = -1;
          if (p->label_device[l] == b)
            cols[k] = reader * p->nlabels + l, vals[k++] = -1;
        }
        es_milp_add_row(m, -1, INFINITY, k, cols, vals);
      }
  es_milp_add_row(m, -INFINITY, deadline, n, deadline_cols, deadline_vals);
  EsMilpResult res;
  EsError err = {0};
  double opt = es_milp_solve(m, 0, &res, &err)    ? NAN
               : res.status == ES_MILP_OPTIMAL    ? res.objective
               : res.status == ES_MILP_INFEASIBLE ? INFINITY
                                                  : NAN;
  es_milp_free(m), free(deadline_cols), free(deadline_vals);
  return opt;
}

static double fastest(EsProblem *p) {
  EsSolution s;
  EsError err = {0};
  es_solution_init(&s, p->ntasks, false);
  p->objective = ES_OBJ_TIME;
  es_algorithm_run(es_problem_is_forest(p) ? "tree-dp" : "brute", p, NULL, &s, &err);
  p->objective = ES_OBJ_ENERGY;
  double t = es_problem_evaluate(p, ES_OBJ_TIME, s.label);
  es_solution_free(&s);
  return t;
}

static int optimal_whole, optimal_other, serial_chosen;

/* The serial part and the full algorithm on one problem. */
static void check(EsProblem *p, const char *what, int i, double deadline, bool grid, bool by_ilp) {
  double opt = by_ilp ? ilp(p, deadline) : brute(p, deadline);
  double tol = (by_ilp ? 1e-6 : 1e-9) * fmax(1, fabs(opt));
  int labels[MAX_TASKS];
  if (isnan(opt)) {
    TEST_FAIL("%s %d: the ILP found no optimum", what, i);
    return;
  }
  if (!by_ilp && i < ORACLE_PAIRS && es_milp_available() && es_problem_is_forest(p))
    ASSERT_NEAR(ilp(p, deadline), opt, 1e-6); /* the two oracles agree */
  double e, bound;
  bool optimal;
  EsError err = {0};
  ASSERT_EQ(es_energy_deadline_serial(p, deadline, labels, &e, &bound, &optimal, &err), 0);
  if (isfinite(e) && fabs(es_problem_evaluate(p, ES_OBJ_ENERGY, labels) - e) > tol)
    TEST_FAIL("%s %d: serial energy %.17g, but its labels' %.17g", what, i, e,
              es_problem_evaluate(p, ES_OBJ_ENERGY, labels));
  if (isinf(opt))
    ASSERT_TRUE(isinf(e) || es_problem_evaluate(p, ES_OBJ_TIME, labels) > deadline);
  else if (e < opt - tol || bound > opt + tol || (optimal && e > opt + tol) ||
           es_problem_evaluate(p, ES_OBJ_TIME, labels) > deadline * (1 + 1e-12))
    TEST_FAIL("%s %d: serial %.17g bound %.17g optimal %d, brute %.17g", what, i, e, bound, optimal,
              opt);
  if (grid && isfinite(opt) && !(optimal && fabs(e - opt) <= tol && fabs(bound - opt) <= tol))
    TEST_FAIL("%s %d: whole times, but serial %.17g bound %.17g optimal %d, brute %.17g", what, i,
              e, bound, optimal, opt);
  if (isfinite(opt) && optimal)
    *(grid ? &optimal_whole : &optimal_other) += 1;
  EsSolution s;
  EsAlgoOptions o = {.deadline = deadline};
  es_solution_init(&s, p->ntasks, false);
  if (es_algorithm_run("energy-deadline", p, &o, &s, &err) == ES_OK) {
    EsTimedMetrics m;
    ASSERT_EQ(es_timed_simulate(p, &s, &m), 0);
    ASSERT_TRUE(m.makespan <= deadline * (1 + 1e-9));
    if (strstr(s.note, "its energy the serial model's")) {
      serial_chosen++;
      ASSERT_NEAR(m.energy, es_problem_evaluate(p, ES_OBJ_ENERGY, s.label), 1e-9);
      ASSERT_TRUE(!(s.bound > opt + tol));
      if (strstr(s.note, "optimum"))
        ASSERT_NEAR(m.energy, opt, 1e-9);
    } else
      ASSERT_TRUE(isnan(s.bound));
  } else if (isfinite(opt))
    TEST_FAIL("%s %d: %s", what, i, err.message);
  es_solution_free(&s);
}

static void run(EsGraph *g, EsPlatform *pf, const char *what, int i, EsRng *r, bool grid,
                bool by_ilp) {
  EsProblemOptions po = {pf, NULL, ES_OBJ_ENERGY};
  EsProblem p;
  EsError err = {0};
  if (!g || es_problem_build(g, &po, &p, &err)) {
    TEST_FAIL("%s %d: %s", what, i, err.message);
    es_graph_free(g);
    return;
  }
  check(&p, what, i, fastest(&p) * (1 + 1.5 * es_rng_uniform(r)), grid, by_ilp);
  es_problem_free(&p);
  es_graph_free(g);
}

int main(void) {
  EsRng r;
  es_rng_seed(&r, 11);
  EsPlatform *p6805 = es_platform_preset("6805:2"), *gen = es_gen_platform(2, 2);
  for (int i = 0; i < WHOLE_TREES; i++)
    run(whole_tree(&r, (int)es_rng_range(&r, 1, 5)), p6805, "whole tree", i, &r, true, false);
  for (int i = 0; i < PHYSICAL_TREES; i++)
    run(physical_tree((int)es_rng_range(&r, 1, 6), (uint64_t)i + 1, i % 2), gen, "physical tree", i,
        &r, false, false);
  for (int i = 0; es_milp_available() && i < ILP_TREES; i++) { /* beyond brute force */
    int n = (int)es_rng_range(&r, 7, MAX_TASKS);
    if (i % 2)
      run(whole_tree(&r, n), p6805, "whole tree (ilp)", i, &r, true, true);
    else
      run(physical_tree(n, (uint64_t)i + 1000, i / 2 % 2), gen, "physical tree (ilp)", i, &r, false,
          true);
  }
  for (int i = 0; i < DAGS; i++) {
    EsGenLayered o = {(int)es_rng_range(&r, 2, 7),
                      i % 2 ? 0.5 : 2,
                      i % 3 ? 1 : 2,
                      {2, 2 * es_rng_uniform(&r), 1, 20, false, (uint64_t)i + 100}};
    run(es_gen_layered(&o), p6805, "dag", i, &r, false, false);
  }
  fprintf(stderr,
          "energy-deadline: proven optimal on %d whole-time trees (all), %d others; the serial "
          "schedule won %d times\n",
          optimal_whole, optimal_other, serial_chosen);
  ASSERT_TRUE(optimal_whole > WHOLE_TREES / 2);
  ASSERT_TRUE(serial_chosen > 0);
  es_platform_free(p6805), es_platform_free(gen);
  return test_summary();
}
