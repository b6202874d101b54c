/* From graph to schedule (plan.h). */
#include "scheduler/plan/plan.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "scheduler/model/solution.h"
#include "scheduler/plan/algorithms.h"
#include "scheduler/timeline/timeline.h"
#include "scheduler/dvfs/dvfs.h"

/* Records a timed solution's simulation (makespan, energy parts, SLR, ECR)
 * and the idle states of its devices; total_energy becomes the simulated
 * energy when it is known. */
static int record_timed(EsSchedule *s, const EsProblem *p, const EsSolution *sol,
                        const char *dvfs) {
  EsTimedMetrics m;
  if (!sol->start || es_timed_simulate(p, sol, &m))
    return ES_OK;
  s->makespan = m.makespan;
  s->dvfs = dvfs ? es_arena_strdup(&s->arena, dvfs) : NULL;
  if (!isnan(m.energy)) {
    s->total_energy = m.energy;
    s->energy_active = m.active, s->energy_idle = m.idle, s->energy_transfer = m.transfer;
    s->slr = m.slr, s->ecr = m.ecr;
  }
  if (!sol->idle_state)
    return ES_OK;
  free(s->idle_device), free(s->idle_state);
  s->idle_device = malloc(((size_t)p->ndevices + 1) * sizeof *s->idle_device);
  s->idle_state = malloc(((size_t)p->ndevices + 1) * sizeof *s->idle_state);
  if (!s->idle_device || !s->idle_state)
    return ES_ENOMEM;
  s->nidle = 0;
  for (int d = 0; d < p->ndevices; d++)
    if (sol->idle_state[d] != ES_IDLE_DEVICE)
      s->idle_device[s->nidle] = p->device_names[d], s->idle_state[s->nidle++] = sol->idle_state[d];
  return ES_OK;
}

void es_plan_baseline_name(const char *spec, char *buf, int len) {
  if (strncmp(spec, "single:", 7) == 0)
    snprintf(buf, (size_t)len, "%s-only", spec + 7);
  else
    snprintf(buf, (size_t)len, "%s", spec);
}

static int run_baseline(const EsProblem *p, const char *spec, const EsAlgoOptions *ao,
                        EsSchedule *s, EsError *err) {
  EsSolution sol;
  if (es_solution_init(&sol, p->ntasks, false))
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  EsError ignored = {0}; /* a baseline that cannot run is left out, not an error */
  int rc = ES_OK;
  if (es_algorithm_run(spec, p, ao, &sol, &ignored) == ES_OK) {
    char name[80];
    es_plan_baseline_name(spec, name, sizeof name);
    rc = es_schedule_add_baseline(s, name, es_problem_evaluate(p, ES_OBJ_ENERGY, sol.label),
                                  es_problem_evaluate(p, ES_OBJ_TIME, sol.label));
    if (rc)
      es_error_set(err, rc, NULL, 0, 0, "out of memory");
  }
  es_solution_free(&sol);
  return rc;
}

static int add_baselines(const EsProblem *p, const EsAlgoOptions *ao, EsSchedule *s, EsError *err) {
  int rc = ES_OK;
  for (int d = 0; d < p->ndevices && !rc; d++) {
    char spec[80];
    snprintf(spec, sizeof spec, "single:%s", p->device_names[d]);
    rc = run_baseline(p, spec, ao, s, err);
  }
  if (!rc && p->ndevices > 1)
    rc = run_baseline(p, "greedy", ao, s, err);
  return rc;
}

/* Applies opt->dvfs to a timed solution, recording its energy and makespan
 * before the pass (the no-dvfs baseline), and validates the result. */
static int apply_dvfs(const EsProblem *p, const EsPlanOptions *opt, EsSolution *sol, double *before,
                      double *before_ms, EsError *err) {
  EsTimedMetrics m;
  if (sol->start && es_timed_simulate(p, sol, &m) == ES_OK)
    *before = m.energy, *before_ms = m.makespan;
  int rc = es_dvfs_apply(p, opt->dvfs, opt->algo.deadline, sol, err);
  EsError why = {0};
  if (!rc && es_timed_validate(p, sol, 1e-6, &why))
    rc = es_error_set(err, ES_ESOLVER, NULL, 0, 0, "internal error: --dvfs %s: %s", opt->dvfs,
                      why.message);
  return rc;
}

int es_plan(EsGraph *g, const EsPlanOptions *opt, EsSchedule **out, char *chosen, int chosen_len,
            char *why, int why_len, EsError *err) {
  EsProblem p;
  EsProblemOptions po = opt->problem;
  if (opt->algorithm && es_algorithm_timed(opt->algorithm))
    po.objective = ES_OBJ_TIME; /* list schedulers minimize makespan; energies optional */
  int rc = es_problem_build(g, &po, &p, err);
  if (rc)
    return rc;
  char reason[160] = "";
  const char *algo = opt->algorithm;
  if (!algo && !(algo = es_algorithm_default(&p, reason, sizeof reason))) {
    rc = es_error_set(err, ES_ENOSUP, g->file, 0, 0, "%s", reason);
    goto out;
  }
  EsSolution sol;
  if ((rc = es_solution_init(&sol, p.ntasks, false))) {
    es_error_set(err, rc, NULL, 0, 0, "out of memory");
    goto out;
  }
  rc = es_algorithm_run(algo, &p, &opt->algo, &sol, err);
  double before = NAN, before_ms = NAN;
  if (!rc && opt->dvfs)
    rc = apply_dvfs(&p, opt, &sol, &before, &before_ms, err);
  if (!rc) {
    *out = es_schedule_from_solution(g, &p, &sol, algo);
    if (!*out || record_timed(*out, &p, &sol, opt->dvfs))
      rc = es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  }
  bool timed = sol.start != NULL;
  es_solution_free(&sol);
  if (!rc && timed && !isnan(before))
    rc = es_schedule_add_baseline(*out, "no-dvfs", before, before_ms);
  if (!rc && opt->baselines && !timed && (rc = add_baselines(&p, &opt->algo, *out, err))) {
    es_schedule_free(*out);
    *out = NULL;
  }
  if (chosen)
    snprintf(chosen, (size_t)chosen_len, "%s", algo);
  if (why)
    snprintf(why, (size_t)why_len, "%s", opt->algorithm ? "" : reason);
out:
  es_problem_free(&p);
  return rc;
}
