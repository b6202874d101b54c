/* The dissertation's scaling strategies (Sec. 5.3 strategies 4-5, Sec.
 * 6.3.1, ScaledEnergy of Fig. 5.1.e): per processor, first task to last, a
 * task n is run at the lower level L when
 *
 *   EFT2(n) + C(n, c) <= EST(c)   for every successor c (C = 0 on the same
 *                                 processor), and EFT2(n) <= the start of
 *                                 the next task on its processor,
 *
 * EFT2(n) = start(n) + T(n, L); the processor idles at L. The figure writes
 * "<"; "<=" scales also tasks that exactly fit, which cannot delay anyone.
 * The extracted T2(n) formula is unreadable; we take T2 = T(n) * f1 / f2 as
 * the 6805's ratings (6 MHz at 5 V, 3 MHz at 2.2 V) imply: the problem's
 * time at level L is exactly that for a platform with those frequencies.
 * level < 0: each task at the slowest level that fits (idle unchanged).
 * Tasks never move, so no makespan grows.
 */
#include <math.h>

#include "scheduler/timed.h"

static int scale_copy(const EsProblem *p, const EsDag *d, EsTimeline *tl, const EsDupIndex *ix,
                      EsSolution *s, int v, int copy, int level, double horizon) {
  int label = copy < 0 ? s->label[v] : s->dups[copy].label;
  double start = copy < 0 ? s->start[v] : s->dups[copy].start;
  int dev = p->label_device[label];
  double room = es_dvfs_latest_finish(p, d, tl, ix, s, v, copy, horizon) - start;
  int want = level >= 0 ? es_problem_label(p, dev, level)
                        : es_dvfs_slowest_fitting(p, v, dev, room, label);
  double tol = 1e-9 * (fabs(room) + fabs(start) + 1);
  if (want < 0 || want == label || !(es_timed_task_time(p, v, want) <= room + tol))
    return ES_OK;
  return es_dvfs_set_copy(p, tl, s, v, copy, want, start);
}

int es_dvfs_scale(const EsProblem *p, int level, double horizon, EsSolution *s, EsError *err) {
  EsDag d;
  EsTimeline tl = {0};
  EsDupIndex ix = {0};
  int brc = es_dag_build(p, &d, err);
  if (brc)
    return brc;
  int rc = es_timeline_from_solution(&tl, p, s);
  if (!rc)
    rc = es_dup_index_build(s, &ix);
  for (int dev = 0; !rc && dev < p->ndevices; dev++)
    for (int i = 0; !rc && i < tl.len[dev]; i++) {
      EsSlot x = tl.slot[dev][i]; /* the slot moves in place: same start, same index */
      rc = scale_copy(p, &d, &tl, &ix, s, x.task, x.copy, level, horizon);
    }
  if (!rc && level >= 0)
    rc = es_dvfs_idle(p, level, s, err);
  es_timeline_free(&tl);
  es_dup_index_free(&ix);
  es_dag_free(&d);
  return rc ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : ES_OK;
}
