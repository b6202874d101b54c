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
#ifndef ESCHED_SCHEDULER_TIMED_H
#define ESCHED_SCHEDULER_TIMED_H

#include <stdbool.h>

#include "scheduler/algorithms.h"
#include "scheduler/problem.h"

/* An arc of the DAG: the task at the other end and the data item it carries
 * (-1 for an order-only edge). Parallel arcs (several items) may occur. */
typedef struct EsArc {
  int task, item;
} EsArc;

/* The precedence structure of a problem, with the mean costs that the list
 * schedulers rank by. Built once per problem; owns its arrays. */
typedef struct EsDag {
  int n;
  int *pred_first, *succ_first; /* [n + 1] CSR offsets */
  EsArc *pred, *succ;
  int *topo;              /* [n] a topological order */
  int *top_label;         /* [ndevices] label of (device, level 0) */
  double *mean_time;      /* [n] mean time at level 0 over allowed devices */
  double *min_time;       /* [n] fastest time at level 0 */
  double *item_mean_comm; /* [nitems] mean transfer time over device pairs */
} EsDag;

/* Builds the DAG view. Needs times (p->value[ES_OBJ_TIME]). O(V + E + V*D). */
int es_dag_build(const EsProblem *p, EsDag *d, EsError *err);
void es_dag_free(EsDag *d);

/* Time of task v at label l; transfer time of an arc's item between two
 * devices (0 for order arcs and equal devices); mean transfer time. */
double es_timed_task_time(const EsProblem *p, int v, int l);
double es_timed_comm(const EsProblem *p, int item, int from_dev, int to_dev);
double es_dag_mean_comm(const EsDag *d, int item);

/* HEFT's upward rank (Topcuoglu et al. 2002, Eq. 4 of EASEF; the
 * dissertation's bottom distance) and downward rank (EASEF Eq. 5; the
 * dissertation's top distance), with mean costs. out[n]. O(V + E). */
void es_dag_upward_rank(const EsDag *d, double *out);
void es_dag_downward_rank(const EsDag *d, double *out);
/* The same ranks over the subgraph of the tasks with alive[v] (arcs to
 * others vanish); out[v] of the others is left alone. O(V + E). */
void es_dag_upward_rank_among(const EsDag *d, const bool *alive, double *out);
void es_dag_downward_rank_among(const EsDag *d, const bool *alive, double *out);
/* The path priority rank_u + rank_d (CPOP's priority, the dissertation's
 * decisive path DP = top + bottom distance): prio[n]; down[n] receives
 * rank_d. O(V + E). */
void es_dag_path_priority(const EsDag *d, double *prio, double *down);
/* The critical path by a path priority: from the entry of highest prio,
 * the successor of highest prio while it equals the entry's (ties by
 * index). path[n] receives it in order; returns its length. O(V + E). */
int es_dag_critical_path(const EsDag *d, const double *prio, int *path);

/* Compares priorities with a relative tolerance so that ranks equal on
 * paper (sums of the same numbers in another order) tie, and ties break by
 * task index. Returns <0 when task a goes first. */
int es_rank_cmp(double ra, int a, double rb, int b);

/* Turns priorities into a schedule order that respects precedence: the
 * ready task of highest priority goes next (a binary heap). order[n]. */
int es_dag_priority_order(const EsDag *d, const double *prio, int *order);
/* HEFT's order: es_dag_priority_order by the upward rank. order[n]. */
int es_dag_heft_order(const EsDag *d, int *order);

/* ---- per-processor timelines ---- */

typedef struct EsSlot {
  double start, finish;
  int task, copy; /* copy: -1 the task itself, else an index into sol->dups */
} EsSlot;

typedef struct EsTimeline {
  int ndev;
  EsSlot **slot; /* [ndev] sorted by start */
  int *len, *cap;
} EsTimeline;

int es_timeline_init(EsTimeline *t, int ndev);
void es_timeline_free(EsTimeline *t);
/* Earliest start >= ready of a task of length dur on device d: in the first
 * idle gap long enough (insertion) or after the last slot. O(log n + gaps). */
