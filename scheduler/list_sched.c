/* The engine of every list scheduler (timed.h): data-ready times over all
 * copies of the predecessors, earliest-finish-time processor choice, and
 * placement of tasks and duplicates. The dissertation's StartTime
 * (Fig. 5.1.d) and EST/EFT (Ch. 4):
 *
 *   EST(n, k) = max(R_k, max_{c in pred(n)} min_{copies of c} (EFT(c) + C(c, n)))
 *   EFT(n, k) = EST(n, k) + T(n, k),     C(c, n) = 0 when c's copy is on k.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/timed.h"
#include "scheduler/vec.h"

int es_ls_init(EsListSched *ls, const EsProblem *p, const EsDag *d, EsSolution *sol) {
  memset(ls, 0, sizeof *ls);
  ls->p = p, ls->dag = d, ls->sol = sol;
  ls->placed = calloc((size_t)p->ntasks + 1, sizeof *ls->placed);
  ls->dup_head = malloc(((size_t)p->ntasks + 1) * sizeof *ls->dup_head);
  if (!ls->placed || !ls->dup_head || es_solution_make_timed(sol) ||
      es_timeline_init(&ls->tl, p->ndevices)) {
    es_ls_free(ls);
    return ES_ENOMEM;
  }
  for (int v = 0; v < p->ntasks; v++)
    ls->dup_head[v] = -1;
  return ES_OK;
}

void es_ls_free(EsListSched *ls) {
  if (!ls)
    return;
  free(ls->placed), free(ls->dup_head), free(ls->dup_next);
  es_timeline_free(&ls->tl);
  memset(ls, 0, sizeof *ls);
}

/* Earliest arrival on dev of the data item of an arc from task u. */
static double arrival(const EsListSched *ls, int u, int item, int dev) {
  const EsProblem *p = ls->p;
  const EsSolution *s = ls->sol;
  double best = s->finish[u] + es_timed_comm(p, item, p->label_device[s->label[u]], dev);
  for (int i = ls->dup_head[u]; i >= 0; i = ls->dup_next[i]) {
    const EsDuplicate *x = &s->dups[i];
    double a = x->finish + es_timed_comm(p, item, p->label_device[x->label], dev);
    best = a < best ? a : best;
  }
  return best;
}

double es_ls_ready(const EsListSched *ls, int v, int dev) {
  const EsDag *d = ls->dag;
  double ready = 0;
  for (int k = d->pred_first[v]; k < d->pred_first[v + 1]; k++) {
    double a = arrival(ls, d->pred[k].task, d->pred[k].item, dev);
    ready = a > ready ? a : ready;
  }
  return ready;
}

int es_ls_best_device(const EsListSched *ls, int v, bool insertion, double *start) {
  int best = -1;
  double best_finish = INFINITY;
  for (int dev = 0; dev < ls->p->ndevices; dev++) {
    double w = es_timed_task_time(ls->p, v, ls->dag->top_label[dev]);
    if (isinf(w))
      continue;
    double s = es_timeline_earliest(&ls->tl, dev, es_ls_ready(ls, v, dev), w, insertion);
    if (s + w < best_finish)
      best_finish = s + w, best = dev, *start = s;
  }
  return best;
}

int es_ls_place(EsListSched *ls, int v, int dev, double start) {
  EsSolution *s = ls->sol;
  int l = ls->dag->top_label[dev];
  s->label[v] = l;
  s->start[v] = start;
  s->finish[v] = start + es_timed_task_time(ls->p, v, l);
  ls->placed[v] = true;
  return es_timeline_insert(&ls->tl, dev, (EsSlot){start, s->finish[v], v, -1});
}

int es_ls_place_dup(EsListSched *ls, int v, int dev, double start) {
  int l = ls->dag->top_label[dev];
  EsDuplicate x = {v, l, start, start + es_timed_task_time(ls->p, v, l)};
  int i = ls->sol->ndups;
  if (es_solution_add_duplicate(ls->sol, x) ||
      es_vec_reserve(&ls->dup_next, &ls->dup_next_cap, i + 1, sizeof(int)) ||
      es_timeline_insert(&ls->tl, dev, (EsSlot){x.start, x.finish, v, i}))
    return ES_ENOMEM;
  ls->dup_next[i] = ls->dup_head[v];
  ls->dup_head[v] = i;
  return i;
}

/* Only the most recent duplicate may be undone (HNPD's discard). */
void es_ls_unplace_dup(EsListSched *ls, int dup) {
  EsSolution *s = ls->sol;
  const EsDuplicate *x = &s->dups[dup];
  es_timeline_remove(&ls->tl, ls->p->label_device[x->label], x->task, dup);
  ls->dup_head[x->task] = ls->dup_next[dup];
  s->ndups--;
}

void es_ls_move(EsListSched *ls, int v, double start) {
  EsSolution *s = ls->sol;
  int dev = ls->p->label_device[s->label[v]];
  es_timeline_remove(&ls->tl, dev, v, -1);
  es_ls_place(ls, v, dev, start);
}

int es_ls_run_eft(EsListSched *ls, const int *order, bool insertion) {
  for (int i = 0; i < ls->p->ntasks; i++) {
    int v = order[i];
    double start;
    int dev = es_ls_best_device(ls, v, insertion, &start);
    if (dev < 0)
      return ES_EINFEAS;
    if (es_ls_place(ls, v, dev, start))
      return ES_ENOMEM;
  }
  return ES_OK;
}

double es_solution_makespan(const EsSolution *s) {
  double m = 0;
  for (int v = 0; v < s->ntasks; v++)
    m = s->finish[v] > m ? s->finish[v] : m;
  for (int i = 0; i < s->ndups; i++)
    m = s->dups[i].finish > m ? s->dups[i].finish : m;
  return m;
}

void es_ls_all_on(EsListSched *ls, const int *order, int d) {
  EsSolution *s = ls->sol;
  double t = 0;
  int l = ls->dag->top_label[d];
  for (int i = 0; i < s->ntasks; i++) {
    int v = order[i];
    s->label[v] = l, s->start[v] = t;
    t = s->finish[v] = t + es_timed_task_time(ls->p, v, l);
  }
  s->ndups = 0;
}
