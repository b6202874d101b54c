/* Timed schedules: the DAG view of a problem, per-processor timelines, list
 * scheduling, the validator, the simulator and the DVFS post-passes.
 *
 * A timed schedule (EsSolution with start/finish) places every task on one
 * processor (a device; the label also fixes its DVFS level) over
 * [start, finish), where finish - start is the task's time at its label. A
 * duplicating scheduler adds copies of tasks on further processors
 * (EsSolution.dups). Data of an edge u -> v is available on v's processor
 * at the earliest, over the copies of u, of the copy's finish plus the
 * transfer time between the two processors (0 on the same one); order-only
 * edges carry no transfer. This is the model of Abdel-Kader's dissertation
 * (Ch. 4, EST/EFT) and of EASEF (Liu et al. 2015, Sec. 3, Eq. 11-12).
 */
#ifndef ESCHED_SCHEDULER_TIMELINE_TIMELINE_H
#define ESCHED_SCHEDULER_TIMELINE_TIMELINE_H

#include <math.h>
#include <stdbool.h>

#include "scheduler/model/dag.h"
#include "scheduler/model/problem.h"
#include "scheduler/model/solution.h"

/* ---- per-processor timelines ---- */

typedef struct EsSlot {
  double start, finish;
  int task, copy; /* copy: -1 the task itself, else an index into sol->dups */
} EsSlot;

/* The slots of one processor, sorted by start (then finish), in blocks of
 * at most ES_LANE_BLOCK, with a max tree over each block's longest idle gap
 * (timeline.c). Read and changed through the functions below only. */
enum { ES_LANE_BLOCK = 64 };
typedef struct EsSpan {
  double start, finish; /* of a block's first slot, and of its last */
} EsSpan;

typedef struct EsLane {
  /* Copies of the first and last slots and of the longest gap (the tree's
   * root), which a gap search reads first and most often needs alone: a
   * list scheduler asks every lane for every task, and these, kept here,
   * are read from the lanes' array instead of from blocks out of the
   * cache. Valid when len > 0. */
  EsSlot first, last;
  double longest_gap;
  int len;       /* slots */
  int nblk, cap; /* blocks, in time order, and room for them */
  EsSlot **blk;  /* [nblk] ES_LANE_BLOCK slots each, n[b] of them used */
  int *n;        /* [nblk] */
  EsSpan *span;  /* [nblk] */
  double *gap;   /* max tree, 2 * leaves: leaf b = the longest gap before a slot of block b */
  int leaves;
} EsLane;

typedef struct EsTimeline {
  int ndev;
  EsLane *lane; /* [ndev] */
} EsTimeline;

/* A slot's place on a lane, valid until the lane changes. */
typedef struct EsSlotAt {
  int block, i;
} EsSlotAt;

int es_timeline_init(EsTimeline *t, int ndev);
void es_timeline_free(EsTimeline *t);
/* Earliest start >= ready of a task of length dur on device d: in the first
 * idle gap long enough (insertion) or after the last slot. O(log n + B)
 * (plus a block per gap that the tree's rounding slack lets through in
 * vain), B = ES_LANE_BLOCK. */
double es_timeline_earliest(const EsTimeline *t, int d, double ready, double dur, bool insertion);
/* Inserts s in order. O(log n + B), and O(blocks after it) when its block
 * splits (one insertion in B / 2 at most). */
int es_timeline_insert(EsTimeline *t, int d, EsSlot s);
/* Finds the slot of (task, copy) starting at start on d: its place in *at.
 * O(log n + B + slots with that start). */
bool es_timeline_find(const EsTimeline *t, int d, double start, int task, int copy, EsSlotAt *at);
/* The slot at at (step 0), or the one before (-1) or after (+1) it; NULL
 * past either end. O(1). */
const EsSlot *es_timeline_step(const EsTimeline *t, int d, EsSlotAt at, int step);
/* The slot before (step -1) or after (+1) the slot of (task, copy) starting
 * at start on d; NULL when there is none, or no such slot. O(log n + B). */
const EsSlot *es_timeline_beside(const EsTimeline *t, int d, double start, int task, int copy,
                                 int step);
