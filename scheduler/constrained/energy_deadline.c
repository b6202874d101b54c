/* energy-deadline (beyond the papers; docs/DESIGN.md): minimum energy over
 * labels (device, DVFS level) subject to a makespan bound D = opt->deadline.
 *
 * Under the one-device-busy-at-a-time model (problem.h) the makespan is the
 * serial time T(S), additive like the energy E(S), so the problem is
 *
 *   min E(S)  s.t.  T(S) <= D.
 *
 * On trees and forests the DP over discretised time (deadline_dp.c) solves
 * it, exactly when every time lies on its grid. Otherwise, and on DAGs, a
 * Lagrangian relaxation: for lambda >= 0, S_lambda = argmin E + lambda T is
 * found exactly by the exact solver of the problem's shape (tree-dp on
 * trees and forests, mincut on two devices, ilp, brute), since E + lambda T
 * is again a problem of the same form (transfer terms combine because both
 * objectives weigh an item alike in timed and physical graphs). Then
 *
 *   L(lambda) = E(S_lambda) + lambda (T(S_lambda) - D) <= OPT
 *
 * and bisection on lambda (the subgradient T(S_lambda) - D changes sign)
 * gives the best bound and feasible solutions; a last pass of single-label
 * moves that keep T <= D improves the best one. The note calls a value the
 * optimum only when a bound proves it, and gives the gap otherwise.
 *
 * The result is a timed schedule. The serial assignment run serially (one
 * task or transfer at a time, devices idling at their idle power) has the
 * serial model's makespan and, for items with one reader, its energy. It
 * competes on simulated energy with the same idling low, the assignment
 * list-scheduled (upward rank, insertion) with the scale pass stretched to
 * D, and the schedules of heft, cpop, dps, hnpd and easef, each with the
 * scale, equalize and evenly passes stretched to D; every candidate but the
 * first idles in each processor's least-power state (a level when it draws
 * less than the idle power, as the 6805's low voltages do). The note says
 * whether the winner's energy is the serial model's; only then is the
 * serial bound the schedule's bound.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/constrained/deadline_dp.h"
#include "scheduler/constrained/energy_deadline.h"
#include "scheduler/dvfs/dvfs.h"
#include "scheduler/dvfs/dvfs_pass.h"
#include "scheduler/exact/exact.h"
#include "scheduler/lp/milp.h"
#include "scheduler/model/dag.h"
#include "scheduler/model/solution.h"
#include "scheduler/timed/list_sched.h"
#include "scheduler/timed/timed.h"
#include "scheduler/timeline/timeline.h"

enum { BISECTIONS = 40, MOVE_ROUNDS = 4, ILP_MAX_CELLS = 400 };
#define DP_MAX_CELLS 20000000L /* tasks x devices x time steps of the deadline DP */
#define DP_MAX_WORK  2e9       /* its convolution terms: a few seconds */

/* The exact solver of a problem's shape, called directly (the algorithm
 * table lives above this room). */
typedef struct Solver {
  const char *name;
  EsAlgoFn run;
} Solver;

typedef struct Relaxed {
  EsProblem q; /* shallow copy of p with E + lambda T as its energy */
  double *value, *unit, *fixed;
  Solver solver;
} Relaxed;

static int relaxed_init(const EsProblem *p, Solver solver, Relaxed *r, EsError *err) {
  for (int i = 0; i < p->nitems; i++)
    if (p->item_weight[ES_OBJ_ENERGY][i] != p->item_weight[ES_OBJ_TIME][i])
      return es_error_set(err, ES_ENOSUP, NULL, 0, 0,
                          "energy-deadline needs edges whose energy and time follow one "
                          "weight (timed or physical graphs, not abstract 'cost:' edges)");
  size_t nv = (size_t)p->ntasks * (size_t)p->nlabels + 1;
  size_t nx = (size_t)p->ndevices * (size_t)p->ndevices + 1;
  r->q = *p;
  r->q.objective = ES_OBJ_ENERGY;
  r->solver = solver;
  r->value = malloc(nv * sizeof(double));
  r->unit = malloc(nx * sizeof(double));
  r->fixed = malloc(nx * sizeof(double));
  if (!r->value || !r->unit || !r->fixed)
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  r->q.value[ES_OBJ_ENERGY] = r->value;
  r->q.xfer_unit[ES_OBJ_ENERGY] = r->unit;
  r->q.xfer_fixed[ES_OBJ_ENERGY] = r->fixed;
  return ES_OK;
}

static void relaxed_free(Relaxed *r) { free(r->value), free(r->unit), free(r->fixed); }

