/* The core every list scheduler shares: an empty timed schedule, data-ready
 * and earliest start times, placing tasks and their duplicates (HEFT's EFT
 * phase and the dissertation's fallback). */
#ifndef ESCHED_SCHEDULER_TIMED_LIST_SCHED_H
#define ESCHED_SCHEDULER_TIMED_LIST_SCHED_H

#include <stdbool.h>

#include "scheduler/model/dag.h"
#include "scheduler/model/solution.h"
#include "scheduler/timeline/timeline.h"

/* ---- list scheduling ---- */

/* The state every list scheduler shares: the solution being built, the
 * timelines, and the duplicates. */
typedef struct EsListSched {
  const EsProblem *p;
  const EsDag *dag;
  EsSolution *sol;
  EsTimeline tl;
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
/* Records v on dev at start, level 0, in the solution only: its slot is not
 * taken on the timeline (a trial whose later tasks start after it). */
void es_ls_record(EsListSched *ls, int v, int dev, double start);
int es_ls_place_dup(EsListSched *ls, int v, int dev, double start);
void es_ls_unplace_dup(EsListSched *ls, int dup);
/* Moves v's own slot to a new start on its device. */
void es_ls_move(EsListSched *ls, int v, double start);
/* The task at order[i] of order[0..n), the next a loop places in order;
 * asks the cache for what placing order[i + 16] and order[i + 4] will
 * read. */
int es_ls_next(const EsListSched *ls, const int *order, int i, int n);
/* Schedules tasks in order on the EFT device (HEFT's second phase). */
int es_ls_run_eft(EsListSched *ls, const int *order, bool insertion);
/* Replaces the schedule by all tasks in order on one device d (the
 * dissertation's all-on-fastest-processor fallback). */
void es_ls_all_on(EsListSched *ls, const int *order, int d);
#endif
