/* Property test: tree-dp finds the optimum that brute force finds, on 10,000
 * random task trees (up to 14 tasks, 2-4 devices, 1-3 DVFS levels, abstract
 * and physical costs, in-trees and mixed directions, pinned tasks and
 * missing variants), plus the paper's examples and a deep chain. */
#include "instances.h"
#include "test.h"

#include "scheduler/plan/plan.h"

enum { TREES = 10000 };

static void random_trees(void) {
  int checked = 0;
  for (uint64_t i = 0; i < TREES; i++) {
    EsGenOptions o = instance_options(i, 2, 4, 14, 20000);
    Instance in = {0};
    EsError err = {0};
    if (instance_make(&in, &o, false)) {
      TEST_FAIL("instance %llu: %s", (unsigned long long)i, err.message);
      instance_free(&in);
      continue;
    }
    double dp = instance_solve(&in, "tree-dp", &err);
    double brute = instance_solve(&in, "brute", &err);
    if (!(fabs(dp - brute) <= 1e-9 * fmax(1, fabs(brute))))
      TEST_FAIL("tree %llu (%d tasks, %d devices, %d levels, %s): tree-dp %.17g, brute %.17g",
                (unsigned long long)i, o.ntasks, o.ndevices, o.nlevels,
                o.costs == ES_GEN_PHYSICAL ? "physical" : "abstract", dp, brute);
    checked++;
    instance_free(&in);
  }
  ASSERT_EQ(checked, TREES);
}

/* Figure 3: 65, both products on the GPU; baselines 75, 65, 70. */
static void figure3(void) {
  EsGraph *g = es_gen_fig3();
  EsPlanOptions po = {.baselines = true};
  EsSchedule *s = NULL;
  EsError err = {0};
  ASSERT_EQ(es_plan(g, &po, &s, NULL, 0, NULL, 0, &err), 0);
  if (!s)
    return;
  ASSERT_NEAR(s->total_energy, 65, 0);
  ASSERT_STREQ(es_schedule_find(s, "mul")->device, "gpu");
  ASSERT_STREQ(es_schedule_find(s, "add")->device, "gpu");
  ASSERT_EQ(s->nbaselines, 3);
  ASSERT_STREQ(s->baselines[0].name, "cpu-only");
  ASSERT_NEAR(s->baselines[0].energy, 75, 0);
  ASSERT_STREQ(s->baselines[1].name, "gpu-only");
  ASSERT_NEAR(s->baselines[1].energy, 65, 0);
  ASSERT_STREQ(s->baselines[2].name, "greedy");
  ASSERT_NEAR(s->baselines[2].energy, 70, 0);
  es_schedule_free(s);
  es_graph_free(g);
}

/* Section 1's worst case: the optimum stays at 5 while every baseline grows
 * with k, so the ratio grows without bound. */
static void chain_worst_case(void) {
  double last_ratio = 0;
  for (double k = 10; k <= 1e6; k *= 10) {
    EsGraph *g = es_gen_chain(k);
    EsPlanOptions po = {.baselines = true};
    EsSchedule *s = NULL;
    EsError err = {0};
    ASSERT_EQ(es_plan(g, &po, &s, NULL, 0, NULL, 0, &err), 0);
    if (!s)
      break;
    ASSERT_NEAR(s->total_energy, 5, 0);
    ASSERT_STREQ(es_schedule_find(s, "A")->device, "cpu");
    ASSERT_STREQ(es_schedule_find(s, "B")->device, "cpu");
    ASSERT_STREQ(es_schedule_find(s, "C")->device, "gpu");
    double best_baseline = INFINITY;
    for (int b = 0; b < s->nbaselines; b++)
      best_baseline = fmin(best_baseline, s->baselines[b].energy);
    ASSERT_TRUE(best_baseline >= k + 2);
    double ratio = best_baseline / s->total_energy;
    ASSERT_TRUE(ratio > last_ratio * 5);
    last_ratio = ratio;
    es_schedule_free(s);
    es_graph_free(g);
  }
}

