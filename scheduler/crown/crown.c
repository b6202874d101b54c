/* Streaming task collections: construction, validation and the efficiency
 * model of the crown scheduler (crown.h; paper Section 2 and Eq. 14). */
#include "scheduler/crown/crown.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"

EsCrownProblem *es_crown_problem_new(const char *name) {
  EsCrownProblem *p = calloc(1, sizeof *p);
  if (p && name)
    p->name = es_arena_strdup(&p->arena, name);
  return p;
}

void es_crown_problem_free(EsCrownProblem *p) {
  if (!p)
    return;
  free(p->tasks);
  free(p->levels);
  free(p->eff);
  free(p->unscaled);
  es_arena_free(&p->arena);
  free(p);
}

int es_crown_add_task(EsCrownProblem *p, const char *name, double work, double max_width) {
  if (es_vec_reserve(&p->tasks, &p->tasks_cap, p->ntasks + 1, sizeof *p->tasks))
    return ES_ENOMEM;
  EsCrownTask *t = &p->tasks[p->ntasks];
  memset(t, 0, sizeof *t);
  t->name = es_arena_strdup(&p->arena, name ? name : "");
  if (!t->name)
    return ES_ENOMEM;
  t->work = work;
  t->max_width = max_width;
  t->eff_kind = ES_CROWN_EFF_PERFECT;
  return p->ntasks++;
}

static int by_freq_desc(const void *a, const void *b) {
  double fa = ((const EsCrownLevel *)a)->freq, fb = ((const EsCrownLevel *)b)->freq;
  return (fa < fb) - (fa > fb);
}

int es_crown_set_levels(EsCrownProblem *p, const EsCrownLevel *levels, int n) {
  EsCrownLevel *copy = malloc(sizeof *copy * (size_t)(n > 0 ? n : 1));
  if (!copy)
    return ES_ENOMEM;
  if (n > 0)
    memcpy(copy, levels, sizeof *copy * (size_t)n);
  qsort(copy, (size_t)n, sizeof *copy, by_freq_desc);
  free(p->levels);
  p->levels = copy;
  p->nlevels = n;
  p->alpha = 0;
  return ES_OK;
}

int es_crown_set_frequencies(EsCrownProblem *p, const double *freq, int n, double alpha) {
  EsCrownLevel *l = malloc(sizeof *l * (size_t)(n > 0 ? n : 1));
  if (!l)
    return ES_ENOMEM;
  for (int k = 0; k < n; k++)
    l[k] = (EsCrownLevel){freq[k], pow(freq[k], alpha)};
  int rc = es_crown_set_levels(p, l, n);
  free(l);
  if (rc == ES_OK)
    p->alpha = alpha;
  return rc;
}

/* The efficiency model itself, before the crown's width limit. */
static double model_efficiency(const EsCrownTask *t, int z) {
  if (z == 0)
    return t->eff_kind == ES_CROWN_EFF_TABLE && t->table[0] > 0 ? t->table[0] : 1;
  double q = (double)(1L << z);
  switch (t->eff_kind) {
  case ES_CROWN_EFF_PERFECT: return 1;
  case ES_CROWN_EFF_COMM: return t->work / (t->work + q * t->comm);
  case ES_CROWN_EFF_TABLE: return t->table[z];
  }
  return 0;
}

double es_crown_efficiency(const EsCrownProblem *p, int task, int z) {
  const EsCrownTask *t = &p->tasks[task];
  if (z < 0 || z > p->zmax || (double)(1L << z) > t->max_width)
    return 0;
  return model_efficiency(t, z);
}

static int task_error(const EsCrownProblem *p, const EsCrownTask *t, EsError *err,
                      const char *what) {
  return es_error_set(err, ES_EINVAL, p->file, t->mark.line, t->mark.col, "task '%s': %s",
                      t->name, what);
}

static int validate_task(const EsCrownProblem *p, int j, EsError *err) {
  const EsCrownTask *t = &p->tasks[j];
  if (!(t->work > 0) || isinf(t->work))
    return task_error(p, t, err, "work must be a positive finite number");
  if (!(t->max_width >= 1))
    return task_error(p, t, err, "max_width must be at least 1");
  if (t->eff_kind == ES_CROWN_EFF_COMM && (!(t->comm >= 0) || isinf(t->comm)))
    return task_error(p, t, err, "comm must be a finite non-negative number");
  if (t->eff_kind == ES_CROWN_EFF_TABLE) {
    if (t->table[0] > 0 && t->table[0] != 1)
      return task_error(p, t, err, "the efficiency of width 1 must be 1 (Sec. 2: e(1) = 1)");
    for (int z = 0; z <= ES_CROWN_ZMAX; z++)
      if (!(t->table[z] >= 0) || isinf(t->table[z]))
        return task_error(p, t, err, "efficiencies must be positive finite numbers");
  }
  for (int k = 0; k < j; k++)
    if (strcmp(p->tasks[k].name, t->name) == 0)
      return task_error(p, t, err, "duplicate task name");
  return ES_OK;
}

