/* From graph to schedule (plan.h). */
#include "scheduler/plan.h"

#include <stdio.h>
#include <string.h>

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

static int add_baselines(const EsProblem *p, const EsAlgoOptions *ao, EsSchedule *s,
                         EsError *err) {
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

int es_plan(EsGraph *g, const EsPlanOptions *opt, EsSchedule **out, char *chosen,
            int chosen_len, char *why, int why_len, EsError *err) {
  EsProblem p;
  int rc = es_problem_build(g, &opt->problem, &p, err);
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
  if (!rc) {
    *out = es_schedule_from_solution(g, &p, &sol, algo);
    if (!*out)
      rc = es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  }
  es_solution_free(&sol);
  if (!rc && opt->baselines && (rc = add_baselines(&p, &opt->algo, *out, err))) {
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
