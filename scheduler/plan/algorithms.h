/* The algorithm table: the `--algo` names, their entry points, the default
 * choice for a problem, and running one with its result checked. The
 * algorithms themselves live in their rooms (exact/, timed/, constrained/);
 * this table is the only place that names them all. */
#ifndef ESCHED_SCHEDULER_PLAN_ALGORITHMS_H
#define ESCHED_SCHEDULER_PLAN_ALGORITHMS_H

#include <stdbool.h>

#include "scheduler/base/error.h"
#include "scheduler/model/problem.h"
#include "scheduler/model/solution.h"

typedef struct EsAlgorithm {
  const char *name;
  const char *summary;
  EsAlgoFn run;
  bool exact;       /* proves optimality of the objective it minimizes */
  bool needs_param; /* name:PARAM */
} EsAlgorithm;

/* Looks up spec ("tree-dp", "single:gpu"); stores the parameter in *param
 * (NULL when none). Returns NULL for an unknown name. */
const EsAlgorithm *es_algorithm_find(const char *spec, const char **param);
/* Whether spec names a timed list scheduler (heft, ceft, cpop, dps, hnpd, easef):
 * it minimizes the makespan and needs times, not energies. */
bool es_algorithm_timed(const char *spec);
/* The registry, terminated by an entry whose name is NULL. */
const EsAlgorithm *es_algorithm_list(void);

/* The algorithm `esched schedule` uses when none is named: tree-dp when the
 * items form a forest and none is shared, mincut for two devices, ilp when
 * GLPK is built in, else brute for small instances. why receives a short
 * reason ("the graph is an in-tree"). Returns NULL when none applies. */
const char *es_algorithm_default(const EsProblem *p, char *why, int whylen);

/* Runs spec on p. Checks the result: every label allowed, and times
 * consistent when timed. */
int es_algorithm_run(const char *spec, const EsProblem *p, const EsAlgoOptions *opt,
                     EsSolution *out, EsError *err);

#endif
