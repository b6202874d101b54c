/* DVFS post-passes over timed schedules, behind one table of names. */
#ifndef ESCHED_SCHEDULER_DVFS_DVFS_H
#define ESCHED_SCHEDULER_DVFS_DVFS_H

#include "scheduler/base/error.h"
#include "scheduler/model/problem.h"
#include "scheduler/model/solution.h"

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

#endif
