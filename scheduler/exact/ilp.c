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
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/model/solution.h"
#include "scheduler/exact/exact.h"
#include "scheduler/lp/milp.h"

enum { ILP_MAX_TASKS = 5000 };

typedef struct Model {
  const EsProblem *p;
  EsMilp *m;
  int *x;     /* [ntasks * nlabels] column or -1 when the label is forbidden */
  int *cols;  /* scratch row buffer */
  double *vals;
} Model;

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
    if (y < 0)
      return y;
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
      if (z < 0)
        return z;
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

int es_ilp(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  if (!es_milp_available())
    return es_error_set(err, ES_ENOSUP, NULL, 0, 0,
                        "ilp needs GLPK, which this build lacks; install libglpk-dev");
  if (p->ntasks > ILP_MAX_TASKS)
    return es_error_set(err, ES_ELIMIT, NULL, 0, 0,
                        "ilp is a reference for small instances: %d tasks is over its limit "
                        "of %d; use tree-dp or mincut",
                        p->ntasks, ILP_MAX_TASKS);
  Model md = {p, es_milp_new(), NULL, NULL, NULL};
  size_t width = (size_t)p->ntasks + (size_t)p->nlabels + 4;
  md.x = malloc(((size_t)p->ntasks * (size_t)p->nlabels + 1) * sizeof(int));
  md.cols = malloc(width * sizeof(int) * 2);
  md.vals = malloc(width * sizeof(double) * 2);
  int rc = ES_ENOMEM;
  if (!md.m || !md.x || !md.cols || !md.vals)
    goto out;
  if ((rc = add_assignment_rows(&md)))
    goto out;
  for (int i = 0; i < p->nitems; i++)
    if ((rc = add_item(&md, i)))
      goto out;
  EsMilpResult res;
  if ((rc = es_milp_solve(md.m, opt->time_limit, &res, err)))
    goto out;
  if (res.status == ES_MILP_INFEASIBLE || res.status == ES_MILP_NO_SOLUTION) {
    rc = es_error_set(err, ES_EINFEAS, NULL, 0, 0,
                      res.status == ES_MILP_INFEASIBLE
                          ? "ilp: no feasible assignment"
                          : "ilp: time limit of %g s reached before any assignment was found",
                      opt->time_limit);
    goto out;
  }
  read_labels(&md, out);
  out->bound = res.bound;
  if (res.status == ES_MILP_FEASIBLE)
    snprintf(out->note, sizeof out->note,
             "ilp stopped at its time limit of %g s: not proven optimal, gap %.2f%% "
             "(bound %.6g)",
             opt->time_limit, 100 * res.gap, res.bound);
  rc = ES_OK;
out:
  if (rc == ES_ENOMEM)
    es_error_set(err, rc, NULL, 0, 0, "out of memory");
  es_milp_free(md.m);
  free(md.x), free(md.cols), free(md.vals);
  return rc;
}
