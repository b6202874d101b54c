/* Integrated crown scheduling (Sec. 4): allocation, mapping and scaling in
 * one ILP, with GLPK through milp.h. x_{g,k,j} = 1 iff task j runs on group
 * g (of p_g cores) at level F_k:
 *
 *   min  sum_{g,k,j} tau_j / e_j(p_g) * PC(F_k) / F_k * x_{g,k,j}
 *   s.t. sum_{g,k} x_{g,k,j} = 1                                    every task j
 *        sum_{g in C_m} sum_{k,j} tau_j / (p_g e_j(p_g) F_k) x_{g,k,j} <= M   every core m
 *        x_{g,k,j} = 0 for groups wider than W_j (no column is made)
 *
 * The objective is Eq. 4 (tt * w * PC(f) = tau / e * PC(f) / f); the
 * extracted text of Sec. 4 reads PC(F_k) * tau_j / e_j(p_i) without the
 * 1 / F_k, which is not the energy of Eq. 4, so the factor is restored here.
 *
 * Two reformulations keep the optimum and shrink GLPK's search:
 * - Tasks with equal times at every width are interchangeable (the FFT's and
 *   mergesort's levels are made of them); a class c of n_c such tasks gets
 *   integer columns 0 <= x_{g,k,c} <= n_c summing to n_c instead of n_c
 *   binary copies that branch and bound would permute.
 * - Swapping the two halves of any group is a symmetry of the crown; one row
 *   per group g < p asks the half under 2g to carry at least the busy core
 *   time (sum of p_g * time) of the half under 2g + 1.
 * The best of crown-sa (which includes crown-bin) is the start, brought into
 * that order by crown_canonical_groups, so a solve cut short by its limit is
 * never worse than the heuristics; its gap is reported.
 * At most (2p - 1) s n columns and p + n + p - 1 rows.
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/crown/crown_internal.h"
#include "scheduler/lp/milp.h"

enum { INTEGRATED_MAX_COLS = 400000 };

typedef struct Model {
  const EsCrownProblem *p;
  EsMilp *m;
  int nclass;
  int *class_of;    /* [n] */
  int *rep, *count; /* [nclass]: first task and size of each class */
  int *base;        /* [nclass * (zmax+1)]: first column of class c at width 2^z, or -1 */
  int ncols;
  int *cols;
  double *vals;
} Model;

static int col_of(const Model *md, int c, int g, int k) {
  const EsCrownProblem *p = md->p;
  int z = p->zmax - crown_depth(g);
  int b = md->base[c * (p->zmax + 1) + z];
  return b < 0 ? -1 : b + (g - crown_first_group(p->zmax, z)) * p->nlevels + k;
}

/* Busy core time of one task of class c on p_g = 2^z cores at level k. */
static double core_time(const Model *md, int c, int z, int k) {
  const EsCrownProblem *p = md->p;
  return p->unscaled[md->rep[c] * (p->zmax + 1) + z] / p->levels[k].freq * (double)(1 << z);
}

static int find_classes(Model *md) {
  const EsCrownProblem *p = md->p;
  md->nclass = crown_classes(p->ntasks, p->zmax + 1, p->unscaled, md->class_of);
  if (md->nclass < 0)
    return md->nclass;
  md->rep = malloc(sizeof *md->rep * (size_t)md->nclass);
  md->count = calloc((size_t)md->nclass, sizeof *md->count);
  md->base = malloc(sizeof *md->base * (size_t)md->nclass * (size_t)(p->zmax + 1));
  if (!md->rep || !md->count || !md->base)
    return ES_ENOMEM;
  for (int j = p->ntasks - 1; j >= 0; j--)
    md->rep[md->class_of[j]] = j, md->count[md->class_of[j]]++;
  return ES_OK;
}

static int add_columns(Model *md) {
  const EsCrownProblem *p = md->p;
  for (int c = 0; c < md->nclass; c++)
    for (int z = 0; z <= p->zmax; z++) {
      bool ok = p->eff[md->rep[c] * (p->zmax + 1) + z] > 0;
      md->base[c * (p->zmax + 1) + z] = ok ? md->ncols : -1;
      md->ncols += ok ? (p->p >> z) * p->nlevels : 0;
    }
  if (md->ncols > INTEGRATED_MAX_COLS)
    return ES_ELIMIT;
  for (int c = 0; c < md->nclass; c++)
    for (int z = 0; z <= p->zmax; z++)
      for (int i = 0; md->base[c * (p->zmax + 1) + z] >= 0 && i < (p->p >> z) * p->nlevels; i++) {
        int k = i % p->nlevels; /* energy = busy core time * PC(F_k) */
        double obj = core_time(md, c, z, k) * p->levels[k].power;
        if (es_milp_add_col(md->m, 0, md->count[c], obj, true) < 0)
          return ES_ENOMEM;
      }
  return ES_OK;
}

