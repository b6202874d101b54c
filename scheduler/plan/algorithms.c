/* The algorithm registry, the default choice, and result checking. */
#include "scheduler/plan/algorithms.h"
#include "scheduler/constrained/capacity.h"
#include "scheduler/constrained/energy_deadline.h"
#include "scheduler/exact/exact.h"
#include "scheduler/model/memory.h"
#include "scheduler/model/solution.h"
#include "scheduler/timed/timed.h"
#include "scheduler/timeline/timeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"

static const EsAlgorithm registry[] = {
    {"tree-dp", "exact DP for task trees and forests (Silberstein 2011, Fig. 4)", es_tree_dp, true,
     false},
    {"mincut", "exact s-t minimum cut for any DAG on two devices", es_mincut, true, false},
    {"ilp", "exact integer program (GLPK) for any DAG and any number of devices", es_ilp, true,
     false},
    {"brute", "exhaustive search (at most 20 tasks)", es_brute, true, false},
    {"single", "single:DEVICE, every task on one device (CPU-only, GPU-only baselines)", es_single,
     false, true},
    {"greedy", "each task on its cheapest device, transfers ignored (hybrid-greedy)", es_greedy,
     false, false},
    {"heft", "timed: HEFT, upward rank and insertion-based earliest finish time", es_heft, false,
     false},
    {"ceft", "timed: CEFT, constrained critical paths each on one processor (Khan 2012)", es_ceft,
     false, false},
    {"cpop", "timed: CPOP, critical path on one processor (Topcuoglu et al. 2002)", es_cpop, false,
     false},
    {"dps", "timed: DPS, decisive-path queue and EFT (EADAGS's scheduler)", es_dps, false, false},
    {"hnpd", "timed: HNPD, DPS with insertion and predecessor duplication (EAGS-D)", es_hnpd, false,
     false},
    {"easef", "timed: EASEF, path determining, reconstruction, EFT, frequency equalizing", es_easef,
     false, false},
    {"energy-deadline", "minimum energy under --deadline T (exact on trees, repaired on DAGs)",
     es_energy_deadline, false, false},
    {"capacity", "minimum energy within device memory (Lagrangian bound and gap, repaired)",
     es_capacity, false, false},
    {NULL, NULL, NULL, false, false},
};

const EsAlgorithm *es_algorithm_list(void) { return registry; }

bool es_algorithm_timed(const char *spec) {
  static const char *const timed[] = {"heft", "ceft", "cpop", "dps", "hnpd", "easef", NULL};
  for (int i = 0; timed[i]; i++)
    if (!strcmp(spec, timed[i]))
      return true;
  return false;
}

const EsAlgorithm *es_algorithm_find(const char *spec, const char **param) {
  const char *colon = strchr(spec, ':');
  size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
  *param = colon ? colon + 1 : NULL;
  for (const EsAlgorithm *a = registry; a->name; a++)
    if (strlen(a->name) == len && strncmp(a->name, spec, len) == 0)
      return (a->needs_param == (colon != NULL)) ? a : NULL;
  return NULL;
}

const char *es_algorithm_default(const EsProblem *p, char *why, int whylen) {
  const char *name;
  es_exact_solver(p, 0, &name);
  if (p->memory_bound) {
    snprintf(why, (size_t)whylen, "device memory is bounded (%s for the relaxation)",
             name ? name : "no exact solver");
    return name ? "capacity" : NULL;
  }
  if (!name)
    snprintf(why, (size_t)whylen,
             "no exact algorithm for a DAG on %d devices without GLPK; install libglpk40 "
             "(or set ESCHED_GLPK_PATH)",
             p->ndevices);
  else if (!strcmp(name, "tree-dp"))
    snprintf(why, (size_t)whylen, "the data dependencies form a tree or forest");
  else if (!strcmp(name, "mincut"))
    snprintf(why, (size_t)whylen, "%s on %d device%s",
             p->has_shared ? "shared data items" : "a DAG", p->ndevices,
             p->ndevices == 1 ? "" : "s");
  else if (!strcmp(name, "ilp"))
    snprintf(why, (size_t)whylen, "a DAG on %d devices", p->ndevices);
  else
    snprintf(why, (size_t)whylen, "a small DAG on %d devices (GLPK not loaded)", p->ndevices);
  return name;
}

/* tree-dp and mincut ignore device memory: their answer stands only when
 * it fits. */
static int check_memory(const EsProblem *p, const char *spec, const int *labels, EsError *err) {
  EsMemory m;
  int rc = es_memory_init(&m, p, err), d = 0, k = 0;
  double excess = 0;
  if (!rc && !es_memory_fits(&m, labels, &d, &k, &excess))
    rc = es_error_set(err, ES_EINFEAS, NULL, 0, 0,
                      "%s does not plan with device memory, and its assignment needs %.4g B on "
                      "%s at step %d, which holds %.4g B; use --algo capacity (or ilp)",
                      spec, p->memory[d] + excess, p->device_names[d], k, p->memory[d]);
  es_memory_free(&m);
  return rc;
}

int es_algorithm_run(const char *spec, const EsProblem *p, const EsAlgoOptions *opt,
                     EsSolution *out, EsError *err) {
  const char *param;
  const EsAlgorithm *a = es_algorithm_find(spec, &param);
  if (!a)
    return es_error_set(err, ES_EINVAL, NULL, 0, 0, "unknown algorithm '%s'", spec);
  EsAlgoOptions o = opt ? *opt : (EsAlgoOptions){0};
  o.param = param;
  int rc = a->run(p, &o, out, err);
  if (rc)
    return rc;
  for (int v = 0; v < p->ntasks; v++) {
    int l = out->label[v];
    if (l < 0 || l >= p->nlabels || isinf(es_problem_task_cost(p, v, l)))
      return es_error_set(err, ES_ESOLVER, NULL, 0, 0,
                          "internal error: %s gave task %d the forbidden label %d", spec, v, l);
  }
  if (p->memory_bound && (a->run == es_tree_dp || a->run == es_mincut) &&
      (rc = check_memory(p, spec, out->label, err)))
    return rc;
  EsError why = {0}; /* the validator's finding, reported once below */
  if (out->start && es_timed_validate(p, out, 1e-6, &why))
    return es_error_set(err, ES_ESOLVER, NULL, 0, 0, "internal error: %s: invalid schedule: %s",
                        spec, why.message);
  return ES_OK;
}
