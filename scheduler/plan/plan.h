/* Planning: the one path from a task graph to a schedule that every tool
 * shares (the esched command, the rewriter, the runtime's deferred mode):
 * bind the graph to its costs, choose or look up the algorithm, run it, and
 * evaluate the baselines beside it. */
#ifndef ESCHED_SCHEDULER_PLAN_H
#define ESCHED_SCHEDULER_PLAN_H

#include <stdbool.h>

#include "scheduler/model/solution.h"
#include "scheduler/plan/algorithms.h"
#include "scheduler/model/problem.h"
#include "scheduler/model/schedule.h"

typedef struct EsPlanOptions {
  EsProblemOptions problem;
  const char *algorithm; /* NULL: es_algorithm_default */
  EsAlgoOptions algo;
  bool baselines;   /* also run single:DEVICE for every device, and greedy */
  const char *dvfs; /* timed algorithms: DVFS post-pass (timed.h), NULL: none */
} EsPlanOptions;

/* Schedules g. On success *out is the schedule (owned by the caller; it
 * borrows names from g and the platform), and chosen/why (if not NULL)
 * receive the algorithm used and, when it was chosen by default, the reason
 * (empty otherwise). */
int es_plan(EsGraph *g, const EsPlanOptions *opt, EsSchedule **out, char *chosen, int chosen_len,
            char *why, int why_len, EsError *err);

/* The baseline names: "DEVICE-only" for single:DEVICE, else the spec. */
void es_plan_baseline_name(const char *spec, char *buf, int len);

#endif
