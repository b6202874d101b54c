/* ilp: the exact reference for any DAG and any number of devices and levels.
 *
 *   min  sum_{v,l} P_v[l] x_{v,l} + sum_{i,s,d} D_i(s -> d) z_{i,s,d}
 *   s.t. sum_l x_{v,l} = 1                           every task takes one label
 *        y_{i,d} >= sum_{l on d} x_{r,l}              reader r of item i on d needs i there
 *        z_{i,s,d} >= sum_{l on s} x_{p,l} + y_{i,d} - 1   producer p on s, needed on d
 *        x binary; 0 <= y, z <= 1
 *
 * y and z are continuous: the objective pushes them to the smallest values
 * the constraints allow, which are 0 or 1 once x is integral. An item is
 * moved once to each device that needs it: problem.h's exact model. A
 * transfer that no link can make (infinite cost) becomes the constraint
 * sum_{l on s} x_{p,l} + y_{i,d} <= 1 instead.
 *
 * The search starts from the best of the baselines (greedy: each task on its
 * cheapest label; each device alone), so a solve stopped by its time limit
 * is never worse than them; when the limit comes before the solver has an
 * assignment of its own, that baseline is returned with its gap to the
 * bound.
 *
 * When some device's memory is bounded, capacity rows keep the resident
 * bytes of every step within it (memory.h; add_memory_rows below); a
 * baseline is then the answer at the limit only when it fits, and is not
 * offered to the solver (the rows' indicator columns are not computed for
 * it).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"
#include "scheduler/exact/exact.h"
#include "scheduler/lp/milp.h"
#include "scheduler/model/memory.h"
#include "scheduler/model/solution.h"

enum { ILP_MAX_TASKS = 5000 };

/* A column standing for "item i is on device d" (y: s < 0) or "item i
 * moves from s to d" (z), for computing a start solution's values. */
typedef struct ItemCol {
  int col, item, s, d;
} ItemCol;

typedef struct Model {
  const EsProblem *p;
  EsMilp *m;
  int *x;    /* [ntasks * nlabels] column or -1 when the label is forbidden */
  int *cols; /* scratch row buffer */
  double *vals;
  ItemCol *item_cols; /* the y and z columns */
  int nitem_cols, item_cols_cap;
} Model;

static int note_item_col(Model *md, ItemCol c) {
  if (es_vec_reserve(&md->item_cols, &md->item_cols_cap, md->nitem_cols + 1, sizeof c))
    return ES_ENOMEM;
  md->item_cols[md->nitem_cols++] = c;
  return ES_OK;
}

static int add_assignment_rows(Model *md) {
  const EsProblem *p = md->p;
  for (int v = 0; v < p->ntasks; v++) {
    int n = 0;
    for (int l = 0; l < p->nlabels; l++) {
      double c = es_problem_task_cost(p, v, l);
      md->x[v * p->nlabels + l] = -1;
      if (isinf(c))
        continue;
      int col = es_milp_add_col(md->m, 0, 1, c, true);
      if (col < 0)
        return col;
      md->x[v * p->nlabels + l] = col;
      md->cols[n] = col, md->vals[n++] = 1;
    }
    if (es_milp_add_row(md->m, 1, 1, n, md->cols, md->vals) < 0)
      return ES_ENOMEM;
  }
  return ES_OK;
}

/* Appends the x columns of task v on device d to the row buffer at n. */
static int device_terms(const Model *md, int v, int d, int n) {
  const EsProblem *p = md->p;
  for (int l = 0; l < p->nlabels; l++)
    if (p->label_device[l] == d && md->x[v * p->nlabels + l] >= 0)
      md->cols[n] = md->x[v * p->nlabels + l], md->vals[n++] = 1;
  return n;
}