static int emit(Model *md, int n, double lo, double hi) {
  return es_milp_add_row(md->m, lo, hi, n, md->cols, md->vals) < 0 ? ES_ENOMEM : ES_OK;
}

/* Appends class c's columns on group g, each with coefficient scale *
 * (its busy core time, or 1 when by_time is false). */
static int group_terms(Model *md, int c, int g, double scale, bool by_time, int n) {
  int z = md->p->zmax - crown_depth(g);
  for (int k = 0; k < md->p->nlevels && col_of(md, c, g, k) >= 0; k++)
    md->cols[n] = col_of(md, c, g, k),
    md->vals[n++] = scale * (by_time ? core_time(md, c, z, k) : 1);
  return n;
}

static int assignment_rows(Model *md) {
  for (int c = 0; c < md->nclass; c++) {
    int n = 0;
    for (int g = 1; g < 2 * md->p->p; g++)
      n = group_terms(md, c, g, 1, false, n);
    if (emit(md, n, md->count[c], md->count[c]))
      return ES_ENOMEM;
  }
  return ES_OK;
}

static int core_rows(Model *md) {
  const EsCrownProblem *p = md->p;
  for (int core = 0; core < p->p; core++) {
    int n = 0;
    for (int z = 0; z <= p->zmax; z++) /* a core's time is its group's core time / p_g */
      for (int c = 0; c < md->nclass; c++)
        n = group_terms(md, c, (p->p + core) >> z, 1.0 / (1 << z), true, n);
    if (emit(md, n, -INFINITY, p->deadline))
      return ES_ENOMEM;
  }
  return ES_OK;
}

/* Appends the columns of every group under `top`, signed. */
static int subcrown_terms(Model *md, int top, double sign, int n) {
  for (int r = 0; (top << r) < 2 * md->p->p; r++)
    for (int g = top << r; g < (top + 1) << r; g++)
      for (int c = 0; c < md->nclass; c++)
        n = group_terms(md, c, g, sign, true, n);
  return n;
}

static int symmetry_rows(Model *md) {
  for (int g = 1; g < md->p->p; g++) {
    int n = subcrown_terms(md, 2 * g + 1, -1, subcrown_terms(md, 2 * g, 1, 0));
    if (n && emit(md, n, 0, INFINITY))
      return ES_ENOMEM;
  }
  return ES_OK;
}

/* The heuristic's assignment, canonicalized for the symmetry rows. */
static int set_start(Model *md, CrownAssign *a) {
  const EsCrownProblem *p = md->p;
  double *w = malloc(sizeof *w * (size_t)(p->ntasks + 1));
  double *x = calloc((size_t)md->ncols + 1, sizeof *x);
  int rc = !w || !x ? ES_ENOMEM : ES_OK;
  for (int j = 0; j < p->ntasks && !rc; j++)
    w[j] = core_time(md, md->class_of[j], a->z[j], a->level[j]);
  if (!rc)
    rc = crown_canonical_groups(p->p, p->ntasks, w, a->group);
  for (int j = 0; j < p->ntasks && !rc; j++)
    x[col_of(md, md->class_of[j], a->group[j], a->level[j])] += 1;
  if (!rc)
    rc = es_milp_set_start(md->m, x);
  free(w), free(x);
  return rc;
}

/* Deals each class's tasks, in task order, to its columns' counts. */
static void read_solution(const Model *md, CrownAssign *a) {
  const EsCrownProblem *p = md->p;
  int *next = md->cols; /* scratch: next member of each class to place */
  for (int c = 0; c < md->nclass; c++)
    next[c] = md->rep[c];
  for (int c = 0; c < md->nclass; c++)
    for (int g = 1; g < 2 * p->p; g++)
      for (int k = 0; k < p->nlevels && col_of(md, c, g, k) >= 0; k++)
        for (long v = lround(es_milp_value(md->m, col_of(md, c, g, k))); v > 0; v--) {
          int j = next[c];
          a->z[j] = p->zmax - crown_depth(g), a->group[j] = g, a->level[j] = k;
          while (++next[c] < p->ntasks && md->class_of[next[c]] != c)
            ;
        }
}

