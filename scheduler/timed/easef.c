/* EASEF (Liu et al. 2015, Sec. 4): energy-aware scheduling with equalized
 * frequency, in three phases.
 *
 * 1. Path determining (Algorithm 1, easef_paths.c): with mean costs,
 *    repeatedly take the critical path of the tasks left and remove it.
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
 * Phases 2-3 cost O((V + E) P + V log V).
 */
#include <stdlib.h>
#include <string.h>

#include "scheduler/dvfs/dvfs.h"
#include "scheduler/dvfs/dvfs_pass.h"
#include "scheduler/model/dag.h"
#include "scheduler/model/solution.h"
#include "scheduler/timed/list_sched.h"
#include "scheduler/timed/timed.h"

/* Algorithm 2 lines 2-11: group[v] = the head of v's merged node. */
static void merge_chains(const EsDag *d, const EsPaths *ps, int *group) {
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
  EsPaths ps = {0};
  size_t n = (size_t)d->n + 1;
  int *group = malloc(n * sizeof *group);
  double *after = malloc(n * sizeof *after), *rank = calloc(n, sizeof *rank);
  int rc = group && after && rank ? es_easef_paths(d, &ps, path_lengths) : ES_ENOMEM;
  if (!rc) {
    if (npaths)
      *npaths = ps.npaths;
    merge_chains(d, &ps, group);
    merged_ranks(d, group, after, rank);
    rc = es_dag_priority_order(d, rank, order);
  }
  es_easef_paths_free(&ps);
  free(group), free(after), free(rank);
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