/* argmin_S we E(S) + lambda T(S) into labels; returns 0 or an error. */
static int solve_weighted(const EsProblem *p, Relaxed *r, double we, double lambda, int *labels,
                          EsError *err) {
  size_t nv = (size_t)p->ntasks * (size_t)p->nlabels;
  size_t nx = (size_t)p->ndevices * (size_t)p->ndevices;
  for (size_t k = 0; k < nv; k++) {
    double e = p->value[ES_OBJ_ENERGY][k], t = p->value[ES_OBJ_TIME][k];
    r->value[k] = isinf(e) || isinf(t) ? INFINITY : we * e + lambda * t;
  }
  for (size_t k = 0; k < nx; k++) {
    r->unit[k] = we * p->xfer_unit[ES_OBJ_ENERGY][k] + lambda * p->xfer_unit[ES_OBJ_TIME][k];
    r->fixed[k] = we * p->xfer_fixed[ES_OBJ_ENERGY][k] + lambda * p->xfer_fixed[ES_OBJ_TIME][k];
  }
  EsSolution s;
  if (es_solution_init(&s, p->ntasks, false))
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  EsAlgoOptions o = {0};
  int rc = r->solver.run(&r->q, &o, &s, err);
  if (!rc)
    memcpy(labels, s.label, (size_t)p->ntasks * sizeof(int));
  es_solution_free(&s);
  return rc;
}

static int solve_at(const EsProblem *p, Relaxed *r, double lambda, int *labels, EsError *err) {
  return solve_weighted(p, r, 1, lambda, labels, err);
}

typedef struct Search {
  const EsProblem *p;
  double deadline;
  int *best; /* best feasible labels */
  double best_e, bound;
  int *cur;
  double dp_step; /* the DP's time step, 0 when it did not run */
  bool dp_exact;  /* the DP's answer is the optimum */
} Search;

/* Records S_lambda: the dual bound and, when feasible, the incumbent.
 * Returns T(S) - D (the subgradient). */
static double record(Search *s, double lambda) {
  double e = es_problem_evaluate(s->p, ES_OBJ_ENERGY, s->cur);
  double t = es_problem_evaluate(s->p, ES_OBJ_TIME, s->cur);
  double l = e + lambda * (t - s->deadline);
  s->bound = l > s->bound ? l : s->bound;
  if (t <= s->deadline * (1 + 1e-12) && e < s->best_e) {
    s->best_e = e;
    memcpy(s->best, s->cur, (size_t)s->p->ntasks * sizeof(int));
  }
  return t - s->deadline;
}

/* Single-label moves that lower E and keep T <= D, a few rounds. */
static void improve(Search *s) {
  const EsProblem *p = s->p;
  for (int round = 0; round < MOVE_ROUNDS && p->ntasks <= 2000; round++) {
    bool moved = false;
    for (int v = 0; v < p->ntasks; v++)
      for (int l = 0; l < p->nlabels; l++) {
        int old = s->best[v];
        if (l == old || isinf(es_problem_task_cost(p, v, l)))
          continue;
        s->best[v] = l;
        double e = es_problem_evaluate(p, ES_OBJ_ENERGY, s->best);
        double t = es_problem_evaluate(p, ES_OBJ_TIME, s->best);
        if (e < s->best_e - 1e-12 * fabs(s->best_e) && t <= s->deadline * (1 + 1e-12))
          s->best_e = e, moved = true;
        else
          s->best[v] = old;
      }
    if (!moved)
      break;
  }
}

static bool closed(const Search *s) {
  return s->best_e - s->bound <= 1e-9 * (fabs(s->best_e) + 1e-300);
}

