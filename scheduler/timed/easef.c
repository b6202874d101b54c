/* EASEF (Liu et al. 2015, Sec. 4): energy-aware scheduling with equalized
 * frequency, in three phases.
 *
 * 1. Path determining (Algorithm 1): with mean costs, repeatedly take the
 *    critical path of the tasks left, rank(v) = rank_u(v) + rank_d(v)
 *    (Eq. 3-6; edges to removed tasks vanish, virtual entry and exit join
 *    the rest with zero-cost edges), and remove it. On the paper's Fig. 1
 *    the paths are [0-2-8-10-11] (318.25), [3-6-9], [1-4], [7], [5].
 * 2. Application reconstructing (Algorithms 2-3): along each path a task
 *    whose only parent is its predecessor on the path merges into it;
 *    a merged node weighs the sum of its tasks' mean costs (Eq. 8) and an
 *    edge leaving it from member r costs (Eq. 9-10, subscripts lost in the
 *    extraction, read from the prose)
 *        max(0, c(v_r, n) - sum of the weights of the members after v_r),
 *    the part of the transfer not hidden behind the rest of the merged
 *    node. Every task takes its node's upward rank in the rebuilt graph;
 *    tasks go in decreasing rank (the paper's "non-decreasing" pops from
 *    the end), ready tasks only.
 * 3. EFT with insertion (Eq. 11-12), then frequency equalizing
 *    (dvfs_equalize.c, Eq. 13-20).
 * Phase 1 costs O(paths * (V + E)); the rest O((V + E) P + V log V).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/model/solution.h"
#include "scheduler/timed/timed.h"
#include "scheduler/model/dag.h"
#include "scheduler/timed/list_sched.h"
#include "scheduler/dvfs/dvfs.h"
#include "scheduler/dvfs/dvfs_pass.h"

typedef struct Paths {
  int *task;  /* tasks path by path, each in path order */
  int *first; /* [npaths + 1] */
  int npaths;
} Paths;

/* Ranks over the tasks still alive; returns the critical path length. */
static double alive_ranks(const EsDag *d, const bool *alive, const int *at, int na, double *up,
                          double *down) {
  double best = 0;
  es_dag_upward_rank_among(d, alive, up);
  es_dag_downward_rank_among(d, alive, down);
  for (int i = 0; i < na; i++)
    best = up[at[i]] + down[at[i]] > best ? up[at[i]] + down[at[i]] : best;
  return best;
}

