/* EvenlyDVS, the baseline EASEF compares with (Wang et al. 2013, cited by
 * EASEF Sec. 5.1). That paper is not among ours, so this is a
 * reconstruction of the behaviour EASEF describes and improves on: slack is
 * reclaimed task by task, latest finish first, each task stretched over its
 * whole window [start, latest finish] at the slowest level that fits and
 * pushed to the window's end (as late as possible). A task thus takes all
 * the slack before its successors, leaving its predecessors none: the
 * "squeezing" that EASEF's pairwise equalizing avoids (Sec. 4.3). A level
 * is kept only when the schedule's energy does not rise (es_dvfs_take_first):
 * failing the slowest, the next faster one that fits, down to none.
 * O(copies * levels * (degree + slots per processor)).
 */

#include "scheduler/model/solution.h"
#include "scheduler/timeline/timeline.h"
#include "scheduler/dvfs/dvfs_pass.h"

/* The copy over its whole window [start, latest finish], as late as it may. */
static int evenly_one(const EsProblem *p, EsDvfsState *st, EsSolution *s, int v, int copy,
                      double horizon) {
  EsCopyAt at = es_copy_at(p, s, v, copy);
  double lf = es_dvfs_latest_finish(p, st, s, v, copy, horizon);
  int n = es_dvfs_fitting(p, v, at.dev, lf - at.start, at.label, st->moves);
  for (int i = 0; i < n; i++) {
    double start = lf - es_timed_task_time(p, v, st->moves[i].label);
    st->moves[i].start = start > at.start ? start : at.start;
  }
  return es_dvfs_take_first(p, st, s, v, copy, st->moves, n);
}

int es_dvfs_evenly(const EsProblem *p, double horizon, EsSolution *s, EsError *err) {
  EsDvfsState st;
  int rc = es_dvfs_state_init(&st, p, s, err);
  if (rc)
    return rc;
  rc = es_dvfs_sweep(p, &st, s, false, evenly_one, horizon); /* latest finish first */
  es_dvfs_state_free(&st);
  return rc ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : ES_OK;
}
