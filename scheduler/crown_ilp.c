/* The crown-optimal ILP phases of phase-separated crown scheduling, with
 * GLPK through milp.h. (The allocation phase's ILP has a closed-form
 * optimum: crown_alloc.c.)
 *
 * Load-balanced mapping (Sec. 3.2), for the widths fixed by the allocation;
 * y_{j,g} = 1 iff task j runs on group g (a group of its width), u_j =
 * tt_j(w_j, 1):
 *   min  maxload
 *   s.t. sum_{g of width w_j} y_{j,g} = 1                      every task j
 *        sum_{g in C_m, g != 1} sum_j u_j y_{j,g} <= maxload   every core m
 * All widths are placed in one model, as the paper's T_i sums over all the
 * groups of core i (its prose speaks of one problem per width, which cannot
 * see the loads that narrower groups stack on wider ones). Tasks of width p
 * have one group and add the same time to every core: they are left out.
 *
 * Frequency scaling (Sec. 3.4), for a fixed mapping; x_{j,k} = 1 iff task j
 * runs at level k:
 *   min  sum_{j,k} u_j / F_k * w_j * PC(F_k) x_{j,k}
 *   s.t. sum_k x_{j,k} = 1                                    every task j
 *        sum_{j in T_m} sum_k u_j / F_k x_{j,k} <= M          every core m
 *
 * Both start from the heuristic's answer (LTLG, Height) so that a solve cut
 * short by its time limit is never worse than it. Swapping the two halves
 * of any group is a symmetry of the crown; the mapping model breaks it with
 * one row per group g < p,
 *   sum_{h under 2g} sum_j u_j w_j y_{j,h} >= sum_{h under 2g+1} sum_j u_j w_j y_{j,h},
 * and the start is brought into that order by crown_canonical_groups.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/crown_internal.h"
#include "scheduler/milp.h"

enum { CROWN_ILP_MAX_COLS = 400000 };

/* Row assembly. */
typedef struct Rows {
  int *cols;
  double *vals;
  int n;
} Rows;

static int rows_init(Rows *r, int cap) {
  r->cols = malloc(sizeof *r->cols * (size_t)(cap + 1));
  r->vals = malloc(sizeof *r->vals * (size_t)(cap + 1));
  r->n = 0;
  return r->cols && r->vals ? ES_OK : ES_ENOMEM;
}

static void rows_free(Rows *r) { free(r->cols), free(r->vals); }

static void rows_put(Rows *r, int col, double v) { r->cols[r->n] = col, r->vals[r->n++] = v; }

static int rows_emit(EsMilp *m, Rows *r, double lo, double hi) {
  int rc = es_milp_add_row(m, lo, hi, r->n, r->cols, r->vals);
  r->n = 0;
  return rc < 0 ? rc : ES_OK;
}

/* Sets err for the codes the model builders return without a message;
 * ES_EINFEAS (not an error for the caller) and codes es_milp_solve already
 * reported pass through. */
static int phase_error(EsError *err, int rc, const char *model) {
  switch (rc) {
  case ES_ENOMEM: return es_error_set(err, rc, NULL, 0, 0, "out of memory");
  case ES_ENOSUP:
    return es_error_set(err, rc, NULL, 0, 0,
                        "the crown ILPs need GLPK; this esched was built without it");
  case ES_ELIMIT:
    return es_error_set(err, rc, NULL, 0, 0, "the %s ILP would have more than %d columns",
                        model, CROWN_ILP_MAX_COLS);
  default: return rc;
  }
}

/* Status of a solve into info; ES_EINFEAS or 0. */
static int note_result(const EsMilpResult *res, CrownMilpInfo *info) {
  if (res->status == ES_MILP_INFEASIBLE)
    return ES_EINFEAS;
  info->optimal &= res->status == ES_MILP_OPTIMAL;
  double gap = res->status == ES_MILP_NO_SOLUTION ? INFINITY : res->gap;
  info->gap = gap > info->gap ? gap : info->gap;
  info->bound = res->bound;
  return ES_OK;
}

/* ---- mapping ---- */

typedef struct MapModel {
  const EsCrownProblem *p;
  const int *z;
  EsMilp *m;
  int *first_col; /* [n + 1]: task j's columns are first_col[j] .. first_col[j+1]-1 */
  int maxload;    /* its column */
} MapModel;

static int task_cols(const MapModel *mm, int j) {
  return mm->z[j] == mm->p->zmax ? 0 : crown_first_group(mm->p->zmax, mm->z[j]);
}

static double unscaled_of(const EsCrownProblem *p, const int *z, int j) {
  return p->unscaled[j * (p->zmax + 1) + z[j]];
}

