/* The crown algorithm registry (`--algo crown-*`) and the checked, timed
 * entry point every caller goes through. */
#include <string.h>

#include "scheduler/crown/crown_internal.h"
#include "scheduler/lp/milp.h"

static const EsCrownAlgorithm registry[] = {
    {"crown-fast", "fast allocation, LTLG mapping, Height scaling (Sec. 3.1, 3.3, 3.5)",
     es_crown_fast, false},
    {"crown-bin", "binary search on the minimal efficiency, with LTLG and Height (Sec. 3.6)",
     es_crown_bin, false},
    {"crown-sa", "simulated annealing over allocations from crown-bin's (Sec. 3.7)", es_crown_sa,
     false},
    {"crown-ilp",
     "phase-separated ILPs: allocation, load-balanced mapping, scaling (GLPK; Sec. 3.1-3.4)",
     es_crown_ilp, true},
    {"crown-integrated", "integrated ILP of allocation, mapping and scaling (GLPK; Sec. 4)",
     es_crown_integrated, true},
    {NULL, NULL, NULL, false},
};

const EsCrownAlgorithm *es_crown_algorithm_list(void) { return registry; }

const EsCrownAlgorithm *es_crown_algorithm_find(const char *name) {
  for (const EsCrownAlgorithm *a = registry; a->name; a++)
    if (strcmp(a->name, name) == 0)
      return a;
  return NULL;
}

int es_crown_run(const char *name, const EsCrownProblem *p, const EsCrownOptions *opt,
                 EsCrownSchedule **out, EsError *err) {
  const EsCrownAlgorithm *a = es_crown_algorithm_find(name);
  if (!a)
    return es_error_set(err, ES_EINVAL, NULL, 0, 0, "unknown crown algorithm '%s'", name);
  if (a->needs_milp && es_milp_require(name, err))
    return ES_ENOSUP;
  double start = crown_now();
  *out = NULL;
  int rc = a->run(p, opt, out, err);
  if (rc)
    return rc;
  (*out)->seconds = crown_now() - start;
  EsError check = {0};
  if (es_crown_schedule_check(p, *out, &check)) {
    es_crown_schedule_free(*out);
    *out = NULL;
    return es_error_set(err, ES_ESOLVER, NULL, 0, 0, "internal error: %s: %s", name, check.message);
  }
  return ES_OK;
}