static int validate_levels(const EsCrownProblem *p, EsError *err) {
  if (p->nlevels < 1)
    return es_error_set(err, ES_EINVAL, p->file, p->mark.line, p->mark.col,
                        "collection '%s' has no frequency level", p->name ? p->name : "");
  for (int k = 0; k < p->nlevels; k++) {
    const EsCrownLevel *l = &p->levels[k];
    if (!(l->freq > 0) || isinf(l->freq) || !(l->power >= 0) || isinf(l->power))
      return es_error_set(err, ES_EINVAL, p->file, p->levels_mark.line, p->levels_mark.col,
                          "frequencies must be positive and powers non-negative, both finite");
    if (k > 0 && l->freq == p->levels[k - 1].freq)
      return es_error_set(err, ES_EINVAL, p->file, p->levels_mark.line, p->levels_mark.col,
                          "frequency %g is listed twice", l->freq);
  }
  return ES_OK;
}

static int validate(const EsCrownProblem *p, EsError *err) {
  if (p->cores < 1 || p->cores > (1 << ES_CROWN_ZMAX) * 2 - 1)
    return es_error_set(err, ES_EINVAL, p->file, p->mark.line, p->mark.col,
                        "cores must be between 1 and %d", (1 << ES_CROWN_ZMAX) * 2 - 1);
  if (!(p->deadline > 0) || isinf(p->deadline))
    return es_error_set(err, ES_EINVAL, p->file, p->deadline_mark.line, p->deadline_mark.col,
                        "the deadline must be a positive finite time");
  if (p->ntasks < 1)
    return es_error_set(err, ES_EINVAL, p->file, p->mark.line, p->mark.col,
                        "collection '%s' has no task", p->name ? p->name : "");
  int rc = validate_levels(p, err);
  for (int j = 0; j < p->ntasks && !rc; j++)
    rc = validate_task(p, j, err);
  return rc;
}

/* Derives the crown's size and the per-task tables. */
static int derive(EsCrownProblem *p) {
  p->zmax = 0;
  while ((2 << p->zmax) <= p->cores)
    p->zmax++;
  p->p = 1 << p->zmax;
  size_t cells = (size_t)p->ntasks * (size_t)(p->zmax + 1);
  double *eff = malloc(sizeof *eff * cells), *un = malloc(sizeof *un * cells);
  if (!eff || !un) {
    free(eff), free(un);
    return ES_ENOMEM;
  }
  free(p->eff), free(p->unscaled);
  p->eff = eff, p->unscaled = un;
  for (int j = 0; j < p->ntasks; j++)
    for (int z = 0; z <= p->zmax; z++) {
      double e = es_crown_efficiency(p, j, z);
      eff[j * (p->zmax + 1) + z] = e;
      /* Eq. 1 at f = 1: tt_j(w, 1) = tau_j / (e_j(w) * w). */
      un[j * (p->zmax + 1) + z] = e > 0 ? p->tasks[j].work / (e * (double)(1 << z)) : INFINITY;
    }
  return ES_OK;
}

int es_crown_problem_finish(EsCrownProblem *p, EsError *err) {
  int rc = validate(p, err);
  if (rc)
    return rc;
  if (derive(p))
    return es_error_set(err, ES_ENOMEM, p->file, 0, 0, "out of memory");
  return ES_OK;
}

void es_crown_problem_list_free(EsCrownProblemList *l) {
  for (int i = 0; i < l->len; i++)
    es_crown_problem_free(l->v[i]);
  free(l->v);
  memset(l, 0, sizeof *l);
}

int es_crown_problem_list_push(EsCrownProblemList *l, EsCrownProblem *p) {
  if (es_vec_reserve(&l->v, &l->cap, l->len + 1, sizeof *l->v))
    return ES_ENOMEM;
  l->v[l->len++] = p;
  return ES_OK;
}