static int map_columns(MapModel *mm) {
  const EsCrownProblem *p = mm->p;
  long total = 0;
  for (int j = 0; j < p->ntasks; j++)
    total += task_cols(mm, j);
  if (total > CROWN_ILP_MAX_COLS)
    return ES_ELIMIT;
  for (int j = 0; j < p->ntasks; j++) {
    mm->first_col[j + 1] = mm->first_col[j] + task_cols(mm, j);
    for (int c = 0; c < task_cols(mm, j); c++)
      if (es_milp_add_col(mm->m, 0, 1, 0, true) < 0)
        return ES_ENOMEM;
  }
  mm->maxload = es_milp_add_col(mm->m, 0, INFINITY, 1, false);
  return mm->maxload < 0 ? ES_ENOMEM : ES_OK;
}

/* Column of task j on group g (g of j's width). */
static int map_col(const MapModel *mm, int j, int g) {
  return mm->first_col[j] + g - task_cols(mm, j);
}

static int map_rows(MapModel *mm, Rows *r) {
  const EsCrownProblem *p = mm->p;
  for (int j = 0; j < p->ntasks; j++) {
    for (int c = mm->first_col[j]; c < mm->first_col[j + 1]; c++)
      rows_put(r, c, 1);
    if (r->n && rows_emit(mm->m, r, 1, 1))
      return ES_ENOMEM;
  }
  for (int core = 0; core < p->p; core++) {
    for (int j = 0; j < p->ntasks; j++)
      if (mm->z[j] < p->zmax)
        rows_put(r, map_col(mm, j, (p->p + core) >> mm->z[j]), unscaled_of(p, mm->z, j));
    rows_put(r, mm->maxload, -1);
    if (rows_emit(mm->m, r, -INFINITY, 0))
      return ES_ENOMEM;
  }
  return ES_OK;
}

/* Symmetry rows: for g < p, weight under 2g minus weight under 2g+1 >= 0. */
static int map_symmetry_rows(MapModel *mm, Rows *r) {
  const EsCrownProblem *p = mm->p;
  for (int g = 1; g < p->p; g++) {
    int d = crown_depth(g);
    for (int j = 0; j < p->ntasks; j++) {
      int zj = mm->z[j], dj = p->zmax - zj; /* depth of j's groups */
      if (dj <= d)
        continue;
      double w = unscaled_of(p, mm->z, j) * (double)(1 << zj);
      int shift = dj - d - 1;
      for (int side = 0; side < 2; side++)
        for (int h = (2 * g + side) << shift; h < (2 * g + side + 1) << shift; h++)
          rows_put(r, map_col(mm, j, h), side ? -w : w);
    }
    if (r->n && rows_emit(mm->m, r, 0, INFINITY))
      return ES_ENOMEM;
  }
  return ES_OK;
}

static int map_start(MapModel *mm, int *group) {
  const EsCrownProblem *p = mm->p;
  double *w = malloc(sizeof *w * (size_t)(p->ntasks + 1));
  double *x = calloc((size_t)mm->maxload + 1, sizeof *x);
  CrownLoads l = {0};
  int rc = !w || !x ? ES_ENOMEM : crown_ltlg(p, mm->z, group);
  for (int j = 0; j < p->ntasks && !rc; j++)
    w[j] = unscaled_of(p, mm->z, j) * (double)(1 << mm->z[j]);
  if (!rc)
    rc = crown_canonical_groups(p->p, p->ntasks, w, group);
  if (!rc)
    rc = crown_loads_init(&l, p->p, 1);
  for (int j = 0; j < p->ntasks && !rc; j++)
    if (mm->z[j] < p->zmax) {
      x[map_col(mm, j, group[j])] = 1;
      crown_loads_add(&l, group[j], unscaled_of(p, mm->z, j));
    }
  if (!rc) {
    x[mm->maxload] = crown_loads_makespan(&l);
    rc = es_milp_set_start(mm->m, x);
  }
  crown_loads_free(&l);
  free(w), free(x);
  return rc;
}

static void map_read(const MapModel *mm, int *group) {
  const EsCrownProblem *p = mm->p;
  for (int j = 0; j < p->ntasks; j++) {
    group[j] = 1;
    for (int c = mm->first_col[j]; c < mm->first_col[j + 1]; c++)
      if (es_milp_value(mm->m, c) > 0.5)
        group[j] = task_cols(mm, j) + (c - mm->first_col[j]);
  }
}

/* Builds the model and its start; codes without messages. */
static int map_build(MapModel *mm, Rows *r, int *group) {
  int rc = map_columns(mm);
  if (!rc)
    rc = rows_init(r, mm->maxload + 1);
  if (!rc)
    rc = map_rows(mm, r);
  if (!rc)
    rc = map_symmetry_rows(mm, r);
  return rc ? rc : map_start(mm, group);
}