static int add_item(Model *md, int i) {
  const EsProblem *p = md->p;
  int prod = p->item_producer[i];
  for (int d = 0; d < p->ndevices; d++) {
    int y = es_milp_add_col(md->m, 0, 1, 0, false);
    if (y < 0 || note_item_col(md, (ItemCol){y, i, -1, d}))
      return y < 0 ? y : ES_ENOMEM;
    for (int k = p->item_first[i]; k < p->item_first[i + 1]; k++) {
      md->cols[0] = y, md->vals[0] = 1;
      int n = device_terms(md, p->item_reader[k], d, 1);
      for (int j = 1; j < n; j++)
        md->vals[j] = -1;
      if (n > 1 && es_milp_add_row(md->m, 0, INFINITY, n, md->cols, md->vals) < 0)
        return ES_ENOMEM;
    }
    for (int s = 0; s < p->ndevices; s++) {
      double cost = s == d ? 0 : es_problem_item_cost(p, i, s, d);
      if (cost == 0)
        continue;
      md->cols[0] = y, md->vals[0] = 1;
      int n = device_terms(md, prod, s, 1);
      if (n == 1)
        continue;
      if (isinf(cost)) {
        if (es_milp_add_row(md->m, -INFINITY, 1, n, md->cols, md->vals) < 0)
          return ES_ENOMEM;
        continue;
      }
      int z = es_milp_add_col(md->m, 0, 1, cost, false);
      if (z < 0 || note_item_col(md, (ItemCol){z, i, s, d}))
        return z < 0 ? z : ES_ENOMEM;
      /* z - y - sum x >= -1 */
      for (int j = 0; j < n; j++)
        md->vals[j] = -1;
      md->cols[n] = z, md->vals[n++] = 1;
      if (es_milp_add_row(md->m, -1, INFINITY, n, md->cols, md->vals) < 0)
        return ES_ENOMEM;
    }
  }
  return ES_OK;
}

/* ---- device memory: capacity rows (memory.h) ----
 *
 * For a bounded device d let X_v = sum_{l on d} x_{v,l}. The producer's copy
 * of item i is on d over [s(p), L(i)] exactly when X_p = 1. A reader copy
 * lives on d (not the producer's device) from the first reader step there
 * to the last: with the readers r_1 < ... < r_m by step, prefix and suffix
 * indicators B_j >= B_{j-1}, B_j >= X_{r_j} and A_j >= A_{j+1},
 * A_j >= X_{r_j} give
 *
 *   Q_j >= B_j + A_j - 1 - X_p         at step s(r_j)
 *   G_j >= B_j + A_{j+1} - 1 - X_p     between s(r_j) and s(r_{j+1})
 *
 * (one reader: Q_1 >= X_{r_1} - X_p). The row of step k is
 *
 *   sum_i bytes_i (X_p [s(p) <= k <= L(i)] + the Q or G of i at k) <= memory_d
 *
 * B, A, Q and G are continuous in [0, 1] and only rows push them up, so
 * they may take their least values: the exact indicators once x is
 * integral. */

/* A term of a capacity row: column col with coefficient val at step k. */
typedef struct CapTerm {
  int step, col;
  double val;
} CapTerm;

typedef struct CapRows {
  CapTerm *t;
  int len, cap;
} CapRows;

static int cap_add(CapRows *r, int step, int col, double val) {
  if (r->len == r->cap) {
    int cap = r->cap ? 2 * r->cap : 1024;
    CapTerm *t = realloc(r->t, (size_t)cap * sizeof *t);
    if (!t)
      return ES_ENOMEM;
    r->t = t, r->cap = cap;
  }
  r->t[r->len++] = (CapTerm){step, col, val};
  return ES_OK;
}

/* val * X_v on device d into the capacity row of every step in [from, to]. */
static int cap_add_device(const Model *md, CapRows *r, int v, int d, int from, int to, double val) {
  const EsProblem *p = md->p;
  for (int k = from; k <= to; k++)
    for (int l = 0; l < p->nlabels; l++)
      if (p->label_device[l] == d && md->x[v * p->nlabels + l] >= 0 &&
          cap_add(r, k, md->x[v * p->nlabels + l], val))
        return ES_ENOMEM;
  return ES_OK;
}

/* A new [0, 1] indicator y with y - sum_j coef_j * (X of task_j on d) -
 * sum of cols >= rhs; returns its column or a negative code. */
static int indicator(Model *md, int d, const int *task, const double *coef, int ntask,
                     const int *col, const double *cval, int ncol, double rhs) {
  int y = es_milp_add_col(md->m, 0, 1, 0, false);
  if (y < 0)
    return y;
  int n = 0;
  md->cols[n] = y, md->vals[n++] = 1;
  for (int j = 0; j < ncol; j++)
    md->cols[n] = col[j], md->vals[n++] = -cval[j];
  for (int j = 0; j < ntask; j++) {
    int from = n;
    n = device_terms(md, task[j], d, n);
    for (int k = from; k < n; k++)
      md->vals[k] = -coef[j];
  }
  return es_milp_add_row(md->m, rhs, INFINITY, n, md->cols, md->vals) < 0 ? ES_ENOMEM : y;
}

/* A new [0, 1] indicator y >= X_v on d and y >= column prev (unless -1);
 * returns its column or a negative code. */
static int either(Model *md, int d, int v, int prev) {
  int y = indicator(md, d, &v, (double[]){1}, 1, NULL, NULL, 0, 0);
  if (y < 0 || prev < 0)
    return y;
  if (es_milp_add_row(md->m, 0, INFINITY, 2, (int[]){y, prev}, (double[]){1, -1}) < 0)
    return ES_ENOMEM;
  return y;
}

