/* The engine of every list scheduler (timed.h): the driver that runs one,
 * earliest-finish-time processor choice over the data-ready times of
 * copies.c, and placement of tasks and duplicates. The dissertation's
 * StartTime (Fig. 5.1.d) and EST/EFT (Ch. 4):
 *
 *   EST(n, k) = max(R_k, ready(n, k)),   R_k = the gap or the end of k
 *   EFT(n, k) = EST(n, k) + T(n, k).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/prefetch.h"
#include "scheduler/base/vec.h"
#include "scheduler/model/dag.h"
#include "scheduler/model/solution.h"
#include "scheduler/timed/list_sched.h"
#include "scheduler/timeline/timeline.h"

int es_ls_init(EsListSched *ls, const EsProblem *p, const EsDag *d, EsSolution *sol) {
  memset(ls, 0, sizeof *ls);
  ls->p = p, ls->dag = d, ls->sol = sol;
  ls->dup.head = malloc(((size_t)p->ntasks + 1) * sizeof *ls->dup.head);
  if (!ls->dup.head || es_solution_make_timed(sol) || es_timeline_init(&ls->tl, p->ndevices)) {
    es_ls_free(ls);
    return ES_ENOMEM;
  }
  for (int v = 0; v < p->ntasks; v++)
    ls->dup.head[v] = -1;
  return ES_OK;
}

void es_ls_free(EsListSched *ls) {
  if (!ls)
    return;
  es_dup_index_free(&ls->dup);
  es_timeline_free(&ls->tl);
  memset(ls, 0, sizeof *ls);
}

int es_ls_schedule(const EsProblem *p, EsSolution *out, const char *name, EsLsSteps steps,
                   void *arg, EsError *err) {
  EsDag d;
  EsListSched ls;
  int rc = es_dag_build(p, &d, err);
  if (rc)
    return rc;
  if (!(rc = es_ls_init(&ls, p, &d, out))) {
    rc = steps(&ls, arg);
    es_ls_free(&ls);
  }
  es_dag_free(&d);
  if (rc)
    return es_error_set(err, rc, NULL, 0, 0, "%s: %s", name,
                        rc == ES_EINFEAS ? "a task can run on no device" : "out of memory");
  return ES_OK;
}

double es_ls_ready(const EsListSched *ls, int v, int dev) {
  return es_timed_ready(ls->p, ls->dag, ls->sol, &ls->dup, v, dev);
}

double es_ls_start(const EsListSched *ls, int v, int dev, double dur, bool insertion) {
  return es_timeline_earliest(&ls->tl, dev, es_ls_ready(ls, v, dev), dur, insertion);
}

int es_ls_best_device(const EsListSched *ls, int v, bool insertion, double *start) {
  int best = -1;
  double best_finish = INFINITY;
  for (int dev = 0; dev < ls->p->ndevices; dev++) {
    double w = es_dag_time(ls->dag, v, dev);
    if (isinf(w))
      continue;
    double s = es_ls_start(ls, v, dev, w, insertion);
    if (s + w < best_finish)
      best_finish = s + w, best = dev, *start = s;
  }
  return best;
}

void es_ls_record(EsListSched *ls, int v, int dev, double start) {
  EsSolution *s = ls->sol;
  int l = ls->dag->top_label[dev];
  s->label[v] = l;
  s->start[v] = start;
  s->finish[v] = start + es_dag_time(ls->dag, v, dev);
}

int es_ls_place(EsListSched *ls, int v, int dev, double start) {
  es_ls_record(ls, v, dev, start);
  return es_timeline_insert(&ls->tl, dev, (EsSlot){start, ls->sol->finish[v], v, -1});
}

int es_ls_place_dup(EsListSched *ls, int v, int dev, double start) {
  int l = ls->dag->top_label[dev];
  EsDuplicate x = {v, l, start, start + es_dag_time(ls->dag, v, dev)};
  int i = ls->sol->ndups;
  if (es_solution_add_duplicate(ls->sol, x) ||
      es_vec_reserve(&ls->dup.next, &ls->dup_next_cap, i + 1, sizeof(int)) ||
      es_timeline_insert(&ls->tl, dev, (EsSlot){x.start, x.finish, v, i}))
    return ES_ENOMEM;
  ls->dup.next[i] = ls->dup.head[v];
  ls->dup.head[v] = i;
  return i;
}

/* Only the most recent duplicate may be undone (HNPD's discard). */
void es_ls_unplace_dup(EsListSched *ls, int dup) {
  EsSolution *s = ls->sol;
  const EsDuplicate *x = &s->dups[dup];
  es_timeline_remove(&ls->tl, ls->p->label_device[x->label], x->start, x->task, dup);
  ls->dup.head[x->task] = ls->dup.next[dup];
  s->ndups--;
}

