/* Minimum cost within the devices' memory (capacity.c). */
#ifndef ESCHED_SCHEDULER_CONSTRAINED_CAPACITY_H
#define ESCHED_SCHEDULER_CONSTRAINED_CAPACITY_H

#include "scheduler/base/error.h"
#include "scheduler/model/problem.h"
#include "scheduler/model/solution.h"

/* The assignment of least cost found whose resident data fits every
 * device's memory (memory.h), with the Lagrangian lower bound in
 * out->bound and the gap and peaks in out->note. Errors: ES_ENOSUP without
 * an exact solver for the relaxation, ES_EINFEAS when no assignment found
 * fits, out of memory. */
int es_capacity(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);

#endif
