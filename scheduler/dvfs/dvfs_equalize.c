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
 * Every change is kept only when the schedule's energy does not rise
 * (es_dvfs_take_first): failing its own level, a task tries the others
 * that fit its window, slowest first, then stays as it was.
 */

#include "scheduler/dvfs/dvfs_pass.h"
#include "scheduler/model/dag.h"
#include "scheduler/model/solution.h"
#include "scheduler/timeline/timeline.h"

/* Lines 9-25 for task v; duplicates keep their level. */
static int equalize_one(const EsProblem *p, EsDvfsState *st, EsSolution *s, int v, int copy,
                        double horizon) {
  if (copy >= 0)
    return ES_OK;
  int dev = p->label_device[s->label[v]], top = st->dag.top_label[dev];
  double lf = es_dvfs_latest_finish(p, st, s, v, -1, horizon);
  double allowed = lf - s->start[v]; /* second term of Eq. 16 */
  const EsSlot *pv = es_timeline_beside(&st->tl, dev, s->start[v], v, -1, -1);
  if (pv && pv->copy < 0) {
    double wi = es_dag_time(&st->dag, pv->task, dev), wj = es_dag_time(&st->dag, v, dev);
    double share = wi + wj > 0 ? (lf - pv->start) * wj / (wi + wj) : allowed;
    allowed = share < allowed ? share : allowed;
  }
  EsDvfsMove *m = st->moves;
  int l = es_dvfs_fitting(p, v, dev, allowed, top, m) ? m[0].label : top;
  if (es_timed_task_time(p, v, l) > lf - s->start[v]) /* keep its level if even top fails */
    l = s->label[v];
  /* Its own choice first, then every level that fits the whole window,
   * slowest first; each ends at lf. */
  int n = 1 + es_dvfs_fitting(p, v, dev, lf - s->start[v], top, m + 1);
  m[0].label = l;
  for (int i = 0; i < n; i++) {
    double start = lf - es_timed_task_time(p, v, m[i].label);
    m[i].start = start > s->start[v] ? start : s->start[v];
  }
  return es_dvfs_take_first(p, st, s, v, -1, m, n);
}

/* Lines 26-34 for one copy: back to its earliest start. */
static int compact_one(const EsProblem *p, EsDvfsState *st, EsSolution *s, int v, int copy,
                       double horizon) {
  (void)horizon;
  EsCopyAt at = es_copy_at(p, s, v, copy);
  double ready = es_timed_ready(p, &st->dag, s, &st->ix, v, at.dev);
  const EsSlot *before = es_timeline_beside(&st->tl, at.dev, at.start, v, copy, -1);
  if (before && before->finish > ready)
    ready = before->finish;
  EsDvfsMove back = {at.label, ready};
  return ready < at.start ? es_dvfs_take_first(p, st, s, v, copy, &back, 1) : ES_OK;
}

int es_dvfs_equalize(const EsProblem *p, double horizon, EsSolution *s, EsError *err) {
  EsDvfsState st;
  int rc = es_dvfs_state_init(&st, p, s, err);
  if (rc)
    return rc;
  rc = es_dvfs_sweep(p, &st, s, false, equalize_one, horizon); /* latest finish first */
  if (!rc)
    rc = es_dvfs_sweep(p, &st, s, true, compact_one, horizon); /* earliest start first */
  es_dvfs_state_free(&st);
  return rc ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : ES_OK;
}
