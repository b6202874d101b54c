/* The baselines Silberstein 2011 compares against (Section 6.1), and the
 * exhaustive search that checks the exact algorithms.
 *
 * single:DEVICE  every task on DEVICE (pinned tasks stay where they are),
 *                each at its cheapest level: the paper's CPU-only / GPU-only;
 * greedy         each task on its own cheapest label, transfers ignored: the
 *                paper's hybrid-greedy;
 * brute          every assignment, evaluated under problem.h's exact model;
 *                with opt->deadline > 0 only those whose serial time meets it
 *                (the oracle of energy-deadline), and only those that fit
 *                the devices' memory (memory.h) when some is bounded.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/exact/exact.h"
#include "scheduler/model/memory.h"
#include "scheduler/model/solution.h"

/* The cheapest allowed label of task v, restricted to device d unless d < 0. */
static int cheapest_label(const EsProblem *p, int v, int d) {
  int best = -1;
  for (int l = 0; l < p->nlabels; l++) {
    if (d >= 0 && p->label_device[l] != d)
      continue;
    double c = es_problem_task_cost(p, v, l);
    if (!isinf(c) && (best < 0 || c < es_problem_task_cost(p, v, best)))
      best = l;
  }
  return best;
}

int es_single(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  int d = -1;
  for (int i = 0; opt->param && i < p->ndevices; i++)
    if (strcmp(p->device_names[i], opt->param) == 0)
      d = i;
  if (d < 0)
    return es_error_set(err, ES_EINVAL, NULL, 0, 0, "single:%s names no device of the problem",
                        opt->param ? opt->param : "");
  for (int v = 0; v < p->ntasks; v++) {
    int l = cheapest_label(p, v, d);
    if (l < 0) /* pinned elsewhere, or no variant on d: it stays where it can run */
      l = cheapest_label(p, v, -1);
    if (l < 0)
      return es_error_set(err, ES_EINFEAS, NULL, 0, 0, "task %d can run nowhere", v);
    out->label[v] = l;
  }
  return ES_OK;
}

int es_greedy(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  for (int v = 0; v < p->ntasks; v++) {
    out->label[v] = cheapest_label(p, v, -1);
    if (out->label[v] < 0)
      return es_error_set(err, ES_EINFEAS, NULL, 0, 0, "task %d can run nowhere", v);
  }
  return ES_OK;
}

enum { BRUTE_MAX_TASKS = 20 };
#define BRUTE_DEFAULT_LIMIT 50000000L

/* Odometer over the allowed labels of every task; each step re-evaluates the
 * whole assignment, which is what makes brute an independent oracle. */
int es_brute(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  const int n = p->ntasks;
  if (n > BRUTE_MAX_TASKS)
    return es_error_set(err, ES_ELIMIT, NULL, 0, 0, "brute refuses %d tasks (at most %d)", n,
                        BRUTE_MAX_TASKS);
  long limit = opt->brute_limit > 0 ? opt->brute_limit : BRUTE_DEFAULT_LIMIT;
  int *allowed = malloc(((size_t)n * (size_t)p->nlabels + 1) * sizeof(int));
  int *nallowed = calloc((size_t)n + 1, sizeof(int));
  int *digit = calloc((size_t)n + 1, sizeof(int));
  int *labels = malloc(((size_t)n + 1) * sizeof(int));
  EsMemory mem = {0};
  int rc = ES_ENOMEM;
  if (!allowed || !nallowed || !digit || !labels)
    goto out;
  double combos = 1;
  for (int v = 0; v < n; v++) {
    for (int l = 0; l < p->nlabels; l++)
      if (!isinf(es_problem_task_cost(p, v, l)))
        allowed[v * p->nlabels + nallowed[v]++] = l;
    if (nallowed[v] == 0) {
      rc = es_error_set(err, ES_EINFEAS, NULL, 0, 0, "task %d can run nowhere", v);
      goto out;
    }
    combos *= nallowed[v];
  }
  if (combos > (double)limit) {
    rc = es_error_set(err, ES_ELIMIT, NULL, 0, 0, "brute refuses %.3g assignments (limit %ld)",
                      combos, limit);
    goto out;
  }
  if (p->memory_bound && (rc = es_memory_init(&mem, p, err)))
    goto out;
  double best = INFINITY;
  for (;;) {
    for (int v = 0; v < n; v++)
      labels[v] = allowed[v * p->nlabels + digit[v]];
    double c = es_problem_evaluate(p, p->objective, labels);
    if (opt->deadline > 0 && !(es_problem_evaluate(p, ES_OBJ_TIME, labels) <= opt->deadline))
      c = INFINITY;
    if (c < best && p->memory_bound && !es_memory_fits(&mem, labels, NULL, NULL, NULL))
      c = INFINITY;
    if (c < best) {
      best = c;
      memcpy(out->label, labels, sizeof(int) * (size_t)n);
    }
    int v = 0;
    while (v < n && ++digit[v] == nallowed[v])
      digit[v++] = 0;
    if (v == n)
      break;
  }
  rc = isinf(best) ? es_error_set(err, ES_EINFEAS, NULL, 0, 0, "no feasible assignment") : ES_OK;
  out->bound = best;
out:
  es_memory_free(&mem);
  free(allowed), free(nallowed), free(digit), free(labels);
  return rc;
}