/* The Lagrangian search; fills s->best. */
static int lagrangian(const EsProblem *p, Relaxed *r, Search *s, EsError *err) {
  /* The fastest serial assignment first: if even it misses the deadline,
   * there is nothing to relax (and best keeps it for the repair when it has
   * nothing better); otherwise it is the first incumbent. */
  int rc = solve_weighted(p, r, 0, 1, s->cur, err);
  if (rc)
    return rc;
  double e = es_problem_evaluate(p, ES_OBJ_ENERGY, s->cur);
  if (es_problem_evaluate(p, ES_OBJ_TIME, s->cur) > s->deadline * (1 + 1e-12)) {
    if (isinf(s->best_e))
      memcpy(s->best, s->cur, (size_t)p->ntasks * sizeof(int));
    return ES_OK;
  }
  if (e < s->best_e) {
    s->best_e = e;
    memcpy(s->best, s->cur, (size_t)p->ntasks * sizeof(int));
  }
  if ((rc = solve_at(p, r, 0, s->cur, err)))
    return rc;
  if (record(s, 0) <= 0)
    return ES_OK; /* the unconstrained optimum meets the deadline */
  double e0 = es_problem_evaluate(p, ES_OBJ_ENERGY, s->cur);
  double t0 = es_problem_evaluate(p, ES_OBJ_TIME, s->cur);
  double lo = 0, hi = t0 > 0 ? 1e-6 * (e0 + 1) / t0 : 1;
  for (int k = 0; k < 80; k++, hi *= 4) {
    if ((rc = solve_at(p, r, hi, s->cur, err)))
      return rc;
    if (record(s, hi) <= 0)
      break;
    lo = hi;
  }
  for (int k = 0; k < BISECTIONS && hi - lo > 1e-12 * hi && !closed(s); k++) {
    double mid = (lo + hi) / 2;
    if ((rc = solve_at(p, r, mid, s->cur, err)))
      return rc;
    if (record(s, mid) <= 0)
      hi = mid;
    else
      lo = mid;
  }
  improve(s);
  return ES_OK;
}

static Solver exact_solver(const EsProblem *p) {
  /* Dozens of MIP solves per deadline: beyond ILP_MAX_CELLS the serial part
   * is skipped and the repaired list schedules alone compete. */
  Solver s;
  s.run = es_exact_solver(p, ILP_MAX_CELLS, &s.name);
  return s;
}

/* Serial schedule of labels: topological order, one task or transfer at a
 * time, an item moving once to each device that reads it: its makespan is
 * the serial time, and (items with one reader, devices idling at their idle
 * power) its simulated energy is the serial model's. */
static int serial_schedule(const EsProblem *p, const EsDag *d, const int *labels, EsSolution *out) {
  unsigned char *there = calloc((size_t)p->nitems * (size_t)p->ndevices + 1, 1);
  if (!there)
    return ES_ENOMEM;
  double t = 0;
  memcpy(out->label, labels, (size_t)p->ntasks * sizeof(int));
  for (int i = 0; i < d->n; i++) {
    int v = d->topo[i], dev = p->label_device[labels[v]];
    for (int k = d->pred_first[v]; k < d->pred_first[v + 1]; k++) {
      int u = d->pred[k].task, item = d->pred[k].item, src = p->label_device[labels[u]];
      size_t at = (size_t)item * (size_t)p->ndevices + (size_t)dev;
      if (item >= 0 && src != dev && !there[at])
        t += es_timed_comm(p, item, src, dev), there[at] = 1;
    }
    out->start[v] = t;
    t = out->finish[v] = t + es_timed_task_time(p, v, labels[v]);
  }
  free(there);
  return ES_OK;
}

/* List schedule with fixed labels (HEFT's order, insertion). */
static int fixed_list(const EsProblem *p, const EsDag *d, const int *labels, EsSolution *out) {
  EsListSched ls;
  int *order = malloc(((size_t)p->ntasks + 1) * sizeof *order);
  int rc = order ? es_ls_init(&ls, p, d, out) : ES_ENOMEM;
  if (!rc) {
    rc = es_dag_heft_order(d, order);
    for (int i = 0; !rc && i < p->ntasks; i++) {
      int v = order[i], dev = p->label_device[labels[v]];
      double w = es_timed_task_time(p, v, labels[v]);
      double st = es_ls_start(&ls, v, dev, w, true);
      out->label[v] = labels[v], out->start[v] = st, out->finish[v] = st + w;
      rc = es_timeline_insert(&ls.tl, dev, (EsSlot){st, st + w, v, -1});
    }
    es_ls_free(&ls);
  }
  free(order);
  return rc;
}

/* Each processor idles in its least-power state among its idle power and
 * its levels (the dissertation's low-voltage idle when a level draws less
 * than idling at full voltage, as on the 6805; never switched off). */
static void lowest_idle(const EsProblem *p, EsSolution *s) {
  if (es_solution_set_idle(s, p->ndevices))
    return;
  for (int d = 0; d < p->ndevices; d++) {
    double best = p->idle_power[d];
    s->idle_state[d] = ES_IDLE_DEVICE;
    for (int l = 0; l < p->nlabels; l++)
      if (p->label_device[l] == d && p->level_power[l] < best)
        best = p->level_power[l], s->idle_state[d] = p->label_level[l];
  }
}