/* The reader copies of item i on device d (see above), into r. rs holds
 * the readers sorted by step; pa, pb are scratch of m + 1 columns. */
static int cap_reader_copies(Model *md, const EsMemory *mem, CapRows *r, int i, int d,
                             const int *rs, int m, int *pb, int *pa) {
  int prod = md->p->item_producer[i];
  double b = mem->bytes[i];
  if (m == 1) {
    int q = indicator(md, d, (int[]){rs[0], prod}, (double[]){1, -1}, 2, NULL, NULL, 0, 0);
    return q < 0 ? q : cap_add(r, mem->step[rs[0]], q, b);
  }
  for (int j = 0; j < m; j++) /* prefix: B_j >= B_{j-1}, B_j >= X_{r_j} */
    if ((pb[j] = either(md, d, rs[j], j ? pb[j - 1] : -1)) < 0)
      return pb[j];
  for (int j = m - 1; j >= 0; j--) /* suffix: A_j >= A_{j+1}, A_j >= X_{r_j} */
    if ((pa[j] = either(md, d, rs[j], j + 1 < m ? pa[j + 1] : -1)) < 0)
      return pa[j];
  for (int j = 0; j < m; j++) {
    int at = mem->step[rs[j]];
    int q =
        indicator(md, d, &prod, (double[]){-1}, 1, (int[]){pb[j], pa[j]}, (double[]){1, 1}, 2, -1);
    if (q < 0 || cap_add(r, at, q, b))
      return q < 0 ? q : ES_ENOMEM;
    if (j + 1 == m || mem->step[rs[j + 1]] == at + 1)
      continue;
    int g = indicator(md, d, &prod, (double[]){-1}, 1, (int[]){pb[j], pa[j + 1]}, (double[]){1, 1},
                      2, -1);
    for (int k = at + 1; g >= 0 && k < mem->step[rs[j + 1]]; k++)
      if (cap_add(r, k, g, b))
        return ES_ENOMEM;
    if (g < 0)
      return g;
  }
  return ES_OK;
}

static int by_step(const void *x, const void *y) {
  const CapTerm *a = x, *b = y;
  if (a->step != b->step)
    return (a->step > b->step) - (a->step < b->step);
  return (a->col > b->col) - (a->col < b->col);
}

/* Emits the rows of device d from the terms gathered in r, by step. */
static int cap_emit(Model *md, CapRows *r, double memory) {
  if (r->len > 0) /* r->t is NULL when nothing was gathered */
    qsort(r->t, (size_t)r->len, sizeof *r->t, by_step);
  int *cols = malloc(((size_t)r->len + 1) * sizeof *cols);
  double *vals = malloc(((size_t)r->len + 1) * sizeof *vals);
  int rc = cols && vals ? ES_OK : ES_ENOMEM;
  for (int a = 0, b; !rc && a < r->len; a = b) {
    int n = 0; /* a column twice in a row (a task writing two items) adds up */
    for (b = a; b < r->len && r->t[b].step == r->t[a].step; b++)
      if (n > 0 && cols[n - 1] == r->t[b].col)
        vals[n - 1] += r->t[b].val;
      else
        cols[n] = r->t[b].col, vals[n++] = r->t[b].val;
    if (es_milp_add_row(md->m, -INFINITY, memory, n, cols, vals) < 0)
      rc = ES_ENOMEM;
  }
  free(cols), free(vals);
  return rc;
}

static int cmp_step(const void *x, const void *y, const EsMemory *mem) {
  int a = mem->step[*(const int *)x], b = mem->step[*(const int *)y];
  return (a > b) - (a < b);
}

/* Insertion sort of a reader list by step (lists are short). */
static void sort_by_step(int *v, int n, const EsMemory *mem) {
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && cmp_step(&v[j - 1], &v[j], mem) > 0; j--) {
      int t = v[j];
      v[j] = v[j - 1], v[j - 1] = t;
    }
}

