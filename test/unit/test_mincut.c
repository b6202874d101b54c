/* Property test: mincut finds the optimum of brute force on random DAGs with
 * two devices (1-3 levels, abstract and physical costs, shared data items
 * read by several tasks, pinned tasks, missing variants), and agrees with
 * tree-dp on trees. */
#include "instances.h"
#include "test.h"

enum { DAGS = 5000, TREES = 2000 };

static void against_brute(bool dag, int count) {
  for (uint64_t i = 0; i < (uint64_t)count; i++) {
    EsGenOptions o = instance_options(i + (dag ? 0 : 900000), 2, 2, 14, 20000);
    Instance in = {0};
    EsError err = {0};
    if (instance_make(&in, &o, dag)) {
      TEST_FAIL("instance %llu: %s", (unsigned long long)i, err.message);
      instance_free(&in);
      continue;
    }
    double cut = instance_solve(&in, "mincut", &err);
    double ref = instance_solve(&in, dag ? "brute" : "tree-dp", &err);
    if (!(fabs(cut - ref) <= 1e-9 * fmax(1, fabs(ref))))
      TEST_FAIL("%s %llu (%d tasks, %d levels, %s, shared %.2f): mincut %.17g, %s %.17g",
                dag ? "dag" : "tree", (unsigned long long)i, o.ntasks, o.nlevels,
                o.costs == ES_GEN_PHYSICAL ? "physical" : "abstract", o.shared, cut,
                dag ? "brute" : "tree-dp", ref);
    instance_free(&in);
  }
}

/* One item read by three tasks on the GPU moves once, not three times. */
static void shared_item_moves_once(void) {
  EsGraph *g = es_graph_new();
  int cpu = es_graph_device(g, "cpu"), gpu = es_graph_device(g, "gpu");
  int src = es_graph_add_task(g, "src");
  g->tasks[src].pin = cpu;
  for (int i = 0; i < 3; i++) {
    char name[8];
    snprintf(name, sizeof name, "r%d", i);
    int r = es_graph_add_task(g, name);
    es_graph_add_value(g, r, false, cpu, -1, 10, (EsMark){0, 0});
    es_graph_add_value(g, r, false, gpu, -1, 4, (EsMark){0, 0});
    int e = es_graph_add_edge(g, src, r, "X");
    g->edges[e].cost = 9;
  }
  EsProblem p;
  EsProblemOptions po = {0};
  EsError err = {0};
  ASSERT_EQ(es_problem_build(g, &po, &p, &err), 0);
  ASSERT_TRUE(p.has_shared);
  ASSERT_EQ(p.nitems, 1);
  EsSolution s;
  es_solution_init(&s, p.ntasks, false);
  ASSERT_EQ(es_algorithm_run("mincut", &p, NULL, &s, &err), 0);
  /* All readers on the GPU: 3 * 4 + one transfer of 9 = 21 (< 30 on the CPU). */
  ASSERT_NEAR(es_problem_evaluate(&p, ES_OBJ_ENERGY, s.label), 21, 0);
  for (int r = 1; r <= 3; r++)
    ASSERT_EQ(p.label_device[s.label[r]], gpu);
  es_solution_free(&s);
  es_problem_free(&p);
  es_graph_free(g);
}

int main(void) {
  against_brute(true, DAGS);
  against_brute(false, TREES);
  shared_item_moves_once();
  return test_summary();
}
