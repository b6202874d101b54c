/* CPOP (Topcuoglu, Hariri and Wu 2002): priority rank_u + rank_d; the
 * tasks of the critical path (priority equal to the entry's) all go to the
 * critical-path processor, the one minimizing the sum of their times; the
 * others to their earliest-finish processor, with insertion. Ready tasks
 * are taken in decreasing priority. O(V log V + (V + E) * P).
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/timed.h"

/* Marks the critical path: from the entry of highest priority, a successor
 * whose priority equals it, until an exit. */
static void mark_cp(const EsDag *d, const double *prio, bool *on_cp) {
  int v = -1;
  for (int u = 0; u < d->n; u++)
    if (d->pred_first[u] == d->pred_first[u + 1] &&
        (v < 0 || es_rank_cmp(prio[u], u, prio[v], v) < 0))
      v = u;
  while (v >= 0) {
    on_cp[v] = true;
    int next = -1;
    for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++) {
      int s = d->succ[k].task;
      if (next < 0 || es_rank_cmp(prio[s], s, prio[next], next) < 0)
        next = s;
    }
    v = next >= 0 && es_rank_cmp(prio[next], 0, prio[v], 0) == 0 ? next : -1;
  }
}

static int cp_processor(const EsProblem *p, const EsDag *d, const bool *on_cp) {
  int best = -1;
  double best_sum = INFINITY;
  for (int dev = 0; dev < p->ndevices; dev++) {
    double sum = 0;
    for (int v = 0; v < d->n; v++)
      sum += on_cp[v] ? es_timed_task_time(p, v, d->top_label[dev]) : 0;
    if (sum < best_sum)
      best_sum = sum, best = dev;
  }
  return best;
}

static int schedule(EsListSched *ls, const int *order, const bool *on_cp, int cpp) {
  for (int i = 0; i < ls->p->ntasks; i++) {
    int v = order[i], dev = cpp;
    double start;
    if (on_cp[v] && cpp >= 0 && !isinf(es_timed_task_time(ls->p, v, ls->dag->top_label[cpp])))
      start = es_timeline_earliest(&ls->tl, cpp, es_ls_ready(ls, v, cpp),
                                   es_timed_task_time(ls->p, v, ls->dag->top_label[cpp]), true);
    else if ((dev = es_ls_best_device(ls, v, true, &start)) < 0)
      return ES_EINFEAS;
    if (es_ls_place(ls, v, dev, start))
      return ES_ENOMEM;
  }
  return ES_OK;
}

int es_cpop(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  EsDag d;
  EsListSched ls;
  int brc = es_dag_build(p, &d, err);
  if (brc)
    return brc;
  size_t n = (size_t)p->ntasks + 1;
  double *up = malloc(n * sizeof *up), *down = malloc(n * sizeof *down);
  int *order = malloc(n * sizeof *order);
  bool *on_cp = calloc(n, sizeof *on_cp);
  int rc = up && down && order && on_cp ? es_ls_init(&ls, p, &d, out) : ES_ENOMEM;
  if (!rc) {
    es_dag_upward_rank(&d, up);
    es_dag_downward_rank(&d, down);
    for (int v = 0; v < p->ntasks; v++)
      up[v] += down[v];
    mark_cp(&d, up, on_cp);
    rc = es_dag_priority_order(&d, up, order);
    if (!rc)
      rc = schedule(&ls, order, on_cp, cp_processor(p, &d, on_cp));
    es_ls_free(&ls);
  }
  free(up), free(down), free(order), free(on_cp);
  es_dag_free(&d);
  if (rc)
    return es_error_set(err, rc, NULL, 0, 0, "cpop: %s",
                        rc == ES_EINFEAS ? "a task can run on no device" : "out of memory");
  return ES_OK;
}
