/* The exact solver of a problem's shape (exact.h), the one rule that the
 * default choice, energy-deadline and capacity share. */
#include "scheduler/exact/exact.h"
#include "scheduler/lp/milp.h"

enum { BRUTE_TASKS = 20 };

EsAlgoFn es_exact_solver(const EsProblem *p, long max_cells, const char **name) {
  EsAlgoFn run = NULL;
  *name = NULL;
  if (!p->has_shared && es_problem_is_forest(p))
    *name = "tree-dp", run = es_tree_dp;
  else if (p->ndevices <= 2)
    *name = "mincut", run = es_mincut;
  else if (es_milp_available() && (max_cells <= 0 || (long)p->ntasks * p->nlabels <= max_cells))
    *name = "ilp", run = es_ilp;
  else if (!es_milp_available() && p->ntasks <= BRUTE_TASKS)
    *name = "brute", run = es_brute;
  return run;
}