/* Keeps cand in best when it meets D with less simulated energy (not
 * just rounding less: the earlier candidate stays); low: it idles in its
 * least-power states. */
static void consider(const EsProblem *p, EsSolution *cand, bool low, double deadline,
                     EsSolution *best, double *best_e, const char *what, const char **chosen) {
  EsTimedMetrics m;
  if (low)
    lowest_idle(p, cand);
  if (es_timed_validate(p, cand, 1e-7, NULL) || es_timed_simulate(p, cand, &m) ||
      m.makespan > deadline * (1 + 1e-9) || !(m.energy < *best_e * (1 - 1e-12))) {
    es_solution_free(cand);
    return;
  }
  es_solution_free(best);
  *best = *cand;
  *best_e = m.energy, *chosen = what;
}

/* The list schedulers whose schedules, stretched to D by each pass, also
 * compete (so the result is never worse than theirs at their makespan). */
static const char *const passes[3] = {"scale", "equalize", "evenly"};
static const struct {
  EsAlgoFn run;
  const char *names[3];
} candidates[] = {
    {es_heft, {"heft+scale", "heft+equalize", "heft+evenly"}},
    {es_cpop, {"cpop+scale", "cpop+equalize", "cpop+evenly"}},
    {es_dps, {"dps+scale", "dps+equalize", "dps+evenly"}},
    {es_hnpd, {"hnpd+scale", "hnpd+equalize", "hnpd+evenly"}},
    {es_easef, {"easef+scale", "easef+equalize", "easef+evenly"}},
};
enum { NCANDIDATES = sizeof candidates / sizeof candidates[0] };

/* The candidates that meet D, least simulated energy first: the serial
 * assignment run serially (as the serial model has it, and idling low),
 * list-scheduled, and every list scheduler stretched by every pass.
 * *best_e receives the winner's simulated energy. */
static int repair(const EsProblem *p, const EsDag *d, const int *labels, double deadline,
                  EsSolution *out, const char **chosen, double *best_e) {
  EsSolution best = {0}, c;
  *best_e = INFINITY;
  for (int low = 0; labels && low < 2; low++) {
    if (es_solution_init(&c, p->ntasks, true) || serial_schedule(p, d, labels, &c))
      return ES_ENOMEM;
    consider(p, &c, low, deadline, &best, best_e, low ? "serial, idling low" : "serial", chosen);
  }
  if (labels) {
    if (es_solution_init(&c, p->ntasks, true))
      return ES_ENOMEM;
    if (fixed_list(p, d, labels, &c) == ES_OK && es_dvfs_scale(p, -1, deadline, &c, NULL) == ES_OK)
      consider(p, &c, true, deadline, &best, best_e, "list+scale", chosen);
    else
      es_solution_free(&c);
  }
  for (int a = 0; a < NCANDIDATES; a++)
    for (int k = 0; k < 3; k++) {
      if (es_solution_init(&c, p->ntasks, false))
        return ES_ENOMEM;
      if (candidates[a].run(p, NULL, &c, NULL) == ES_OK &&
          es_dvfs_apply(p, passes[k], deadline, &c, NULL) == ES_OK)
        consider(p, &c, true, deadline, &best, best_e, candidates[a].names[k], chosen);
      else
        es_solution_free(&c);
    }
  if (isinf(*best_e))
    return ES_EINFEAS;
  es_solution_free(out);
  *out = best;
  return ES_OK;
}

static bool proved(const Search *s) {
  return isfinite(s->best_e) && s->best_e - s->bound <= 1e-9 * fabs(s->best_e);
}

/* The serial search: on trees the DP over time (exact when the times lie on
 * its grid), then, unless that proved the optimum, the Lagrangian search;
 * the better answer and the better bound stand. */
static int serial_search(const EsProblem *p, Solver solver, Search *s, EsError *err) {
  if (solver.run == es_tree_dp) {
    EsDeadlineDp dp = {.labels = s->cur};
    int rc = es_deadline_dp(p, s->deadline, DP_MAX_CELLS, DP_MAX_WORK, &dp, err);
    if (rc && rc != ES_ELIMIT)
      return rc;
    if (!rc) {
      s->dp_step = dp.step, s->dp_exact = dp.exact;
      if (dp.energy < s->best_e)
        s->best_e = dp.energy, memcpy(s->best, s->cur, (size_t)p->ntasks * sizeof(int));
      s->bound = dp.bound > s->bound ? dp.bound : s->bound;
      if (dp.exact)
        return ES_OK;
    }
    es_error_clear(err);
  }
  Relaxed r = {0};
  int rc = relaxed_init(p, solver, &r, err);
  if (!rc)
    rc = lagrangian(p, &r, s, err);
  relaxed_free(&r);
  return rc;
}

