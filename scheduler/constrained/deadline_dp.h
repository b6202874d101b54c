/* The serial model's minimum energy under a deadline on task trees and
 * forests, by dynamic programming over discretised time (deadline_dp.c). */
#ifndef ESCHED_SCHEDULER_CONSTRAINED_DEADLINE_DP_H
#define ESCHED_SCHEDULER_CONSTRAINED_DEADLINE_DP_H

#include <stdbool.h>

#include "scheduler/base/error.h"
#include "scheduler/model/problem.h"

typedef struct EsDeadlineDp {
  double energy; /* of labels; INFINITY when the DP found none meeting the deadline */
  double bound;  /* a lower bound on the optimum (energy itself when exact) */
  double step;   /* q, the time step */
  bool exact;    /* every time is whole steps: energy is the optimum */
  int *labels;   /* [ntasks], the caller's: the assignment found */
} EsDeadlineDp;

/* Minimum serial-model energy with serial time <= deadline (problem.h) on a
 * forest whose items each have one reader; out->labels must hold ntasks.
 * max_cells bounds tasks x devices x steps (memory), max_work the terms
 * of the convolutions (time); a grid too fine for them falls back to the
 * coarse one. Errors: ES_ESHAPE for other shapes, ES_ELIMIT, out of memory. */
int es_deadline_dp(const EsProblem *p, double deadline, long max_cells, double max_work,
                   EsDeadlineDp *out, EsError *err);

#endif
