/* The DVFS passes (one file each; dvfs.c names them) and what they share
 * while they change a schedule (dvfs_pass.c): the schedule's DAG,
 * timelines and duplicates, slack, and setting a copy's level. Callers
 * that run one pass directly (EASEF equalizes) include this; the others
 * use dvfs.h. */
#ifndef ESCHED_SCHEDULER_DVFS_DVFS_PASS_H
#define ESCHED_SCHEDULER_DVFS_DVFS_PASS_H

#include <stdbool.h>

#include "scheduler/model/dag.h"
#include "scheduler/base/error.h"
#include "scheduler/model/problem.h"
#include "scheduler/model/solution.h"
#include "scheduler/timeline/timeline.h"

/* The passes themselves (one file each). level < 0: the slowest that fits. */
int es_dvfs_idle(const EsProblem *p, int state, EsSolution *s, EsError *err);
int es_dvfs_scale(const EsProblem *p, int level, double horizon, EsSolution *s, EsError *err);
int es_dvfs_evenly(const EsProblem *p, double horizon, EsSolution *s, EsError *err);
int es_dvfs_equalize(const EsProblem *p, double horizon, EsSolution *s, EsError *err);

/* A placement a pass proposes for a copy: its label and start. */
typedef struct EsDvfsMove {
  int label;
  double start;
} EsDvfsMove;

/* What the passes share while they change a schedule s: its DAG, the
 * timelines of s (kept in step by es_dvfs_set_copy), its duplicates, and
 * room for one copy's proposals ([nlabels + 1]). */
typedef struct EsDvfsState {
  EsDag dag;
  EsTimeline tl;
  EsDupIndex ix;
  EsDvfsMove *moves;
} EsDvfsState;
/* Errors: those of es_dag_build, out of memory. */
int es_dvfs_state_init(EsDvfsState *st, const EsProblem *p, const EsSolution *s, EsError *err);
void es_dvfs_state_free(EsDvfsState *st);

/* Latest finish of one copy (copy -1: the task itself) so that no successor
 * copy that needs it, no next slot on its processor and no horizon is
 * violated, every other copy fixed (EASEF Eq. 13, with the successors'
 * actual starts): the slack of a task before its successors. */
double es_dvfs_latest_finish(const EsProblem *p, const EsDvfsState *st, const EsSolution *s,
                             int task, int copy, double horizon);
/* A pass's step on one copy (copy -1: the task itself) of task v. */
typedef int (*EsDvfsStep)(const EsProblem *p, EsDvfsState *st, EsSolution *s, int v, int copy,
                          double horizon);
/* Calls step on every copy (tasks, then duplicates) by decreasing finish
 * (latest first), or by increasing start when by_start, in the order the
 * copies had when the sweep began. Returns the first error (ES_ENOMEM).
 * O(copies log copies) plus the steps. */
int es_dvfs_sweep(const EsProblem *p, EsDvfsState *st, EsSolution *s, bool by_start,
                  EsDvfsStep step, double horizon);

/* Sets a copy's label and start (finish follows) in s and in st->tl. */
int es_dvfs_set_copy(const EsProblem *p, EsDvfsState *st, EsSolution *s, int v, int copy, int label,
                     double start);
/* The labels of device dev no faster than label `from` on which task v
 * lasts at most dur, slowest first, into moves[].label (starts left to the
 * caller); returns their count. O(nlabels^2) at worst. */
int es_dvfs_fitting(const EsProblem *p, int v, int dev, double dur, int from, EsDvfsMove *moves);

/* The adaptive passes' rule: a change is kept only when it does not raise
 * the schedule's energy. Takes the first of moves[0..n) (a pass lists its
 * own choice first, then less aggressive ones) after which the simulated
 * energy (timeline.h) is no higher than before, or leaves the copy as it
 * is. Weighs only the terms the copy changes: its active energy, the idle
 * energy of every processor up to the makespan, and the transfers into the
 * copies of its successors (their source copy may change). Returns 0 or
 * ES_ENOMEM. */
int es_dvfs_take_first(const EsProblem *p, EsDvfsState *st, EsSolution *s, int v, int copy,
                       const EsDvfsMove *moves, int n);

#endif
