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
 * short by its time limit is never worse than it. The mapping model also
 * (as crown_integrated.c) merges interchangeable tasks (same width and
 * time) into integer class columns, breaks the crown's mirror symmetry with
 * one row per group g < p,
 *   sum_{h under 2g} sum_j u_j w_j y_{j,h} >= sum_{h under 2g+1} sum_j u_j w_j y_{j,h},
 * (the start is brought into that order by crown_canonical_groups), and
 * bounds maxload below by the longest task and the mean load.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/crown/crown_internal.h"
#include "scheduler/lp/milp.h"

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

/* Tasks of one width and one time are interchangeable: a class of n_c of
 * them gets integer columns 0 <= y_{c,g} <= n_c summing to n_c (see
 * crown_integrated.c). */
typedef struct MapModel {
  const EsCrownProblem *p;
  const int *z;
  EsMilp *m;
  int nclass;
  int *class_of, *rep, *count; /* [n], [nclass], [nclass] */
  int *first_col; /* [nclass + 1]: class c's columns first_col[c] .. first_col[c+1]-1 */
  int maxload;    /* its column */
  double start_load; /* LTLG's maxload */
} MapModel;

static double unscaled_of(const EsCrownProblem *p, const int *z, int j) {
  return p->unscaled[j * (p->zmax + 1) + z[j]];
}

/* Groups of class c's width (its first group's index); 0 for width p. */
static int class_groups(const MapModel *mm, int c) {
  int z = mm->z[mm->rep[c]];
  return z == mm->p->zmax ? 0 : crown_first_group(mm->p->zmax, z);
}

/* Column of class c on group g (g of c's width). */
static int map_col(const MapModel *mm, int c, int g) {
  return mm->first_col[c] + g - class_groups(mm, c);
}

static int map_classes(MapModel *mm) {
  const EsCrownProblem *p = mm->p;
  double *keys = malloc(sizeof *keys * 2 * (size_t)(p->ntasks + 1));
  if (!keys)
    return ES_ENOMEM;
  for (int j = 0; j < p->ntasks; j++)
    keys[2 * j] = mm->z[j], keys[2 * j + 1] = unscaled_of(p, mm->z, j);
  mm->nclass = crown_classes(p->ntasks, 2, keys, mm->class_of);
  free(keys);
  if (mm->nclass < 0)
    return mm->nclass;
  mm->rep = malloc(sizeof *mm->rep * (size_t)mm->nclass);
  mm->count = calloc((size_t)mm->nclass, sizeof *mm->count);
  mm->first_col = calloc((size_t)mm->nclass + 1, sizeof *mm->first_col);
  if (!mm->rep || !mm->count || !mm->first_col)
    return ES_ENOMEM;
  for (int j = p->ntasks - 1; j >= 0; j--)
    mm->rep[mm->class_of[j]] = j, mm->count[mm->class_of[j]]++;
  return ES_OK;
}

/* maxload is at least the longest task and the mean core load (tasks of
 * width p left out): bounds that the LP relaxation alone does not see. */
static double maxload_floor(const MapModel *mm) {
  const EsCrownProblem *p = mm->p;
  double longest = 0, busy = 0;
  for (int j = 0; j < p->ntasks; j++)
    if (mm->z[j] < p->zmax) {
      double u = unscaled_of(p, mm->z, j);
      longest = u > longest ? u : longest;
      busy += u * (double)(1 << mm->z[j]);
    }
  return longest > busy / p->p ? longest : busy / p->p;
}

static int map_columns(MapModel *mm) {
  long total = 0;
  for (int c = 0; c < mm->nclass; c++)
    total += class_groups(mm, c);
  if (total > CROWN_ILP_MAX_COLS)
    return ES_ELIMIT;
  for (int c = 0; c < mm->nclass; c++) {
    mm->first_col[c + 1] = mm->first_col[c] + class_groups(mm, c);
    for (int i = 0; i < class_groups(mm, c); i++)
      if (es_milp_add_col(mm->m, 0, mm->count[c], 0, true) < 0)
        return ES_ENOMEM;
  }
  mm->maxload = es_milp_add_col(mm->m, maxload_floor(mm), INFINITY, 1, false);
  return mm->maxload < 0 ? ES_ENOMEM : ES_OK;
}