double es_timeline_earliest(const EsTimeline *t, int d, double ready, double dur, bool insertion);
int es_timeline_insert(EsTimeline *t, int d, EsSlot s);
/* Index of the slot of (task, copy) on d, or -1. O(slots on d). */
int es_timeline_find(const EsTimeline *t, int d, int task, int copy);
/* Removes the slot of (task, copy) on d; returns whether one was found. */
bool es_timeline_remove(EsTimeline *t, int d, int task, int copy);
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

/* Arrival on dev of the data item of an arc from u: the earliest, over
 * u's copies, of finish + transfer (0 on dev itself). */
double es_timed_arrival(const EsProblem *p, const EsSolution *s, const EsDupIndex *ix, int u,
                        int item, int dev);
/* Time at which all data of v is on dev: the latest arrival over v's
 * predecessors (all of them placed). O(in-degree * copies). */
double es_timed_ready(const EsProblem *p, const EsDag *d, const EsSolution *s, const EsDupIndex *ix,
                      int v, int dev);

/* ---- list scheduling ---- */

/* The state every list scheduler shares: the solution being built, the
 * timelines, and per task whether it is placed and its duplicates. */
typedef struct EsListSched {
  const EsProblem *p;
  const EsDag *dag;
  EsSolution *sol;
  EsTimeline tl;
  bool *placed;   /* [n] */
  EsDupIndex dup; /* the duplicates placed so far, latest first */
  int dup_next_cap;
} EsListSched;

/* Starts an empty schedule in sol (made timed). */
int es_ls_init(EsListSched *ls, const EsProblem *p, const EsDag *d, EsSolution *sol);
void es_ls_free(EsListSched *ls);
/* The steps of one list scheduler (its paper's phases) on an empty
 * schedule; returns 0, ES_ENOMEM or ES_EINFEAS (a task runs nowhere). */
typedef int (*EsLsSteps)(EsListSched *ls, void *arg);
/* Runs a list scheduler named name: builds the DAG, starts an empty timed
 * schedule in out, runs steps(ls, arg) and reports a failure in err as
 * "name: ...". */
int es_ls_schedule(const EsProblem *p, EsSolution *out, const char *name, EsLsSteps steps,
                   void *arg, EsError *err);
/* Time at which all data of v is on device dev, given the copies placed so
 * far (every predecessor must be placed). */
double es_ls_ready(const EsListSched *ls, int v, int dev);
/* EST(v, dev) of a copy lasting dur: data-ready, then the first idle gap
 * long enough (insertion) or after the last slot on dev. */
double es_ls_start(const EsListSched *ls, int v, int dev, double dur, bool insertion);
/* Earliest finish of v over the devices it may run on, at level 0 (EFT).
 * Returns the device (or -1 if none) and its start in *start. */
int es_ls_best_device(const EsListSched *ls, int v, bool insertion, double *start);
/* Places v (or a duplicate when dup) on dev at start, level 0. For a
 * duplicate returns its index in sol->dups. */
int es_ls_place(EsListSched *ls, int v, int dev, double start);
int es_ls_place_dup(EsListSched *ls, int v, int dev, double start);
void es_ls_unplace_dup(EsListSched *ls, int dup);
/* Moves v's own slot to a new start on its device. */
void es_ls_move(EsListSched *ls, int v, double start);
/* Schedules tasks in order on the EFT device (HEFT's second phase). */
int es_ls_run_eft(EsListSched *ls, const int *order, bool insertion);
/* Makespan of the solution (latest finish of any copy). */
double es_solution_makespan(const EsSolution *s);
/* Replaces the schedule by all tasks in order on one device d (the
 * dissertation's all-on-fastest-processor fallback). */
void es_ls_all_on(EsListSched *ls, const int *order, int d);
/* The device whose serial time over all tasks is least, and that time;
 * -1 when no device runs every task. */
