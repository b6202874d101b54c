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
 * level < 0: each task at the slowest level that fits (idle unchanged)
 * among those that do not raise the schedule's energy (es_dvfs_take_first:
 * a slower level can cost more than it saves where it draws more than the
 * idle power it replaces). Tasks never move, so no makespan grows beyond
 * the horizon. A fixed level L is the dissertation's rule as published.
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/dvfs/dvfs_pass.h"
#include "scheduler/model/dag.h"
#include "scheduler/model/solution.h"
#include "scheduler/timeline/timeline.h"

static int scale_copy(const EsProblem *p, EsDvfsState *st, EsSolution *s, int v, int copy,
                      int level, double horizon) {
  EsCopyAt at = es_copy_at(p, s, v, copy);
  double room = es_dvfs_latest_finish(p, st, s, v, copy, horizon) - at.start;
  if (level < 0) {
    int n = es_dvfs_fitting(p, v, at.dev, room, at.label, st->moves);
    for (int i = 0; i < n; i++)
      st->moves[i].start = at.start;
    return es_dvfs_take_first(p, st, s, v, copy, st->moves, n);
  }
  int want = es_problem_label(p, at.dev, level);
  double tol = 1e-9 * (fabs(room) + fabs(at.start) + 1);
  if (want < 0 || want == at.label || !(es_timed_task_time(p, v, want) <= room + tol))
    return ES_OK;
  return es_dvfs_set_copy(p, st, s, v, copy, want, at.start);
}

int es_dvfs_scale(const EsProblem *p, int level, double horizon, EsSolution *s, EsError *err) {
  EsDvfsState st;
  int rc = es_dvfs_state_init(&st, p, s, err);
  if (rc)
    return rc;
  /* Each processor's slots in order, as they were: a slot keeps its start
   * when it changes level, but its finish moves. */
  EsSlot *slots = malloc(((size_t)s->ntasks + s->ndups + 1) * sizeof *slots);
  rc = slots ? ES_OK : ES_ENOMEM;
  for (int dev = 0; !rc && dev < p->ndevices; dev++) {
    es_timeline_copy(&st.tl, dev, slots);
    for (int i = 0, n = es_timeline_len(&st.tl, dev); !rc && i < n; i++)
      rc = scale_copy(p, &st, s, slots[i].task, slots[i].copy, level, horizon);
  }
  free(slots);
  if (!rc && level >= 0)
    rc = es_dvfs_idle(p, level, s, err);
  es_dvfs_state_free(&st);
  return rc ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : ES_OK;
}