static int map_rows(MapModel *mm, Rows *r) {
  const EsCrownProblem *p = mm->p;
  for (int c = 0; c < mm->nclass; c++) {
    for (int col = mm->first_col[c]; col < mm->first_col[c + 1]; col++)
      rows_put(r, col, 1);
    if (r->n && rows_emit(mm->m, r, mm->count[c], mm->count[c]))
      return ES_ENOMEM;
  }
  for (int core = 0; core < p->p; core++) {
    for (int c = 0; c < mm->nclass; c++)
      if (class_groups(mm, c))
        rows_put(r, map_col(mm, c, (p->p + core) >> mm->z[mm->rep[c]]),
                 unscaled_of(p, mm->z, mm->rep[c]));
    rows_put(r, mm->maxload, -1);
    if (rows_emit(mm->m, r, -INFINITY, 0))
      return ES_ENOMEM;
  }
  return ES_OK;
}

/* Symmetry rows: for g < p, busy core time under 2g minus under 2g+1 >= 0. */
static int map_symmetry_rows(MapModel *mm, Rows *r) {
  const EsCrownProblem *p = mm->p;
  for (int g = 1; g < p->p; g++) {
    int d = crown_depth(g);
    for (int c = 0; c < mm->nclass; c++) {
      int zc = mm->z[mm->rep[c]], dc = p->zmax - zc; /* depth of c's groups */
      if (dc <= d)
        continue;
      double w = unscaled_of(p, mm->z, mm->rep[c]) * (double)(1 << zc);
      int shift = dc - d - 1;
      for (int side = 0; side < 2; side++)
        for (int h = (2 * g + side) << shift; h < (2 * g + side + 1) << shift; h++)
          rows_put(r, map_col(mm, c, h), side ? -w : w);
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
      x[map_col(mm, mm->class_of[j], group[j])] += 1;
      crown_loads_add(&l, group[j], unscaled_of(p, mm->z, j));
    }
  if (!rc) {
    x[mm->maxload] = mm->start_load = crown_loads_makespan(&l);
    rc = es_milp_set_start(mm->m, x);
  }
  crown_loads_free(&l);
  free(w), free(x);
  return rc;
}

/* Deals each class's tasks, in task order, to its columns' counts. */
static void map_read(const MapModel *mm, int *group) {
  const EsCrownProblem *p = mm->p;
  for (int j = 0; j < p->ntasks; j++)
    group[j] = 1; /* width p, and the fallback */
  for (int c = 0; c < mm->nclass; c++) {
    int j = mm->rep[c];
    for (int col = mm->first_col[c]; col < mm->first_col[c + 1]; col++)
      for (long v = lround(es_milp_value(mm->m, col)); v > 0 && j < p->ntasks; v--) {
        group[j] = class_groups(mm, c) + (col - mm->first_col[c]);
        while (++j < p->ntasks && mm->class_of[j] != c)
          ;
      }
  }
}

/* Builds the model and its start; codes without messages. */
static int map_build(MapModel *mm, Rows *r, int *group) {
  int rc = map_classes(mm);
  if (!rc)
    rc = map_columns(mm);
  if (!rc)
    rc = rows_init(r, mm->maxload + mm->nclass + 1);
  if (!rc)
    rc = map_rows(mm, r);
  if (!rc)
    rc = map_symmetry_rows(mm, r);
  return rc ? rc : map_start(mm, group);
}

int crown_ilp_mapping(const EsCrownProblem *p, const int *z, double time_limit, int *group,
                      CrownMilpInfo *info, EsError *err) {
  MapModel mm = {.p = p, .z = z, .m = es_milp_new(),
                 .class_of = malloc(sizeof(int) * (size_t)(p->ntasks + 1)), .maxload = -1};
  Rows r = {0};
  EsMilpResult res;
  int rc = !es_milp_available() ? ES_ENOSUP : !mm.m || !mm.class_of ? ES_ENOMEM : ES_OK;
  if (!rc)
    rc = map_build(&mm, &r, group);
  rc = phase_error(err, rc, "mapping");
  if (!rc)
    rc = es_milp_solve(mm.m, time_limit, &res, err);
  /* The model sees only the longest core, so it has many optima; LTLG's
   * mapping (in group since map_start) also balances the other cores, which
   * leaves Height and the scaling ILP more room: keep it unless the ILP
   * finds a strictly shorter longest core. */
  if (!rc && (rc = note_result(&res, info)) == ES_OK && res.status != ES_MILP_NO_SOLUTION &&
      res.objective < mm.start_load * (1 - CROWN_EPS))
    map_read(&mm, group);
  rows_free(&r);
  free(mm.class_of), free(mm.rep), free(mm.count), free(mm.first_col);
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
