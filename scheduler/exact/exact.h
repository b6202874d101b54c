/* Minimum-energy (or time) assignments of the serial model (problem.h):
 * the exact solvers and the papers' baselines, one file each. */
#ifndef ESCHED_SCHEDULER_EXACT_EXACT_H
#define ESCHED_SCHEDULER_EXACT_EXACT_H

#include "scheduler/base/error.h"
#include "scheduler/model/problem.h"
#include "scheduler/model/solution.h"

int es_tree_dp(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_mincut(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
/* Seconds the ilp may search when EsAlgoOptions.time_limit is 0. At the
 * limit it returns the best assignment found (never worse than the greedy
 * baseline it starts from) with its proven gap in the solution's note. */
#define ES_ILP_DEFAULT_TIME_LIMIT 60.0
int es_ilp(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_brute(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_single(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_greedy(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);

/* The exact solver of p's shape (ignoring device memory): tree-dp on
 * forests whose items each have one reader, mincut on two devices, else
 * ilp when GLPK is built in (and tasks x labels <= max_cells, unless
 * max_cells <= 0), else brute for at most 20 tasks. NULL when none applies.
 * *name receives its --algo name (NULL with none). */
EsAlgoFn es_exact_solver(const EsProblem *p, long max_cells, const char **name);

#endif
