/* The algorithm registry, the default choice, and result checking. */
#include "scheduler/algorithms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/timed.h"
#include "scheduler/vec.h"

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
  if (!p->has_shared && es_problem_is_forest(p)) {
    snprintf(why, (size_t)whylen, "the data dependencies form a tree or forest");
    return "tree-dp";
  }
  if (p->ndevices <= 2) {
    snprintf(why, (size_t)whylen, "%s on %d device%s",
             p->has_shared ? "shared data items" : "a DAG", p->ndevices,
             p->ndevices == 1 ? "" : "s");
    return "mincut";
  }
#ifdef ESCHED_HAVE_GLPK
  snprintf(why, (size_t)whylen, "a DAG on %d devices", p->ndevices);
  return "ilp";
#else
  if (p->ntasks <= 20) {
    snprintf(why, (size_t)whylen, "a small DAG on %d devices (GLPK not built in)", p->ndevices);
    return "brute";
  }
  snprintf(why, (size_t)whylen,
           "no exact algorithm for a DAG on %d devices without GLPK; install libglpk-dev",
           p->ndevices);
  return NULL;
#endif
}

int es_solution_init(EsSolution *s, int ntasks, bool timed) {
  memset(s, 0, sizeof *s);
  s->ntasks = ntasks;
  s->bound = NAN;
  s->label = calloc((size_t)ntasks + 1, sizeof *s->label);
  if (timed) {
    s->start = calloc((size_t)ntasks + 1, sizeof *s->start);
    s->finish = calloc((size_t)ntasks + 1, sizeof *s->finish);
  }
  if (!s->label || (timed && (!s->start || !s->finish))) {
    es_solution_free(s);
    return ES_ENOMEM;
  }
  return ES_OK;
}

int es_solution_make_timed(EsSolution *s) {
  if (!s->start)
    s->start = calloc((size_t)s->ntasks + 1, sizeof *s->start);
  if (!s->finish)
    s->finish = calloc((size_t)s->ntasks + 1, sizeof *s->finish);
  return s->start && s->finish ? ES_OK : ES_ENOMEM;
}

int es_solution_set_idle(EsSolution *s, int ndevices) {
  if (s->idle_state)
    return ES_OK;
  s->idle_state = malloc(((size_t)ndevices + 1) * sizeof *s->idle_state);
  if (!s->idle_state)
    return ES_ENOMEM;
  s->ndevices = ndevices;
  for (int d = 0; d < ndevices; d++)
    s->idle_state[d] = ES_IDLE_DEVICE;
  return ES_OK;
}

int es_solution_copy(EsSolution *dst, const EsSolution *src) {
  if (es_solution_init(dst, src->ntasks, src->start != NULL))
    return ES_ENOMEM;
  size_t n = (size_t)src->ntasks;
  memcpy(dst->label, src->label, n * sizeof *dst->label);
  if (src->start) {
    memcpy(dst->start, src->start, n * sizeof *dst->start);
    memcpy(dst->finish, src->finish, n * sizeof *dst->finish);
  }
  for (int i = 0; i < src->ndups; i++)
    if (es_solution_add_duplicate(dst, src->dups[i]))
      goto fail;
  if (src->idle_state) {
    if (es_solution_set_idle(dst, src->ndevices))
      goto fail;
    memcpy(dst->idle_state, src->idle_state, (size_t)src->ndevices * sizeof(int));
  }
  dst->bound = src->bound;
  memcpy(dst->note, src->note, sizeof dst->note);
  return ES_OK;
fail:
  es_solution_free(dst);
  return ES_ENOMEM;
}

void es_solution_free(EsSolution *s) {
  if (!s)
    return;
  free(s->idle_state);
  free(s->label);
  free(s->start);
  free(s->finish);
  free(s->dups);
  memset(s, 0, sizeof *s);
}

int es_solution_add_duplicate(EsSolution *s, EsDuplicate d) {
  if (es_vec_reserve(&s->dups, &s->dups_cap, s->ndups + 1, sizeof *s->dups))
    return ES_ENOMEM;
  s->dups[s->ndups++] = d;
  return ES_OK;
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
  EsError why = {0}; /* the validator's finding, reported once below */
  if (out->start && es_timed_validate(p, out, 1e-6, &why))
    return es_error_set(err, ES_ESOLVER, NULL, 0, 0, "internal error: %s: invalid schedule: %s",
                        spec, why.message);
  return ES_OK;
}
