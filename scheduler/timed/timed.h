/* Timed list schedulers: minimum makespan on heterogeneous processors at
 * the top DVFS level (one file each), and the phases two of them share. */
#ifndef ESCHED_SCHEDULER_TIMED_TIMED_H
#define ESCHED_SCHEDULER_TIMED_TIMED_H

#include "scheduler/base/error.h"
#include "scheduler/model/problem.h"
#include "scheduler/model/solution.h"
#include "scheduler/timed/list_sched.h"

int es_heft(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_ceft(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_cpop(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_dps(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_hnpd(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_easef(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);

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

/* EASEF's phase 1 (Algorithm 1, easef_paths.c): repeatedly the critical
 * path of the tasks left, by upward + downward rank with mean costs,
 * removed. ps receives the paths (freed with es_easef_paths_free); lengths
 * (optional, [n]) each path's length, the upward rank of its first task.
 * Ranks are kept as bounds made exact where a path needs them, or all
 * recomputed in one pass after a path that lowered many: O((V + E) (1 +
 * sweeps) + ranks made exact log V). */
typedef struct EsPaths {
  int *task;  /* [n]: the tasks path by path, each in path order */
  int *first; /* [npaths + 1] */
  int npaths;
} EsPaths;
int es_easef_paths(const EsDag *d, EsPaths *ps, double *lengths);
void es_easef_paths_free(EsPaths *ps);

/* EASEF's phases 1-2 (easef.c): the schedule order after path determining
 * and application reconstruction. path_lengths[n] (optional) receives each
 * extracted path's length, *npaths (optional) their number. */
int es_easef_order(const EsDag *d, int *order, double *path_lengths, int *npaths);

#endif