int es_energy_deadline_serial(const EsProblem *p, double deadline, int *labels, double *energy,
                              double *bound, bool *optimal, EsError *err) {
  Solver solver = exact_solver(p);
  if (!solver.run)
    return es_error_set(err, ES_ENOSUP, NULL, 0, 0, "energy-deadline: no exact solver");
  Search s = {.p = p,
              .deadline = deadline,
              .best = labels,
              .best_e = INFINITY,
              .bound = -INFINITY,
              .cur = malloc(((size_t)p->ntasks + 1) * sizeof(int))};
  int rc = s.cur ? serial_search(p, solver, &s, err) : ES_ENOMEM;
  *energy = s.best_e, *bound = s.bound, *optimal = proved(&s);
  free(s.cur);
  return rc == ES_ENOMEM ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : rc;
}

/* What the serial search found, named as the model it is in. */
static void describe_serial(const Search *s, const char *solver, char *buf, size_t len) {
  double gap = s->best_e > 0 ? (s->best_e - s->bound) / s->best_e : 0;
  if (isinf(s->best_e))
    snprintf(buf, len, "no assignment meets it in the serial model (one device busy at a time)");
  else if (proved(s) && s->dp_exact)
    snprintf(buf, len,
             "serial-model optimum %.6g (one device busy at a time; exact: a DP over time in "
             "steps of %.6g, every time a whole number of steps)",
             s->best_e, s->dp_step);
  else if (proved(s))
    snprintf(buf, len, "serial-model optimum %.6g (proven: the lower bound meets it; %s)",
             s->best_e, solver);
  else
    snprintf(buf, len,
             "serial model: best %.6g, lower bound %.6g (gap %.3g%%, not proven optimal; "
             "%s%s)",
             s->best_e, s->bound, 100 * (gap > 0 ? gap : 0), solver,
             s->dp_step > 0 ? ", DP over time" : "");
}

int es_energy_deadline(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out,
                       EsError *err) {
  double deadline = opt ? opt->deadline : 0;
  if (!(deadline > 0))
    return es_error_set(err, ES_EINVAL, NULL, 0, 0, "energy-deadline needs --deadline T > 0");
  if (!p->value[ES_OBJ_ENERGY] || !p->value[ES_OBJ_TIME])
    return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                        "energy-deadline needs both energies and times (times with a "
                        "platform that gives powers)");
  Solver solver = exact_solver(p);
  Search s = {.p = p,
              .deadline = deadline,
              .best = malloc(((size_t)p->ntasks + 1) * sizeof(int)),
              .best_e = INFINITY,
              .bound = -INFINITY,
              .cur = malloc(((size_t)p->ntasks + 1) * sizeof(int))};
  EsDag d = {0};
  int rc = s.best && s.cur ? ES_OK : es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  if (!rc && solver.run)
    rc = serial_search(p, solver, &s, err);
  if (!rc)
    rc = es_dag_build(p, &d, err);
  const char *chosen = "serial";
  double sim_e = INFINITY;
  bool serial = solver.run && isfinite(s.best_e);
  if (!rc && (rc = repair(p, &d, serial ? s.best : NULL, deadline, out, &chosen, &sim_e)))
    es_error_set(err, rc, NULL, 0, 0, "energy-deadline: %s",
                 rc == ES_ENOMEM ? "out of memory" : "no schedule meets the deadline");
  if (!rc) {
    char serial_text[240];
    if (solver.run)
      describe_serial(&s, solver.name, serial_text, sizeof serial_text);
    else
      snprintf(serial_text, sizeof serial_text,
               "no exact serial search at this size (a DAG on %d devices%s)", p->ndevices,
               es_milp_available() ? "" : ", GLPK not loaded");
    /* The schedule's energy is its simulation; it is the serial model's
     * exactly when the serial schedule won and the two agree. */
    bool same =
        serial && !strcmp(chosen, "serial") && fabs(sim_e - s.best_e) <= 1e-9 * fabs(s.best_e);
    out->bound = same ? s.bound : NAN;
    snprintf(out->note, sizeof out->note, "energy-deadline: %s; schedule: %s, %s", serial_text,
             chosen,
             same ? "its energy the serial model's"
                  : "its energy simulated with devices in parallel (the timed model; the "
                    "serial figures do not bound it)");
  }
  es_dag_free(&d);
  free(s.best), free(s.cur);
  return rc;
}