static int add_memory_rows(Model *md, EsError *err) {
  const EsProblem *p = md->p;
  EsMemory mem;
  int rc = es_memory_init(&mem, p, err);
  if (rc)
    return rc;
  int most = 1;
  for (int i = 0; i < p->nitems; i++)
    if (p->item_first[i + 1] - p->item_first[i] > most)
      most = p->item_first[i + 1] - p->item_first[i];
  int *rs = malloc((size_t)most * 3 * sizeof *rs);
  CapRows r = {0};
  rc = rs ? ES_OK : ES_ENOMEM;
  for (int d = 0; !rc && d < p->ndevices; d++) {
    if (isinf(p->memory[d]))
      continue;
    r.len = 0;
    for (int i = 0; !rc && i < p->nitems; i++) {
      if (!(mem.bytes[i] > 0))
        continue;
      int prod = p->item_producer[i], m = p->item_first[i + 1] - p->item_first[i];
      rc = cap_add_device(md, &r, prod, d, mem.step[prod], mem.last[i], mem.bytes[i]);
      memcpy(rs, p->item_reader + p->item_first[i], (size_t)m * sizeof *rs);
      sort_by_step(rs, m, &mem);
      if (!rc)
        rc = cap_reader_copies(md, &mem, &r, i, d, rs, m, rs + most, rs + 2 * most);
    }
    if (!rc)
      rc = cap_emit(md, &r, p->memory[d]);
  }
  free(rs);
  free(r.t);
  es_memory_free(&mem);
  return rc == ES_ENOMEM ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : rc;
}

static void read_labels(const Model *md, EsSolution *out) {
  const EsProblem *p = md->p;
  for (int v = 0; v < p->ntasks; v++) {
    int best = -1;
    double bestval = -1;
    for (int l = 0; l < p->nlabels; l++) {
      int col = md->x[v * p->nlabels + l];
      double val = col >= 0 ? es_milp_value(md->m, col) : -1;
      if (val > bestval)
        bestval = val, best = l;
    }
    out->label[v] = best;
  }
}

/* Whether a task of item i's readers (or, with reader false, its producer)
 * has its label on device d. */
static bool item_on(const EsProblem *p, int i, int d, const int *labels, bool reader) {
  if (!reader)
    return p->label_device[labels[p->item_producer[i]]] == d;
  for (int k = p->item_first[i]; k < p->item_first[i + 1]; k++)
    if (p->label_device[labels[p->item_reader[k]]] == d)
      return true;
  return false;
}

/* Offers the assignment labels to the solver as its first incumbent. */
static int offer_start(Model *md, int ncols, const int *labels) {
  const EsProblem *p = md->p;
  double *x = calloc((size_t)ncols + 1, sizeof *x);
  if (!x)
    return ES_ENOMEM;
  for (int v = 0; v < p->ntasks; v++)
    if (md->x[v * p->nlabels + labels[v]] >= 0)
      x[md->x[v * p->nlabels + labels[v]]] = 1;
  for (int k = 0; k < md->nitem_cols; k++) {
    const ItemCol *c = &md->item_cols[k];
    bool needed = item_on(p, c->item, c->d, labels, true);
    x[c->col] = c->s < 0 ? needed : needed && item_on(p, c->item, c->s, labels, false);
  }
  int rc = es_milp_set_start(md->m, x);
  free(x);
  return rc;
}

static void report_progress(void *ctx, double seconds, double incumbent, double bound) {
  const EsAlgoOptions *opt = ctx;
  opt->progress(opt->progress_ctx, "ilp", seconds, incumbent, bound);
}

/* The cheapest of the baselines (greedy, then each device alone) into
 * labels, named in *name; false when no baseline is feasible. */
static bool best_baseline(const EsProblem *p, const EsAlgoOptions *opt, int *labels,
                          const char **name, EsError *err) {
  EsSolution s = {0};
  s.ntasks = p->ntasks;
  s.label = malloc(((size_t)p->ntasks + 1) * sizeof(int));
  double best = INFINITY;
  for (int d = -1; s.label && d < p->ndevices; d++) {
    EsAlgoOptions o = *opt;
    o.param = d < 0 ? NULL : p->device_names[d];
    int rc = d < 0 ? es_greedy(p, &o, &s, err) : es_single(p, &o, &s, err);
    double cost = rc ? INFINITY : es_problem_evaluate(p, p->objective, s.label);
    if (cost < best) {
      best = cost;
      memcpy(labels, s.label, sizeof(int) * (size_t)p->ntasks);
      *name = d < 0 ? "greedy" : p->device_names[d];
    }
  }
  free(s.label);
  es_error_clear(err);
  return best < INFINITY;
}

/* Whether labels keep every device within its memory. */
static bool fits(const EsProblem *p, const int *labels) {
  EsMemory mem;
  if (!p->memory_bound)
    return true;
  if (es_memory_init(&mem, p, NULL))
    return false;
  bool ok = es_memory_fits(&mem, labels, NULL, NULL, NULL);
  es_memory_free(&mem);
  return ok;
}

/* At the time limit without an assignment of the solver's own: the best
 * baseline, with its gap to the bound when one is known. */
