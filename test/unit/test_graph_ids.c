/* The graph built from integer ids, as the runtime builds its deferred
 * regions (issue 16): a graph whose tasks have no names and whose data items
 * are numbered (EsEdge.data_id) binds to the same problem as the same graph
 * with names, also after es_graph_clear reused it; es_graph_check_acyclic
 * agrees with es_graph_topo_order and es_problem_is_forest with a plain
 * count of components, on random graphs with cycles, parallel items and
 * edges in every direction; es_graph_find_task finds the first task of each
 * name, as a scan does, whenever readers dropped the index (rebuilt on
 * demand, also while tasks are still added). */
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/rng.h"
#include "scheduler/gen/gen.h"
#include "scheduler/model/problem.h"
#include "test.h"

enum { GRAPHS = 2000 };

/* Copies g's tasks and edges into out (cleared first) without names: each
 * distinct (producer, data) pair becomes a number. */
static void copy_by_ids(const EsGraph *g, EsGraph *out) {
  es_graph_clear(out);
  for (int d = 0; d < g->ndevices; d++)
    es_graph_device(out, g->device_names[d]);
  for (int t = 0; t < g->ntasks; t++) {
    int u = es_graph_add_task(out, NULL);
    out->tasks[u].key = es_task_key(&g->tasks[t]);
    out->tasks[u].pin = g->tasks[t].pin;
    for (int time = 0; time < 2; time++) { /* the cost list, then the time list */
      const EsTask *x = &g->tasks[t];
      for (int i = 0; i < (time ? x->time_len : x->cost_len); i++) {
        const EsDeviceValue *v = &g->values[(time ? x->time_begin : x->cost_begin) + i];
        es_graph_add_value(out, u, time, v->device, v->level, v->value, v->mark);
      }
    }
  }
  for (int e = 0; e < g->nedges; e++) {
    const EsEdge *x = &g->edges[e];
    int id = 0;
    for (int f = 0; x->data && f <= e && !id; f++) /* the first edge of the item numbers it */
      if (g->edges[f].from == x->from && g->edges[f].data && !strcmp(g->edges[f].data, x->data))
        id = f + 1;
    int k = es_graph_add_edge(out, x->from, x->to, NULL);
    EsEdge *y = &out->edges[k];
    y->kind = x->kind, y->bytes = x->bytes, y->cost = x->cost, y->time = x->time;
    y->data_id = id;
  }
}

static void same_problem(const EsProblem *a, const EsProblem *b, int i) {
  ASSERT_EQ(a->nitems, b->nitems);
  ASSERT_EQ(a->has_shared, b->has_shared);
  for (int k = 0; k < a->nitems && a->nitems == b->nitems; k++) {
    ASSERT_EQ(a->item_producer[k], b->item_producer[k]);
    ASSERT_EQ(a->item_first[k + 1], b->item_first[k + 1]);
    ASSERT_TRUE(a->item_weight[ES_OBJ_ENERGY][k] == b->item_weight[ES_OBJ_ENERGY][k]);
  }
  for (int k = 0; a->nitems == b->nitems && k < a->item_first[a->nitems]; k++)
    ASSERT_EQ(a->item_reader[k], b->item_reader[k]);
  size_t cells = (size_t)a->ntasks * (size_t)a->nlabels;
  ASSERT_TRUE(!memcmp(a->value[ES_OBJ_ENERGY], b->value[ES_OBJ_ENERGY], cells * sizeof(double)));
  if (test_failures)
    fprintf(stderr, "graph %d\n", i);
}

/* Forest iff the distinct producer-reader pairs number tasks - components. */
static bool forest_by_count(const EsProblem *p) {
  int n = p->ntasks, pairs = 0, comps = n;
  int *parent = malloc(((size_t)n + 1) * sizeof *parent);
  for (int v = 0; v < n; v++)
    parent[v] = v;
  for (int i = 0; i < p->nitems; i++)
    for (int j = p->item_first[i]; j < p->item_first[i + 1]; j++) {
      int a = p->item_producer[i], b = p->item_reader[j], seen = 0;
      for (int i2 = 0; i2 <= i && !seen; i2++) /* an earlier incidence of the same pair */
        for (int j2 = p->item_first[i2]; j2 < (i2 == i ? j : p->item_first[i2 + 1]); j2++) {
          int c = p->item_producer[i2], d = p->item_reader[j2];
          seen |= (c == a && d == b) || (c == b && d == a);
        }
      if (seen)
        continue;
      pairs++;
      while (parent[a] != a)
        a = parent[a];
      while (parent[b] != b)
        b = parent[b];
      comps -= a != b;
      parent[a] = b;
    }
  free(parent);
  return pairs == n - comps;
}

