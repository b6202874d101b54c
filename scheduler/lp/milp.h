/* A small mixed-integer program builder over GLPK, the only file that sees
 * glpk.h (milp_glpk.c). Columns and rows are 0-based here; the conversion to
 * GLPK's 1-based indices happens in one named helper there.
 *
 * GLPK is loaded at run time, when first asked for (libglpk.so.40, or the
 * library ESCHED_GLPK_PATH names; "none" disables it). Without it (not
 * installed, or esched built without glpk.h) every function still links:
 * es_milp_new returns NULL and es_milp_available() is false, so callers
 * report ES_ENOSUP, with es_milp_require's message.
 */
#ifndef ESCHED_SCHEDULER_MILP_H
#define ESCHED_SCHEDULER_MILP_H

#include <stdbool.h>

#include "scheduler/base/error.h"

typedef struct EsMilp EsMilp;

typedef enum EsMilpStatus {
  ES_MILP_OPTIMAL = 0,
  ES_MILP_FEASIBLE, /* time limit hit with an incumbent; see gap */
  ES_MILP_INFEASIBLE,
  ES_MILP_NO_SOLUTION, /* time limit hit without an incumbent */
} EsMilpStatus;

typedef struct EsMilpResult {
  EsMilpStatus status;
  double objective; /* of the incumbent */
  double bound;     /* best proven bound on the optimum */
  double gap;       /* |objective - bound| / max(|objective|, 1e-12); 0 when optimal */
  double seconds;   /* wall time of the solve */
} EsMilpResult;

/* Whether GLPK is loaded (the first call tries to load it). */
bool es_milp_available(void);
/* ES_OK when GLPK is loaded; else ES_ENOSUP with a message in err that
 * says why, and how to install it, naming who needs it ("ilp"). */
int es_milp_require(const char *who, EsError *err);

/* A minimization problem; NULL when out of memory or without GLPK. */
EsMilp *es_milp_new(void);
void es_milp_free(EsMilp *m);

/* Adds a column with bounds [lo, hi] (use -INFINITY / INFINITY for none),
 * objective coefficient obj, integer when integer. Returns its index. */
int es_milp_add_col(EsMilp *m, double lo, double hi, double obj, bool integer);
/* Adds the row lo <= sum vals[i] * x[cols[i]] <= hi. Returns its index. */
int es_milp_add_row(EsMilp *m, double lo, double hi, int n, const int *cols, const double *vals);

/* Gives the solver a known solution x[0 .. ncols-1] (copied) to start from:
 * branch and bound then prunes against it from the first node, so a solve
 * stopped by its time limit is never worse than x. Ignored when x is not
 * integer feasible. Call after the last column is added. ES_ENOMEM or 0. */
int es_milp_set_start(EsMilp *m, const double *x);

/* Called about once a second during a solve: seconds so far, the
 * incumbent's objective (NAN while none), the best proven bound (NAN while
 * none). */
typedef void (*EsMilpProgress)(void *ctx, double seconds, double incumbent, double bound);
void es_milp_set_progress(EsMilp *m, EsMilpProgress fn, void *ctx);

/* Solves with branch and cut; time_limit in seconds (0 = none). Errors only
 * for solver failures (GLPK's own error codes named in the message);
 * infeasibility and time limits are statuses. */
int es_milp_solve(EsMilp *m, double time_limit, EsMilpResult *res, EsError *err);
/* Value of column col in the incumbent. */
double es_milp_value(const EsMilp *m, int col);

#endif