int crown_ilp_mapping(const EsCrownProblem *p, const int *z, double time_limit, int *group,
                      CrownMilpInfo *info, EsError *err) {
  MapModel mm = {p, z, es_milp_new(), calloc((size_t)p->ntasks + 1, sizeof(int)), -1};
  Rows r = {0};
  EsMilpResult res;
  int rc = !es_milp_available() ? ES_ENOSUP : !mm.m || !mm.first_col ? ES_ENOMEM : ES_OK;
  if (!rc)
    rc = map_build(&mm, &r, group);
  rc = phase_error(err, rc, "mapping");
  if (!rc)
    rc = es_milp_solve(mm.m, time_limit, &res, err);
  if (!rc && (rc = note_result(&res, info)) == ES_OK && res.status != ES_MILP_NO_SOLUTION)
    map_read(&mm, group);
  rows_free(&r);
  free(mm.first_col);
  es_milp_free(mm.m);
  return rc;
}

/* ---- scaling ---- */

static int scale_model(const EsCrownProblem *p, const int *z, const int *group, EsMilp *m,
                       Rows *r) {
  int s = p->nlevels;
  for (int j = 0; j < p->ntasks; j++) {
    for (int k = 0; k < s; k++) {
      const EsCrownLevel *l = &p->levels[k];
      double t = unscaled_of(p, z, j) / l->freq;
      if (es_milp_add_col(m, 0, 1, t * (double)(1 << z[j]) * l->power, true) < 0)
        return ES_ENOMEM;
      rows_put(r, j * s + k, 1);
    }
    if (rows_emit(m, r, 1, 1))
      return ES_ENOMEM;
  }
  for (int core = 0; core < p->p; core++) {
    for (int j = 0; j < p->ntasks; j++)
      if (((p->p + core) >> z[j]) == group[j]) /* j runs on this core */
        for (int k = 0; k < s; k++)
          rows_put(r, j * s + k, unscaled_of(p, z, j) / p->levels[k].freq);
    if (rows_emit(m, r, -INFINITY, p->deadline))
      return ES_ENOMEM;
  }
  return ES_OK;
}

/* Height's levels as the start when they meet M; 1 when given, 0 when
 * Height fails (then the ILP is infeasible too: F_max misses M). */
static int scale_start(const EsCrownProblem *p, const int *z, const int *group, EsMilp *m,
                       int *level) {
  double *un = malloc(sizeof *un * (size_t)(p->ntasks + 1));
  double *x = calloc((size_t)p->ntasks * (size_t)p->nlevels + 1, sizeof *x);
  int rc = !un || !x ? ES_ENOMEM : ES_OK;
  for (int j = 0; j < p->ntasks && !rc; j++)
    un[j] = unscaled_of(p, z, j);
  if (!rc)
    rc = crown_height(p->levels, p->nlevels, p->p, 1, p->deadline, p->ntasks, group, un, level);
  if (rc == 1) {
    for (int j = 0; j < p->ntasks; j++)
      x[j * p->nlevels + level[j]] = 1;
    rc = es_milp_set_start(m, x) ? ES_ENOMEM : 1;
  }
  free(un), free(x);
  return rc;
}

int crown_ilp_scaling(const EsCrownProblem *p, const int *z, const int *group,
                      double time_limit, int *level, CrownMilpInfo *info, EsError *err) {
  EsMilp *m = es_milp_new();
  Rows r = {0};
  EsMilpResult res;
  int rc = !es_milp_available() ? ES_ENOSUP : !m ? ES_ENOMEM : ES_OK;
  if (!rc && (long)p->ntasks * p->nlevels > CROWN_ILP_MAX_COLS)
    rc = ES_ELIMIT;
  if (!rc)
    rc = rows_init(&r, p->ntasks * p->nlevels);
  if (!rc)
    rc = scale_model(p, z, group, m, &r);
  if (!rc) { /* 1: Height's levels given as start, 0: F_max misses M */
    int given = scale_start(p, z, group, m, level);
    rc = given < 0 ? given : given == 1 ? ES_OK : ES_EINFEAS;
  }
  rc = phase_error(err, rc, "scaling");
  if (!rc)
    rc = es_milp_solve(m, time_limit, &res, err);
  if (!rc && (rc = note_result(&res, info)) == ES_OK && res.status != ES_MILP_NO_SOLUTION)
    for (int j = 0; j < p->ntasks; j++)
      for (int k = 0; k < p->nlevels; k++)
        if (es_milp_value(m, j * p->nlevels + k) > 0.5)
          level[j] = k;
  rows_free(&r);
  es_milp_free(m);
  return rc;
}