static void fall_back(const EsProblem *p, const int *start, const char *name, double limit,
                      double bound, EsSolution *out) {
  memcpy(out->label, start, sizeof(int) * (size_t)p->ntasks);
  double cost = es_problem_evaluate(p, p->objective, start);
  out->bound = bound;
  int n = snprintf(out->note, sizeof out->note,
                   "ilp stopped at its time limit of %g s before an assignment of its own: the "
                   "best baseline's (%s%s), ",
                   limit, strcmp(name, "greedy") ? "all on " : "", name);
  if (n < 0 || (size_t)n >= sizeof out->note)
    return;
  if (isnan(bound))
    snprintf(out->note + n, sizeof out->note - (size_t)n, "gap unknown (no bound yet)");
  else
    snprintf(out->note + n, sizeof out->note - (size_t)n, "gap %.2f%% (bound %.6g)",
             100 * (cost - bound) / (fabs(cost) > 1e-12 ? fabs(cost) : 1e-12), bound);
}

int es_ilp(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  if (es_milp_require("ilp", err))
    return ES_ENOSUP;
  if (p->ntasks > ILP_MAX_TASKS)
    return es_error_set(err, ES_ELIMIT, NULL, 0, 0,
                        "ilp is a reference for small instances: %d tasks is over its limit "
                        "of %d; use tree-dp or mincut",
                        p->ntasks, ILP_MAX_TASKS);
  Model md = {p, es_milp_new(), NULL, NULL, NULL, NULL, 0, 0};
  double limit = opt->time_limit > 0 ? opt->time_limit : ES_ILP_DEFAULT_TIME_LIMIT;
  int *start = malloc(((size_t)p->ntasks + 1) * sizeof(int));
  const char *start_name = NULL;
  size_t width = (size_t)p->ntasks + (size_t)p->nlabels + 4;
  md.x = malloc(((size_t)p->ntasks * (size_t)p->nlabels + 1) * sizeof(int));
  md.cols = malloc(width * sizeof(int) * 2);
  md.vals = malloc(width * sizeof(double) * 2);
  int rc = ES_ENOMEM;
  if (!md.m || !md.x || !md.cols || !md.vals || !start)
    goto out;
  if ((rc = add_assignment_rows(&md)))
    goto out;
  for (int i = 0; i < p->nitems; i++)
    if ((rc = add_item(&md, i)))
      goto out;
  if (p->memory_bound && (rc = add_memory_rows(&md, err)))
    goto out;
  bool have_start = best_baseline(p, opt, start, &start_name, err) && fits(p, start);
  int ncols = 0;
  for (int k = 0; k < md.nitem_cols; k++)
    ncols = md.item_cols[k].col >= ncols ? md.item_cols[k].col + 1 : ncols;
  for (int k = 0; k < p->ntasks * p->nlabels; k++)
    ncols = md.x[k] >= ncols ? md.x[k] + 1 : ncols;
  if (have_start && !p->memory_bound && (rc = offer_start(&md, ncols, start)))
    goto out;
  if (opt->progress) { /* a first line at once: the solver's own come once it branches */
    es_milp_set_progress(md.m, report_progress, (void *)opt);
    opt->progress(opt->progress_ctx, "ilp", 0,
                  have_start ? es_problem_evaluate(p, p->objective, start) : NAN, NAN);
  }
  EsMilpResult res;
  if ((rc = es_milp_solve(md.m, limit, &res, err)))
    goto out;
  if (res.status == ES_MILP_NO_SOLUTION && have_start) {
    fall_back(p, start, start_name, limit, res.bound, out);
    rc = ES_OK;
    goto out;
  }
  if (res.status == ES_MILP_INFEASIBLE || res.status == ES_MILP_NO_SOLUTION) {
    rc = es_error_set(err, ES_EINFEAS, NULL, 0, 0,
                      res.status == ES_MILP_INFEASIBLE
                          ? "ilp: no feasible assignment"
                          : "ilp: time limit of %g s reached before any assignment was found",
                      limit);
    goto out;
  }
  read_labels(&md, out);
  out->bound = res.bound;
  if (res.status == ES_MILP_FEASIBLE)
    snprintf(out->note, sizeof out->note,
             "ilp stopped at its time limit of %g s: not proven optimal, gap %.2f%% "
             "(bound %.6g)",
             limit, 100 * res.gap, res.bound);
  rc = ES_OK;
out:
  if (rc == ES_ENOMEM)
    es_error_set(err, rc, NULL, 0, 0, "out of memory");
  es_milp_free(md.m);
  free(md.x), free(md.cols), free(md.vals), free(md.item_cols), free(start);
  return rc;
}