/* The finish of the last slot on d (the latest: slots do not overlap), or
 * -inf when there is none. O(1), inline: the DVFS passes ask it of every
 * processor for every makespan they weigh. */
static inline double es_timeline_end(const EsTimeline *t, int d) {
  const EsLane *l = &t->lane[d];
  return l->len ? l->last.finish : -INFINITY;
}
int es_timeline_len(const EsTimeline *t, int d);
/* Copies the slots of d in order into out[es_timeline_len(t, d)]. */
void es_timeline_copy(const EsTimeline *t, int d, EsSlot *out);
/* Removes that slot; returns whether one was found. O(log n + B). */
bool es_timeline_remove(EsTimeline *t, int d, double start, int task, int copy);
/* Replaces that slot by x on the same device (inserts x when there is
 * none), with the slots in the order remove and insert would make: in
 * place when x keeps the slot's place among the others (a level change),
 * O(log n + B). */
int es_timeline_move(EsTimeline *t, int d, double start, int task, int copy, EsSlot x);
/* Fills the timelines from a solution (tasks and duplicates). */
int es_timeline_from_solution(EsTimeline *t, const EsProblem *p, const EsSolution *s);

/* ---- copies of tasks (copies.c) ---- */

/* Duplicates per task: head[task] is the first index into sol->dups, next[]
 * chains the others (-1 ends). */
typedef struct EsDupIndex {
  int *head, *next;
} EsDupIndex;
int es_dup_index_build(const EsSolution *s, EsDupIndex *ix);
void es_dup_index_free(EsDupIndex *ix);

/* Where a copy of task v runs: copy -1 is v itself, else sol->dups[copy]. */
typedef struct EsCopyAt {
  int label, dev;
  double start, finish;
} EsCopyAt;
EsCopyAt es_copy_at(const EsProblem *p, const EsSolution *s, int v, int copy);

/* Arrival on dev of the data item of pred arc k of d, from u =
 * d->pred[k].task: the earliest, over u's copies, of finish + transfer (0
 * on dev itself). */
double es_timed_arrival(const EsProblem *p, const EsDag *d, const EsSolution *s,
                        const EsDupIndex *ix, int k, int dev);
/* Time at which all data of v is on dev: the latest arrival over v's
 * predecessors (all of them placed). O(in-degree * copies). */
double es_timed_ready(const EsProblem *p, const EsDag *d, const EsSolution *s, const EsDupIndex *ix,
                      int v, int dev);

/* ---- validator and simulator ---- */

/* Checks a timed solution: every copy lasts its time at its label, data
 * arrives before every copy starts (precedence with transfer delays), no two
 * copies overlap on a processor, duplicates sit on processors without
 * another copy of their task, and every task has its own copy. Times are
 * compared with a relative tolerance tol (1e-9 is typical). The first
 * violation goes to err (ES_EINVAL). O((V + E) * copies + slots log slots). */
int es_timed_validate(const EsProblem *p, const EsSolution *s, double tol, EsError *err);

typedef struct EsTimedMetrics {
  double makespan;
  double energy;   /* active + idle + transfer; NAN without powers */
  double active;   /* sum over copies of duration * power of its level */
  double idle;     /* sum over processors of idle time * idle power of its state */
  double transfer; /* sum over transfers of time * link power */
  double slr, ecr; /* EASEF Eq. 21-22 */
} EsTimedMetrics;

/* Simulates a valid timed solution: energy as EASEF Eq. 2 (active + idle
 * per processor over [0, makespan]) plus transfers at the link's power; a
 * processor's idle power follows sol->idle_state (the dissertation's
 * 5V/off and low-voltage idle strategies). SLR and ECR as EASEF Eq. 21-22. */
int es_timed_simulate(const EsProblem *p, const EsSolution *s, EsTimedMetrics *m);
/* Two of its terms, for passes that weigh a change: the power processor dev
 * draws while idle in s, and the link energy of the transfers into the copy
 * of task v on dev (from the source copies whose data arrives first).
 * O(in-degree * duplicates). */
double es_timed_idle_power(const EsProblem *p, const EsSolution *s, int dev);
double es_timed_transfers_into(const EsProblem *p, const EsDag *d, const EsSolution *s, int v,
                               int dev);

#endif