/* Random edges in both directions, some of them parallel items. */
static EsGraph *random_graph(EsRng *r, int n) {
  EsGraph *g = es_graph_new();
  int cpu = es_graph_device(g, "cpu");
  for (int t = 0; t < n; t++) {
    char name[16];
    snprintf(name, sizeof name, "t%d", t);
    int u = es_graph_add_task(g, name);
    es_graph_add_value(g, u, false, cpu, -1, 1, (EsMark){0, 0});
  }
  int m = (int)es_rng_range(r, 0, n + 2);
  for (int e = 0; e < m; e++) {
    int a = (int)es_rng_range(r, 0, n - 1), b = (int)es_rng_range(r, 0, n - 1);
    int k = a != b ? es_graph_add_edge(g, a, b, NULL) : -1;
    if (k >= 0)
      g->edges[k].cost = 1;
  }
  return g;
}

static void acyclic_and_forest(EsRng *r, int i) {
  EsGraph *g = random_graph(r, (int)es_rng_range(r, 1, 9));
  int *order = malloc(((size_t)g->ntasks + 1) * sizeof *order);
  EsError e1 = {0}, e2 = {0};
  int topo = es_graph_topo_order(g, order, &e1), check = es_graph_check_acyclic(g, &e2);
  ASSERT_EQ(check, topo);
  EsProblemOptions po = {0};
  EsProblem p;
  if (!topo && !es_problem_build(g, &po, &p, &e1)) {
    test_checks++;
    if (es_problem_is_forest(&p) != forest_by_count(&p))
      TEST_FAIL("graph %d: es_problem_is_forest says %d", i, es_problem_is_forest(&p));
    es_problem_free(&p);
  }
  free(order);
  es_graph_free(g);
}

/* The first task named name, by a scan. */
static int scan_for(const EsGraph *g, const char *name) {
  for (int t = 0; t < g->ntasks; t++)
    if (g->tasks[t].name && !strcmp(g->tasks[t].name, name))
      return t;
  return -1;
}

static void index_after_drop(EsRng *r, int i) {
  EsGraph *g = es_graph_new();
  int n = (int)es_rng_range(r, 0, 40), pool = (int)es_rng_range(r, 1, 30);
  char name[16];
  for (int t = 0; t < n; t++) {
    if (es_rng_uniform(r) < 0.2)
      es_graph_drop_index(g);
    snprintf(name, sizeof name, "t%d", (int)es_rng_range(r, 0, pool - 1));
    es_graph_add_task(g, es_rng_uniform(r) < 0.1 ? NULL : name); /* duplicates too */
  }
  if (es_rng_uniform(r) < 0.5)
    es_graph_drop_index(g);
  for (int k = 0; k <= pool; k++) { /* t<pool> is never a name */
    snprintf(name, sizeof name, "t%d", k);
    if (es_graph_find_task(g, name) != scan_for(g, name)) {
      ASSERT_EQ(es_graph_find_task(g, name), scan_for(g, name));
      fprintf(stderr, "  graph %d, name %s\n", i, name);
    }
  }
  es_graph_free(g);
}

int main(void) {
  EsRng r;
  es_rng_seed(&r, 1616);
  EsGraph *ids = es_graph_new(); /* reused, as the runtime reuses its graph */
  for (int i = 0; i < GRAPHS && test_failures < 20; i++) {
    EsGenOptions o = {.ntasks = (int)es_rng_range(&r, 1, 60),
                      .ndevices = 2,
                      .nlevels = 2,
                      .costs = ES_GEN_ABSTRACT,
                      .seed = (uint64_t)i + 1,
                      .max_parents = 3,
                      .shared = es_rng_uniform(&r),
                      .pinned = 0.1};
    EsGraph *g = es_gen_dag(&o);
    copy_by_ids(g, ids);
    EsProblemOptions po = {0};
    EsProblem a, b;
    EsError err = {0};
    ASSERT_EQ(es_problem_build(g, &po, &a, &err), 0);
    ASSERT_EQ(es_problem_build(ids, &po, &b, &err), 0);
    same_problem(&a, &b, i);
    es_problem_free(&a), es_problem_free(&b);
    es_graph_free(g);
    acyclic_and_forest(&r, i);
    index_after_drop(&r, i);
  }
  es_graph_free(ids);
  return test_summary();
}