/* Appends the critical path of the alive tasks to ps and kills it. */
static void take_path(const EsDag *d, bool *alive, const int *at, int na, const double *up,
                      const double *down, Paths *ps) {
  int v = -1;
  for (int i = 0; i < na; i++) {
    int u = at[i];
    if (down[u] == 0 && (v < 0 || es_rank_cmp(up[u], u, up[v], v) < 0))
      v = u;
  }
  int len = ps->first[ps->npaths];
  while (v >= 0) {
    ps->task[len++] = v;
    alive[v] = false;
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
  ps->first[++ps->npaths] = len;
}

/* Algorithm 1. lengths (optional) receives each path's rank. */
static int determine_paths(const EsDag *d, Paths *ps, double *lengths) {
  size_t n = (size_t)d->n + 1;
  bool *alive = malloc(n * sizeof *alive);
  int *at = malloc(n * sizeof *at);
  double *up = malloc(n * sizeof *up), *down = malloc(n * sizeof *down);
  ps->task = malloc(n * sizeof(int)), ps->first = calloc(n + 1, sizeof(int));
  ps->npaths = 0;
  int rc = alive && at && up && down && ps->task && ps->first ? ES_OK : ES_ENOMEM;
  for (int v = 0; !rc && v < d->n; v++)
    alive[v] = true;
  for (int na = d->n; !rc && na > 0;) {
    int k = 0;
    for (int i = 0; i < d->n; i++)
      if (alive[d->topo[i]])
        at[k++] = d->topo[i];
    na = k;
    if (na == 0)
      break;
    double len = alive_ranks(d, alive, at, na, up, down);
    if (lengths)
      lengths[ps->npaths] = len;
    take_path(d, alive, at, na, up, down, ps);
  }
  free(alive), free(at), free(up), free(down);
  return rc;
}

/* Algorithm 2 lines 2-11: group[v] = the head of v's merged node. */
static void merge_chains(const EsDag *d, const Paths *ps, int *group) {
  for (int v = 0; v < d->n; v++)
    group[v] = v;
  for (int p = 0; p < ps->npaths; p++)
    for (int i = ps->first[p] + 1; i < ps->first[p + 1]; i++) {
      int v = ps->task[i], prev = ps->task[i - 1];
      bool single = d->pred_first[v + 1] > d->pred_first[v];
      for (int k = d->pred_first[v]; k < d->pred_first[v + 1]; k++)
        single &= d->pred[k].task == prev;
      if (single) /* Eq. 7: indegree 1, the parent being v's predecessor on the path */
        group[v] = group[prev];
    }
}

/* Algorithm 2 lines 13-20 with Algorithm 3's edge costs: the upward rank
 * of each task's merged node. after[v] = weight of v's node after v. */
static void merged_ranks(const EsDag *d, const int *group, double *after, double *rank) {
  double *weight = calloc((size_t)d->n + 1, sizeof *weight);
  double *out = calloc((size_t)d->n + 1, sizeof *out);
  if (!weight || !out) {
    es_dag_upward_rank(d, rank); /* degrade to HEFT's order rather than fail */
    free(weight), free(out);
    return;
  }
  for (int i = d->n - 1; i >= 0; i--) { /* members after v come later in topo order */
    int v = d->topo[i];
    after[v] = weight[group[v]];
    weight[group[v]] += d->mean_time[v];
  }
  for (int i = d->n - 1; i >= 0; i--) {
    int v = d->topo[i], g = group[v];
    for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++) {
      int c = d->succ[k].task;
      if (group[c] == g)
        continue;
      double cost = es_dag_mean_comm(d, d->succ[k].item) - after[v];
      double r = (cost > 0 ? cost : 0) + rank[group[c]];
      out[g] = r > out[g] ? r : out[g];
    }
    if (g == v) /* the head comes last in reverse topological order */
      rank[v] = weight[v] + out[v];
  }
  for (int v = 0; v < d->n; v++)
    after[v] = rank[group[v]];
  memcpy(rank, after, (size_t)d->n * sizeof *rank);
  free(weight), free(out);
}

/* Phases 1-2: the schedule order. */
int es_easef_order(const EsDag *d, int *order, double *path_lengths, int *npaths) {
  Paths ps = {0};
  size_t n = (size_t)d->n + 1;
  int *group = malloc(n * sizeof *group);
  double *after = malloc(n * sizeof *after), *rank = calloc(n, sizeof *rank);
  int rc = group && after && rank ? determine_paths(d, &ps, path_lengths) : ES_ENOMEM;
  if (!rc) {
    if (npaths)
      *npaths = ps.npaths;
    merge_chains(d, &ps, group);
    merged_ranks(d, group, after, rank);
    rc = es_dag_priority_order(d, rank, order);
  }
  free(ps.task), free(ps.first), free(group), free(after), free(rank);
  return rc;
}

static int easef_steps(EsListSched *ls, void *arg) {
  (void)arg;
  int *order = malloc(((size_t)ls->p->ntasks + 1) * sizeof *order);
  int rc = order ? es_easef_order(ls->dag, order, NULL, NULL) : ES_ENOMEM; /* phases 1-2 */
  if (!rc)
    rc = es_ls_run_eft(ls, order, true); /* phase 3: EFT with insertion */
  free(order);
  return rc;
}

int es_easef(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  int rc = es_ls_schedule(p, out, "easef", easef_steps, NULL, err);
  return rc ? rc : es_dvfs_equalize(p, es_solution_makespan(out), out, err); /* phase 3 */
}
