/* EASEF's frequency equalizing (Liu et al. 2015, Sec. 4.3, Algorithm 4
 * lines 9-34), usable on any timed schedule. Latest finish first, task v_j
 * on processor k, with v_i the task before it there:
 *
 *   t_lf(v_j) = min(start of the next task on k, min over children c of
 *               (start(c) - C(v_j, c)), makespan)                  (Eq. 13)
 *   f_id(v_i, v_j) = (w_i + w_j) / (t_lf(v_j) - t_es(v_i)) * f_0   (Eq. 15)
 *   f_ac(v_j) = lowest level >= max(f_id, w_j f_0 / (t_lf - t_es(v_j)))  (16)
 *   v_j then ends at t_lf (Eq. 17) and starts w_j f_0 / f_ac earlier (18);
 *   without v_i: f_id = w_j / (w_j + slack) * f_0           (Eq. 14, 19-20)
 *
 * Eq. 13 as extracted subtracts w from the successors' latest finishes;
 * we use the successors' actual starts after their own scaling, which is
 * what the latest-first sweep has at hand and keeps the schedule valid.
 * In time terms, f_id gives v_j the share w_j / (w_i + w_j) of the window
 * [t_es(v_i), t_lf(v_j)], so neither task squeezes the other's slack. A
 * level is "lowest >= f" exactly when its time is the longest <= w f_0 / f:
 * we compare times, which also honours memory-bound fractions.
 * Then, earliest start first, every task moves back to its earliest start
 * (Eq. 11) keeping its level (lines 26-34). Duplicates keep their level.
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/timed.h"

/* The own-task slot before (v, -1) on dev, or NULL. */
static const EsSlot *prev_slot(const EsTimeline *tl, int dev, int v) {
  for (int i = 0; i < tl->len[dev]; i++)
    if (tl->slot[dev][i].task == v && tl->slot[dev][i].copy < 0)
      return i > 0 ? &tl->slot[dev][i - 1] : NULL;
  return NULL;
}

static int equalize_one(const EsProblem *p, const EsDag *d, EsTimeline *tl, const EsDupIndex *ix,
                        EsSolution *s, int v, double horizon) {
  int dev = p->label_device[s->label[v]], top = d->top_label[dev];
  double lf = es_dvfs_latest_finish(p, d, tl, ix, s, v, -1, horizon);
  double allowed = lf - s->start[v]; /* second term of Eq. 16 */
  const EsSlot *pv = prev_slot(tl, dev, v);
  if (pv && pv->copy < 0) {
    double wi = es_timed_task_time(p, pv->task, top), wj = es_timed_task_time(p, v, top);
    double share = wi + wj > 0 ? (lf - pv->start) * wj / (wi + wj) : allowed;
    allowed = share < allowed ? share : allowed;
  }
  int l = es_dvfs_slowest_fitting(p, v, dev, allowed, top);
  if (es_timed_task_time(p, v, l) > lf - s->start[v]) /* keep its level if even top fails */
    l = s->label[v];
  double dur = es_timed_task_time(p, v, l);
  double start = lf - dur > s->start[v] ? lf - dur : s->start[v];
  return es_dvfs_set_copy(p, tl, s, v, -1, l, start);
}

/* Lines 26-34: earliest start first, each copy to its earliest start. */
static int compact(const EsProblem *p, const EsDag *d, EsTimeline *tl, const EsDupIndex *ix,
                   EsSolution *s, const EsCopyRef *order) {
  for (int i = 0; i < s->ntasks + s->ndups; i++) {
    int v = order[i].task, c = order[i].copy;
    int label = c < 0 ? s->label[v] : s->dups[c].label, dev = p->label_device[label];
    double start = c < 0 ? s->start[v] : s->dups[c].start, ready = 0;
    for (int k = d->pred_first[v]; k < d->pred_first[v + 1]; k++) {
      int u = d->pred[k].task, item = d->pred[k].item;
      double a = s->finish[u] + es_timed_comm(p, item, p->label_device[s->label[u]], dev);
      for (int j = ix->head[u]; j >= 0; j = ix->next[j]) {
        double b =
            s->dups[j].finish + es_timed_comm(p, item, p->label_device[s->dups[j].label], dev);
        a = b < a ? b : a;
      }
      ready = a > ready ? a : ready;
    }
    const EsSlot *sl = tl->slot[dev];
    for (int j = 0; j < tl->len[dev]; j++)
      if (sl[j].task == v && sl[j].copy == c) {
        if (j > 0 && sl[j - 1].finish > ready)
          ready = sl[j - 1].finish;
        break;
      }
    if (ready < start && es_dvfs_set_copy(p, tl, s, v, c, label, ready))
      return ES_ENOMEM;
  }
  return ES_OK;
}

int es_dvfs_equalize(const EsProblem *p, double horizon, EsSolution *s, EsError *err) {
  EsDag d;
  EsTimeline tl = {0};
  EsDupIndex ix = {0};
  int brc = es_dag_build(p, &d, err);
  if (brc)
    return brc;
  EsCopyRef *order = es_dvfs_copies_sorted(s, false);
  int rc = order ? es_timeline_from_solution(&tl, p, s) : ES_ENOMEM;
  if (!rc)
    rc = es_dup_index_build(s, &ix);
  for (int i = 0; !rc && i < s->ntasks + s->ndups; i++)
    if (order[i].copy < 0)
      rc = equalize_one(p, &d, &tl, &ix, s, order[i].task, horizon);
  free(order);
  order = rc ? NULL : es_dvfs_copies_sorted(s, true);
  if (!rc)
    rc = order ? compact(p, &d, &tl, &ix, s, order) : ES_ENOMEM;
  free(order);
  es_timeline_free(&tl);
  es_dup_index_free(&ix);
  es_dag_free(&d);
  return rc ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : ES_OK;
}
