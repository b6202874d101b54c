/* EvenlyDVS, the baseline EASEF compares with (Wang et al. 2013, cited by
 * EASEF Sec. 5.1). That paper is not among ours, so this is a
 * reconstruction of the behaviour EASEF describes and improves on: slack is
 * reclaimed task by task, latest finish first, each task stretched over its
 * whole window [start, latest finish] at the slowest level that fits and
 * pushed to the window's end (as late as possible). A task thus takes all
 * the slack before its successors, leaving its predecessors none: the
 * "squeezing" that EASEF's pairwise equalizing avoids (Sec. 4.3).
 * O(copies * (degree + slots per processor)).
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/timed.h"

int es_dvfs_evenly(const EsProblem *p, double horizon, EsSolution *s, EsError *err) {
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
  for (int i = 0; !rc && i < s->ntasks + s->ndups; i++) {
    int v = order[i].task, c = order[i].copy;
    int label = c < 0 ? s->label[v] : s->dups[c].label;
    double start = c < 0 ? s->start[v] : s->dups[c].start;
    double lf = es_dvfs_latest_finish(p, &d, &tl, &ix, s, v, c, horizon);
    int l = es_dvfs_slowest_fitting(p, v, p->label_device[label], lf - start, label);
    double dur = es_timed_task_time(p, v, l);
    rc = es_dvfs_set_copy(p, &tl, s, v, c, l, lf - dur > start ? lf - dur : start);
  }
  es_timeline_free(&tl);
  es_dup_index_free(&ix);
  free(order);
  es_dag_free(&d);
  return rc ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : ES_OK;
}