void es_ls_move(EsListSched *ls, int v, double start) {
  EsSolution *s = ls->sol;
  int dev = ls->p->label_device[s->label[v]];
  es_timeline_remove(&ls->tl, dev, s->start[v], v, -1);
  es_ls_place(ls, v, dev, start);
}

/* Placing a task reads its row of times, its arcs, and its predecessors'
 * copies and items: in rank order, which is random in memory, so beyond
 * about 10^4 tasks each is a cache miss. Asked for ahead (the arcs first,
 * then, once they are in the cache, what they point at), the misses
 * overlap: HEFT at 10^5 tasks 0.91 -> 0.82 us per task (bench_timed). */
enum { AHEAD_FAR = 16, AHEAD_NEAR = 4 };

int es_ls_next(const EsListSched *ls, const int *order, int i, int n) {
  const EsDag *d = ls->dag;
  if (i + AHEAD_FAR < n) {
    int f = order[i + AHEAD_FAR];
    ES_PREFETCH(&d->pred_first[f]);
    ES_PREFETCH(&d->pred[d->pred_first[f]]);
    ES_PREFETCH(&d->pred_weight[d->pred_first[f]]);
    const double *row = &d->top_time[(long)f * d->ndevices];
    for (int dev = 0; dev < d->ndevices; dev += 8) /* 8 doubles a cache line */
      ES_PREFETCH(&row[dev]);
    ES_PREFETCH(&row[d->ndevices - 1]); /* the row need not start a line */
  }
  if (i + AHEAD_NEAR < n) {
    int f = order[i + AHEAD_NEAR];
    ES_PREFETCH_WRITE(&ls->sol->start[f]);
    ES_PREFETCH_WRITE(&ls->sol->finish[f]);
    ES_PREFETCH_WRITE(&ls->sol->label[f]);
    for (int k = d->pred_first[f]; k < d->pred_first[f + 1]; k++) {
      int u = d->pred[k].task;
      ES_PREFETCH(&ls->sol->finish[u]);
      ES_PREFETCH(&ls->sol->label[u]);
      ES_PREFETCH(&ls->dup.head[u]);
    }
  }
  return order[i];
}

int es_ls_run_eft(EsListSched *ls, const int *order, bool insertion) {
  int n = ls->p->ntasks;
  for (int i = 0; i < n; i++) {
    int v = es_ls_next(ls, order, i, n);
    double start;
    int dev = es_ls_best_device(ls, v, insertion, &start);
    if (dev < 0)
      return ES_EINFEAS;
    if (es_ls_place(ls, v, dev, start))
      return ES_ENOMEM;
  }
  return ES_OK;
}

void es_ls_all_on(EsListSched *ls, const int *order, int d) {
  EsSolution *s = ls->sol;
  double t = 0;
  int l = ls->dag->top_label[d];
  for (int i = 0; i < s->ntasks; i++) {
    int v = order[i];
    s->label[v] = l, s->start[v] = t;
    t = s->finish[v] = t + es_dag_time(ls->dag, v, d);
  }
  s->ndups = 0;
}