/* A chain of a million tasks: the DP has no recursion to overflow, and on
 * alternating costs the optimum is known in closed form. */
static void deep_chain(void) {
  enum { N = 1000000 };
  EsGraph *g = es_graph_new();
  for (int i = 0; i < N; i++) {
    char name[16];
    snprintf(name, sizeof name, "c%d", i);
    int t = es_graph_add_task(g, name);
    es_graph_add_value(g, t, false, es_graph_device(g, "cpu"), -1, i % 2 ? 1 : 3, (EsMark){0, 0});
    es_graph_add_value(g, t, false, es_graph_device(g, "gpu"), -1, i % 2 ? 3 : 1, (EsMark){0, 0});
    if (i > 0) {
      int e = es_graph_add_edge(g, i - 1, i, NULL);
      g->edges[e].cost = 1;
    }
  }
  EsProblem p;
  EsProblemOptions po = {0};
  EsError err = {0};
  ASSERT_EQ(es_problem_build(g, &po, &p, &err), 0);
  EsSolution s;
  es_solution_init(&s, N, false);
  ASSERT_EQ(es_algorithm_run("tree-dp", &p, NULL, &s, &err), 0);
  /* Alternating devices: each task pays 1, each edge 1: 2N - 1. */
  ASSERT_NEAR(es_problem_evaluate(&p, ES_OBJ_ENERGY, s.label), 2.0 * N - 1, 0);
  es_solution_free(&s);
  es_problem_free(&p);
  es_graph_free(g);
}

/* tree-dp keeps its rooted forest in the problem's cache (problem.h): a
 * second call, a shallow copy with other costs, a copy with another
 * objective and a copy whose items belong to another problem must each get
 * the answer a fresh solve gives (brute force). */
static double solve(const EsProblem *p, const char *spec) {
  EsSolution s;
  EsError err = {0};
  es_solution_init(&s, p->ntasks, false);
  double cost = es_algorithm_run(spec, p, NULL, &s, &err)
                    ? NAN
                    : es_problem_evaluate(p, p->objective, s.label);
  es_solution_free(&s);
  return cost;
}

static void reuse_between_calls(void) {
  for (uint64_t i = 0; i < 300; i++) {
    EsGenOptions o = instance_options(i + 50000, 2, 3, 12, 20000);
    Instance a = {0}, b = {0};
    o.costs = ES_GEN_PHYSICAL; /* energies and times: both objectives */
    EsGenOptions ob = o;
    ob.seed += 1000;
    if (instance_make(&a, &o, false) || instance_make(&b, &ob, false)) {
      TEST_FAIL("instance %llu", (unsigned long long)i);
      instance_free(&a), instance_free(&b);
      continue;
    }
    ASSERT_NEAR(solve(&a.p, "tree-dp"), solve(&a.p, "brute"), 1e-9);
    ASSERT_NEAR(solve(&a.p, "tree-dp"), solve(&a.p, "brute"), 1e-9); /* from the cache */
    EsProblem q = a.p; /* other costs, same structure */
    size_t cells = (size_t)q.ntasks * (size_t)q.nlabels;
    double *value = malloc((cells + 1) * sizeof *value);
    for (size_t k = 0; value && k < cells; k++)
      value[k] = a.p.value[ES_OBJ_ENERGY][k] * (1 + (double)(k % 7) / 3);
    q.value[ES_OBJ_ENERGY] = value;
    ASSERT_NEAR(solve(&q, "tree-dp"), solve(&q, "brute"), 1e-9);
    q = a.p, q.objective = ES_OBJ_TIME; /* weights of the other objective */
    ASSERT_NEAR(solve(&q, "tree-dp"), solve(&q, "brute"), 1e-9);
    q = b.p, q.cache = a.p.cache; /* another problem's items */
    ASSERT_NEAR(solve(&q, "tree-dp"), solve(&b.p, "brute"), 1e-9);
    free(value);
    instance_free(&a), instance_free(&b);
  }
}

int main(void) {
  random_trees();
  reuse_between_calls();
  figure3();
  chain_worst_case();
  deep_chain();
  return test_summary();
}
