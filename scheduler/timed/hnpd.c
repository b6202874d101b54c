/* HNPD, the Heterogeneous N-Predecessor Duplication of EAGS-D's first
 * phase (Abdel-Kader, Sec. 5.2, Fig. 5.3; Baskiyar and Dickinson 2003).
 * Tasks in DPS's ScheduleQ; each goes to the processor k of earliest
 * finish, inserting into idle gaps. Then for each predecessor q of the task
 * n, most favorite first (the one whose data arrives last), not yet on k:
 *
 *   duplicate q into the first gap of k before n when
 *     EFT(q, k) < min over copies of q (EFT(q) + C(q, n)),
 *   keep it when n then finishes earlier, else discard it;
 *
 * and recursively try the same for the predecessors of a kept duplicate
 * (Fig. 5.3.e-f). Then DPS's all-on-one-processor fallback.
 * Recursion is bounded (MAX_DEPTH) so deep chains stay linear.
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/model/dag.h"
#include "scheduler/model/solution.h"
#include "scheduler/timed/list_sched.h"
#include "scheduler/timed/timed.h"
#include "scheduler/timeline/timeline.h"

enum { MAX_DEPTH = 8 };

/* Moves a copy to the earliest start its data allows on dev, if earlier.
 * Returns whether it moved. */
static bool tighten(EsListSched *ls, int v, int copy, int dev) {
  EsSolution *s = ls->sol;
  double old = es_copy_at(ls->p, s, v, copy).start;
  double w = es_dag_time(ls->dag, v, dev);
  es_timeline_remove(&ls->tl, dev, old, v, copy);
  double st = es_ls_start(ls, v, dev, w, true);
  bool moved = st < old - 1e-12 * (fabs(old) + 1);
  if (!moved)
    st = old;
  if (copy < 0)
    s->start[v] = st, s->finish[v] = st + w;
  else
    s->dups[copy].start = st, s->dups[copy].finish = st + w;
  es_timeline_insert(&ls->tl, dev, (EsSlot){st, st + w, v, copy});
  return moved;
}

static bool has_copy_on(const EsListSched *ls, int q, int dev) {
  const EsProblem *p = ls->p;
  if (p->label_device[ls->sol->label[q]] == dev)
    return true;
  for (int i = ls->dup.head[q]; i >= 0; i = ls->dup.next[i])
    if (p->label_device[ls->sol->dups[i].label] == dev)
      return true;
  return false;
}

/* Arrival on dev of the data of pred arc k (over its task's copies). */
static double arrival(const EsListSched *ls, int k, int dev) {
  return es_timed_arrival(ls->p, ls->dag, ls->sol, &ls->dup, k, dev);
}

static int duplicate_preds(EsListSched *ls, int n, int copy, int dev, int depth);

/* Duplicate(q, n) of Fig. 5.3.f. Returns 1 when kept, 0 when not, <0 on error. */
static int try_duplicate(EsListSched *ls, int n, int copy, int dev, int k, int depth) {
  int q = ls->dag->pred[k].task;
  double w = es_dag_time(ls->dag, q, dev);
  if (isinf(w) || has_copy_on(ls, q, dev))
    return 0;
  double st = es_ls_start(ls, q, dev, w, true);
  if (st + w > es_copy_at(ls->p, ls->sol, n, copy).start || !(st + w < arrival(ls, k, dev)))
    return 0;
  int i = es_ls_place_dup(ls, q, dev, st);
  if (i < 0)
    return i;
  if (!tighten(ls, n, copy, dev)) {
    es_ls_unplace_dup(ls, i);
    return 0;
  }
  if (depth < MAX_DEPTH && duplicate_preds(ls, q, i, dev, depth + 1) < 0)
    return ES_ENOMEM;
  tighten(ls, n, copy, dev);
  return 1;
}

/* DuplicatePred of Fig. 5.3.e: predecessors by decreasing arrival. */
static int duplicate_preds(EsListSched *ls, int n, int copy, int dev, int depth) {
  const EsDag *d = ls->dag;
  int first = d->pred_first[n], cnt = d->pred_first[n + 1] - first;
  int *arcs = malloc(((size_t)cnt + 1) * sizeof *arcs);
  double *arr = malloc(((size_t)cnt + 1) * sizeof *arr);
  int rc = arcs && arr ? ES_OK : ES_ENOMEM;
  for (int i = 0; !rc && i < cnt; i++) {
    double ax = arrival(ls, first + i, dev);
    int j = i;
    for (; j > 0 && arr[j - 1] < ax; j--)
      arcs[j] = arcs[j - 1], arr[j] = arr[j - 1];
    arcs[j] = first + i, arr[j] = ax;
  }
  for (int i = 0; !rc && i < cnt; i++) {
    int r = try_duplicate(ls, n, copy, dev, arcs[i], depth);
    rc = r < 0 ? r : ES_OK;
  }
  free(arcs), free(arr);
  return rc;
}

/* ScheduleQ; each task on its EFT processor with insertion, then its
 * predecessors duplicated; then DPS's fallback. */
static int hnpd_steps(EsListSched *ls, void *arg) {
  (void)arg;
  int *order = es_dps_queue_new(ls->dag);
  int rc = order ? ES_OK : ES_ENOMEM;
  for (int i = 0, n = ls->p->ntasks; !rc && i < n; i++) {
    int v = es_ls_next(ls, order, i, n);
    double start;
    int dev = es_ls_best_device(ls, v, true, &start);
    if (dev < 0)
      rc = ES_EINFEAS;
    else if (!(rc = es_ls_place(ls, v, dev, start)))
      rc = duplicate_preds(ls, v, -1, dev, 0);
  }
  if (!rc)
    es_dps_fallback(ls, order);
  free(order);
  return rc;
}

int es_hnpd(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  return es_ls_schedule(p, out, "hnpd", hnpd_steps, NULL, err);
}