static int build(Model *md, CrownAssign *start) {
  int rc = find_classes(md);
  if (!rc)
    rc = add_columns(md);
  /* The longest row: a core row or a symmetry row, each at most all columns. */
  md->cols = rc ? NULL : malloc(sizeof *md->cols * (size_t)(md->ncols + md->nclass + 1));
  md->vals = rc ? NULL : malloc(sizeof *md->vals * (size_t)(md->ncols + 1));
  if (!rc && (!md->cols || !md->vals))
    rc = ES_ENOMEM;
  if (!rc)
    rc = assignment_rows(md);
  if (!rc)
    rc = core_rows(md);
  if (!rc)
    rc = symmetry_rows(md);
  if (!rc && start->valid)
    rc = set_start(md, start);
  return rc;
}

static int build_error(EsError *err, int rc) {
  if (rc == ES_ELIMIT)
    return es_error_set(err, rc, NULL, 0, 0,
                        "the integrated ILP would have more than %d columns (2p-1 groups x "
                        "levels x tasks); use a heuristic",
                        INTEGRATED_MAX_COLS);
  if (rc == ES_ENOSUP) { /* GLPK did not load: es_milp_require says why */
    es_milp_require("crown-integrated", err);
    return rc;
  }
  return es_error_set(err, rc, NULL, 0, 0, "out of memory");
}

/* The schedule of a (the ILP's or, when it has none, the heuristic's). */
static int finish(const EsCrownProblem *p, const EsMilpResult *res, CrownAssign *a,
                  EsCrownSchedule **out) {
  if (crown_evaluate(p, a) || !(*out = crown_assign_schedule(p, a, "crown-integrated")))
    return ES_ENOMEM;
  EsCrownSchedule *s = *out;
  if (res->status == ES_MILP_INFEASIBLE &&
      crown_note(s, "GLPK proves that no crown schedule meets the deadline; this is crown-sa's"))
    return ES_ENOMEM;
  if (res->status == ES_MILP_NO_SOLUTION &&
      crown_note(s, "no ILP solution within the time limit; this is crown-sa's"))
    return ES_ENOMEM;
  s->status = res->status == ES_MILP_OPTIMAL      ? ES_CROWN_OPTIMAL
              : res->status == ES_MILP_INFEASIBLE ? ES_CROWN_HEURISTIC
                                                  : ES_CROWN_TIME_LIMIT;
  s->bound = res->bound;
  s->gap = res->status == ES_MILP_NO_SOLUTION ? INFINITY : res->gap;
  return ES_OK;
}

static void model_free(Model *md) {
  free(md->class_of), free(md->rep), free(md->count), free(md->base);
  free(md->cols), free(md->vals);
  es_milp_free(md->m);
}

int es_crown_integrated(const EsCrownProblem *p, const EsCrownOptions *opt, EsCrownSchedule **out,
                        EsError *err) {
  double limit = opt && opt->time_limit > 0 ? opt->time_limit : ES_CROWN_DEFAULT_TIME_LIMIT;
  Model md = {.p = p, .m = es_milp_new(), .class_of = malloc(sizeof(int) * (size_t)p->ntasks)};
  CrownAssign a = {0};
  EsMilpResult res;
  int rc = !es_milp_available() ? ES_ENOSUP : !md.m || !md.class_of ? ES_ENOMEM : ES_OK;
  if (!rc)
    rc = crown_assign_init(&a, p->ntasks);
  if (!rc)
    rc = crown_sa_search(p, opt ? opt->seed : 0, opt ? opt->sa_iterations : 0, &a);
  if (!rc)
    rc = build(&md, &a);
  rc = rc ? build_error(err, rc) : es_milp_solve(md.m, limit, &res, err);
  if (!rc && (res.status == ES_MILP_OPTIMAL || res.status == ES_MILP_FEASIBLE))
    read_solution(&md, &a);
  if (!rc && finish(p, &res, &a, out))
    rc = es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  crown_assign_free(&a);
  model_free(&md);
  return rc;
}