int es_dag_best_single_device(const EsProblem *p, const EsDag *d, double *time);
/* The same over the tasks with subset[v] (NULL: all): the device on which
 * they run fastest one after another at the top level (CPOP's critical-path
 * processor). */
int es_dag_fastest_device(const EsProblem *p, const EsDag *d, const bool *subset, double *time);

/* The ScheduleQ of DPS and HNPD (the dissertation's Fig. 5.1.b-c): the
 * critical-path tasks in increasing top distance, each preceded (addQ) by
 * its unqueued parents in decreasing decisive path DP = top + bottom
 * distance, recursively; then the other exits the same way (the parents of
 * the virtual exit). order[n]; dp[n] and top[n] receive DP and top. */
int es_dps_queue(const EsDag *d, int *order, double *dp, double *top);
/* The ScheduleQ alone, in a new array[n] the caller frees; NULL when out
 * of memory. */
int *es_dps_queue_new(const EsDag *d);
/* DPS's fallback (Fig. 5.1.b): when the makespan exceeds the serial time
 * on the best single processor, run everything there. */
void es_dps_fallback(EsListSched *ls, const int *order);

/* EASEF's phases 1-2 (easef.c): the schedule order after path determining
 * and application reconstruction. path_lengths[n] (optional) receives each
 * extracted path's length, *npaths (optional) their number. */
int es_easef_order(const EsDag *d, int *order, double *path_lengths, int *npaths);

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

/* The denominator of SLR (EASEF Eq. 21; extraction garbled it and we read
 * it from the prose and HEFT's definition): the least, over processors k,
 * of the sum of w(v, k) along the critical path by mean costs; *proc gets k. */
double es_dag_slr_base(const EsProblem *p, const EsDag *d, int *proc);

/* ---- DVFS post-passes ---- */

/* Applies the DVFS strategy spec to a timed solution without increasing
 * its makespan beyond horizon (0: its current makespan):
 *   none         nothing
 *   off-idle     idle processors off (the dissertation's 5V/off)
 *   low-idle:L   idle processors at level L (2V / 3.3V during idle)
 *   scale:L      a task is slowed to level L when its slowed finish still
 *                precedes its successors' starts (and the next task on its
 *                processor); idle at L (2V / 3.3V scale)
 *   scale        as scale:L, each task at the slowest level that fits
 *   evenly       EvenlyDVS, the baseline of EASEF (reconstructed; see
 *                dvfs_evenly.c)
 *   equalize     EASEF's frequency equalizing (Algorithm 4, Eq. 13-20)
 * Errors: unknown strategy, level out of range. */
int es_dvfs_apply(const EsProblem *p, const char *spec, double horizon, EsSolution *s,
                  EsError *err);
/* NULL-terminated names of the strategies, for help texts. */
const char *const *es_dvfs_names(void);

/* The passes themselves (one file each). level < 0: the slowest that fits. */
int es_dvfs_idle(const EsProblem *p, int state, EsSolution *s, EsError *err);
int es_dvfs_scale(const EsProblem *p, int level, double horizon, EsSolution *s, EsError *err);
int es_dvfs_evenly(const EsProblem *p, double horizon, EsSolution *s, EsError *err);
int es_dvfs_equalize(const EsProblem *p, double horizon, EsSolution *s, EsError *err);

/* What the passes share while they change a schedule s: its DAG, the
 * timelines of s (kept in step by es_dvfs_set_copy) and its duplicates. */
typedef struct EsDvfsState {
  EsDag dag;
  EsTimeline tl;
  EsDupIndex ix;
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
/* Runs a copy at label as late as it may: ending at lf, or from its
 * current start when it lasts longer than that leaves. */
int es_dvfs_end_at(const EsProblem *p, EsDvfsState *st, EsSolution *s, int v, int copy, int label,
                   double lf);
/* The slowest level of device dev at which task v lasts at most dur (the
 * level it runs at now when none is slower); returns its label. */
int es_dvfs_slowest_fitting(const EsProblem *p, int v, int dev, double dur, int current);

#endif
