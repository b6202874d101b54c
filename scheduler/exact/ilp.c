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
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"
#include "scheduler/exact/exact.h"
#include "scheduler/lp/milp.h"
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
  if (!es_milp_available())
    return es_error_set(err, ES_ENOSUP, NULL, 0, 0,
                        "ilp needs GLPK, which this build lacks; install libglpk-dev");
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
  bool have_start = best_baseline(p, opt, start, &start_name, err);
  int ncols = 0;
  for (int k = 0; k < md.nitem_cols; k++)
    ncols = md.item_cols[k].col >= ncols ? md.item_cols[k].col + 1 : ncols;
  for (int k = 0; k < p->ntasks * p->nlabels; k++)
    ncols = md.x[k] >= ncols ? md.x[k] + 1 : ncols;
  if (have_start && (rc = offer_start(&md, ncols, start)))
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
