/* Property test of EASEF's path determining (es_easef_paths), which keeps
 * the ranks up to date as paths leave, against the algorithm it replaced,
 * kept here as the reference: recompute the upward and downward ranks of
 * the tasks left, start at the entry (downward rank 0) of highest upward
 * rank, follow the successor of highest transfer + upward rank, remove the
 * path, repeat. On random layered DAGs, and on random DAGs whose edges run
 * both ways between indices, with tasks that take no time and transfers
 * that take none (so that tasks with predecessors have downward rank 0
 * too, and ties break by index), the paths must be the same, task by task:
 * 3000 DAGs of up to 40 tasks, and 12 of up to 2000. */
#include <stdlib.h>

#include "scheduler/base/rng.h"
#include "scheduler/gen/gen.h"
#include "scheduler/model/dag.h"
#include "scheduler/timed/timed.h"
#include "test.h"

enum { GRAPHS = 3000, BIG_GRAPHS = 12 };

/* The old algorithm; paths into task/first, returns their number. */
static int reference(const EsDag *d, int *task, int *first, double *lengths) {
  int n = d->n, npaths = 0, len = 0;
  bool *alive = malloc(((size_t)n + 1) * sizeof *alive);
  double *up = calloc((size_t)n + 1, sizeof *up), *down = calloc((size_t)n + 1, sizeof *down);
  for (int v = 0; v < n; v++)
    alive[v] = true;
  first[0] = 0;
  for (int left = n; left > 0;) {
    es_dag_upward_rank_among(d, alive, up);
    es_dag_downward_rank_among(d, alive, down);
    int v = -1;
    for (int i = 0; i < n; i++) {
      int u = d->topo[i];
      if (alive[u] && down[u] == 0 && (v < 0 || es_rank_cmp(up[u], u, up[v], v) < 0))
        v = u;
    }
    lengths[npaths] = up[v];
    while (v >= 0) {
      task[len++] = v, alive[v] = false, left--;
      int next = -1;
      double best = -INFINITY;
      for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++) {
        int s = d->succ[k].task;
        double r = es_dag_mean_comm(d, d->succ[k].item) + up[s];
        if (alive[s] && es_rank_cmp(r, s, best, next) < 0)
          best = r, next = s;
      }
      v = next;
    }
    first[++npaths] = len;
  }
  free(alive), free(up), free(down);
  return npaths;
}

/* Some tasks take no time on any processor, some transfers none (often
 * all: then every rank ties and indices decide). */
static void zero_some(EsGraph *g, EsRng *r) {
  double p_task = es_rng_uniform(r) < 0.3 ? 1 : es_rng_uniform(r);
  double p_edge = es_rng_uniform(r) < 0.3 ? 1 : es_rng_uniform(r);
  for (int t = 0; t < g->ntasks; t++)
    if (es_rng_uniform(r) < p_task)
      for (int i = 0; i < g->tasks[t].time_len; i++)
        g->values[g->tasks[t].time_begin + i].value = 0;
  for (int e = 0; e < g->nedges; e++)
    if (es_rng_uniform(r) < p_edge)
      g->edges[e].time = 0;
}

/* A random DAG whose edges follow a random order of the tasks, not their
 * indices; NULL when out of memory. */
static EsGraph *shuffled_dag(int n, const EsGenTimed *c, EsRng *r) {
  EsGraph *g = es_graph_new();
  int *rank = malloc(((size_t)n + 1) * sizeof *rank);
  for (int t = 0; g && rank && t < n; t++) {
    char name[16];
    snprintf(name, sizeof name, "t%d", t);
    int j = (int)es_rng_range(r, 0, t); /* inside-out shuffle */
    rank[t] = rank[j], rank[j] = t;
    if (es_gen_timed_task(g, r, c, name) < 0)
      break;
  }
  for (int e = 0; g && rank && e < 2 * n; e++) {
    int a = (int)es_rng_range(r, 0, n - 1), b = (int)es_rng_range(r, 0, n - 1);
    if (a != b)
      es_gen_timed_edge(g, r, c, rank[a] < rank[b] ? a : b, rank[a] < rank[b] ? b : a);
  }
  free(rank);
  return g;
}

static void check_graph(int i, EsRng *r, int max_tasks) {
  int procs = (int)es_rng_range(r, 1, 4), n = (int)es_rng_range(r, 1, max_tasks);
  EsGenLayered o = {n,
                    0.3 + 2 * es_rng_uniform(r),
                    1 + 3 * es_rng_uniform(r),
                    {procs, es_rng_uniform(r), 1, 40, false, i + 1}};
  char platform[32];
  snprintf(platform, sizeof platform, "easef:%d", procs);
  EsGraph *g = i % 2 ? es_gen_layered(&o) : shuffled_dag(n, &o.costs, r);
  EsPlatform *pf = es_platform_preset(platform);
  EsProblemOptions po = {pf, NULL, ES_OBJ_TIME};
  EsProblem p;
  EsDag d;
  EsError err = {0};
  if (!g || !pf) {
    TEST_FAIL("graph %d: out of memory", i);
    es_graph_free(g), es_platform_free(pf);
    return;
  }
  if (i % 4)
    zero_some(g, r);
  if (es_problem_build(g, &po, &p, &err) || es_dag_build(&p, &d, &err)) {
    TEST_FAIL("graph %d: %s", i, err.message);
    es_graph_free(g), es_platform_free(pf);
    return;
  }
  int *task = malloc(((size_t)n + 1) * sizeof *task);
  int *first = malloc(((size_t)n + 2) * sizeof *first);
  double *want_len = malloc(((size_t)n + 1) * sizeof *want_len);
  double *got_len = malloc(((size_t)n + 1) * sizeof *got_len);
  int npaths = reference(&d, task, first, want_len);
  EsPaths ps = {0};
  ASSERT_EQ(es_easef_paths(&d, &ps, got_len), 0);
  ASSERT_EQ(ps.npaths, npaths);
  for (int k = 0; k <= npaths && k <= ps.npaths; k++)
    ASSERT_EQ(ps.first[k], first[k]);
  for (int k = 0; k < n && ps.npaths == npaths; k++)
    if (ps.task[k] != task[k]) {
      TEST_FAIL("graph %d (%d tasks): position %d holds task %d, the reference has %d", i, n, k,
                ps.task[k], task[k]);
      break;
    }
  for (int k = 0; k < npaths && k < ps.npaths; k++)
    ASSERT_NEAR(got_len[k], want_len[k], 0);
  es_easef_paths_free(&ps);
  free(task), free(first), free(want_len), free(got_len);
  es_dag_free(&d);
  es_problem_free(&p);
  es_graph_free(g);
  es_platform_free(pf);
}

int main(void) {
  EsRng r;
  es_rng_seed(&r, 1617);
  for (int i = 0; i < GRAPHS && test_failures < 20; i++)
    check_graph(i, &r, 40);
  /* Deeper DAGs: long chains of ranks that are bounds, made exact deep
   * below the entry that needs them. */
  for (int i = GRAPHS; i < GRAPHS + BIG_GRAPHS && test_failures < 20; i++)
    check_graph(i, &r, 2000);
  return test_summary();
}
