/* Minimum energy under a makespan bound (energy_deadline.c). */
#ifndef ESCHED_SCHEDULER_CONSTRAINED_ENERGY_DEADLINE_H
#define ESCHED_SCHEDULER_CONSTRAINED_ENERGY_DEADLINE_H

#include <stdbool.h>

#include "scheduler/base/error.h"
#include "scheduler/model/problem.h"
#include "scheduler/model/solution.h"

int es_energy_deadline(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
/* Its serial part: labels[ntasks] of least energy found with serial time
 * <= deadline, that energy (INFINITY when none was found), a lower bound
 * on the optimum (the DP's on trees, the Lagrangian's), and whether the
 * energy is proven optimal. */
int es_energy_deadline_serial(const EsProblem *p, double deadline, int *labels, double *energy,
                              double *bound, bool *optimal, EsError *err);

#endif
