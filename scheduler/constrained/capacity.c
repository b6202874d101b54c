/* capacity (beyond the papers; docs/DESIGN.md): the least cost (the
 * problem's objective) of an assignment whose device-resident data stays
 * within every device's memory (scheduler/model/memory.h), for graphs too
 * large for the ILP's capacity rows.
 *
 * Lagrangian relaxation of the rows R_d(k) <= M_d (every step k of every
 * bounded device d) with multipliers mu_{d,k} >= 0:
 *
 *   L(mu) = min_S  c(S) + sum_{d,k} mu_{d,k} (R~_d(k; S) - M_d)  <=  OPT
 *
 * where R~ <= R charges an item of b bytes, producer p and readers r_j, to
 * single tasks: each reader b mu at its own step on its own device, and the
 * producer b mu over its copy's span [s(p), L(i)] on its device without
 * the readers' steps. A reader on the producer's device restores exactly
 * that span; a reader elsewhere counts its copy at its step only, and the
 * producer's copy misses that step. So R~ <= R and L(mu) is a lower bound;
 * and c + mu R~ adds costs per task and label only: a problem of the same
 * form, solved as it is by the exact solver of its shape (tree-dp on
 * trees, mincut on two devices, ilp).
 *
 * Subgradient steps (Polyak's, towards the best cost found) move mu by
 * R~(S_mu) - M. A relaxed optimum that breaks a memory is repaired: tasks
 * leave the device at its fullest step, the move that frees most bytes
 * there per unit of cost first, never back to a device they left, until
 * every device fits; then tasks return to their relaxed labels where that
 * still fits and costs less. The best repaired assignment is the answer;
 * its bound is max L and the note gives the gap. O(iterations * (solver +
 * repair)).
 */
#include "scheduler/constrained/capacity.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/exact/exact.h"
#include "scheduler/model/memory.h"

enum { ITERATIONS = 60, STALL = 5, CANDIDATES = 48 };

typedef struct Cap {
  const EsProblem *p;
  EsObjective obj;
  EsMemory mem;
  EsProblem q;       /* p with the relaxed costs as its objective's values */
  double *value;     /* q's values [ntasks * nlabels] */
  double *mu, *grad; /* [nd * n] */
  double *prefix;    /* [n + 1] scratch */
  int *inc_first;    /* [n + 1]: the items each task writes or reads (CSR) */
  int *inc;
  int *relaxed, *cur, *best; /* labels */
  unsigned char *left;       /* [n * nd]: the task left that device while repairing */
  double best_c, bound;
  EsAlgoFn solver;
  const char *solver_name;
} Cap;

static int cap_alloc(Cap *c) {
  const EsProblem *p = c->p;
  size_t n = (size_t)p->ntasks + 1, nd = (size_t)p->ndevices;
  c->value = malloc(n * (size_t)p->nlabels * sizeof *c->value);
  c->mu = calloc(nd * n, sizeof *c->mu);
  c->grad = malloc(nd * n * sizeof *c->grad);
  c->prefix = malloc((n + 1) * sizeof *c->prefix);
  c->relaxed = malloc(n * sizeof(int));
  c->cur = malloc(n * sizeof(int));
  c->best = malloc(n * sizeof(int));
  c->left = malloc(n * nd);
  if (!c->value || !c->mu || !c->grad || !c->prefix || !c->relaxed || !c->cur || !c->best ||
      !c->left)
    return ES_ENOMEM;
  c->q = *p;
  c->q.objective = c->obj;
  c->q.value[c->obj] = c->value;
  c->q.memory_bound = false; /* the relaxed problem has no memory rows */
  return ES_OK;
}

static void cap_free(Cap *c) {
  es_memory_free(&c->mem);
  free(c->value), free(c->mu), free(c->grad), free(c->prefix);
  free(c->relaxed), free(c->cur), free(c->best), free(c->left);
}

/* Adds x to every label of task v on device d. */
static void add_on(Cap *c, int v, int d, double x) {
  const EsProblem *p = c->p;
  for (int l = 0; l < p->nlabels; l++)
    if (p->label_device[l] == d)
      c->value[(long)v * p->nlabels + l] += x;
}

/* q's values: c + mu R~ per task and label (the header's decomposition). */
static void relax(Cap *c) {
  const EsProblem *p = c->p;
  const EsMemory *m = &c->mem;
  memcpy(c->value, p->value[c->obj], (size_t)p->ntasks * (size_t)p->nlabels * sizeof *c->value);
  for (int d = 0; d < p->ndevices; d++) {
    if (isinf(p->memory[d]))
      continue;
    const double *mu = c->mu + (size_t)d * (size_t)m->n;
    c->prefix[0] = 0;
    for (int k = 0; k < m->n; k++)
      c->prefix[k + 1] = c->prefix[k] + mu[k];
    for (int i = 0; i < p->nitems; i++) {
      double b = m->bytes[i];
      int prod = p->item_producer[i];
      if (!(b > 0))
        continue;
      double span = c->prefix[m->last[i] + 1] - c->prefix[m->step[prod]];
      for (int j = p->item_first[i]; j < p->item_first[i + 1]; j++) {
        int r = p->item_reader[j];
        span -= mu[m->step[r]];
        add_on(c, r, d, b * mu[m->step[r]]);
      }
      add_on(c, prod, d, b * span);
    }
  }
}

/* grad = R~(S) - M on the bounded devices, and sum mu M into *mu_m. */
static void subgradient(Cap *c, const int *labels, double *mu_m) {
  const EsProblem *p = c->p;
  const EsMemory *m = &c->mem;
  size_t n = (size_t)m->n;
  memset(c->grad, 0, (size_t)m->nd * n * sizeof *c->grad);
  for (int i = 0; i < p->nitems; i++) {
    int prod = p->item_producer[i], a = p->label_device[labels[prod]];
    double b = m->bytes[i];
    if (!(b > 0))
      continue;
    c->grad[(size_t)a * n + (size_t)m->step[prod]] += b; /* differences of the span */
    if ((size_t)m->last[i] + 1 < n)
      c->grad[(size_t)a * n + (size_t)m->last[i] + 1] -= b;
    for (int j = p->item_first[i]; j < p->item_first[i + 1]; j++) {
      int r = p->item_reader[j], d = p->label_device[labels[r]];
      if (d == a)
        continue;
      /* the step itself, as a span of one: its difference at s and s + 1 */
      size_t s = (size_t)m->step[r];
      c->grad[(size_t)a * n + s] -= b;
      c->grad[(size_t)d * n + s] += b;
      if (s + 1 < n) {
        c->grad[(size_t)a * n + s + 1] += b;
        c->grad[(size_t)d * n + s + 1] -= b;
      }
    }
  }
  *mu_m = 0;
  for (int d = 0; d < m->nd; d++) {
    double sum = 0, cap = p->memory[d];
    for (size_t k = 0; k < n; k++) {
      sum += c->grad[(size_t)d * n + k];
      c->grad[(size_t)d * n + k] = isinf(cap) ? 0 : sum - cap;
      if (!isinf(cap))
        *mu_m += c->mu[(size_t)d * n + k] * cap;
    }
  }
}

/* Bytes item i keeps on device d at step k under labels (memory.h). */
static double item_at(const Cap *c, const int *labels, int i, int d, int k) {
  const EsProblem *p = c->p;
  const EsMemory *m = &c->mem;
  int prod = p->item_producer[i], a = p->label_device[labels[prod]];
  if (a == d)
    return m->step[prod] <= k && k <= m->last[i] ? m->bytes[i] : 0;
  int first = m->n, last = -1;
  for (int j = p->item_first[i]; j < p->item_first[i + 1]; j++) {
    int r = p->item_reader[j];
    if (p->label_device[labels[r]] != d)
      continue;
    first = m->step[r] < first ? m->step[r] : first;
    last = m->step[r] > last ? m->step[r] : last;
  }
  return first <= k && k <= last ? m->bytes[i] : 0;
}

/* Cost of task v's label and of the items it touches, and the bytes those
 * items keep on d at step k. */
static void local(const Cap *c, const int *labels, int v, int d, int k, double *cost,
                  double *bytes) {
  const EsProblem *p = c->p;
  *cost = p->value[c->obj][(long)v * p->nlabels + labels[v]];
  *bytes = 0;
  for (int j = c->mem.inc_first[v]; j < c->mem.inc_first[v + 1]; j++) {
    int i = c->mem.inc[j];
    *cost += es_problem_item_total(p, c->obj, i, labels);
    *bytes += item_at(c, labels, i, d, k);
  }
}

/* The cheapest label of task v on device e, or -1. */
static int cheapest_on(const EsProblem *p, EsObjective obj, int v, int e) {
  int best = -1;
  for (int l = 0; l < p->nlabels; l++)
    if (p->label_device[l] == e && !isinf(p->value[obj][(long)v * p->nlabels + l]) &&
        (best < 0 ||
         p->value[obj][(long)v * p->nlabels + l] < p->value[obj][(long)v * p->nlabels + best]))
      best = l;
  return best;
}

/* Tasks whose data is on d at step k: producers and readers there. */
static int contributors(const Cap *c, const int *labels, int d, int k, int *out) {
  const EsProblem *p = c->p;
  int n = 0;
  for (int i = 0; i < p->nitems && n < CANDIDATES; i++) {
    if (!(item_at(c, labels, i, d, k) > 0))
      continue;
    int prod = p->item_producer[i];
    if (p->label_device[labels[prod]] == d)
      out[n++] = prod;
    for (int j = p->item_first[i]; j < p->item_first[i + 1] && n < CANDIDATES; j++)
      if (p->label_device[labels[p->item_reader[j]]] == d)
        out[n++] = p->item_reader[j];
  }
  return n;
}

/* One repair move at step k of device d: the task and label that free
 * most bytes there per unit of cost. Returns the bytes freed, 0 when no
 * move frees any. */
static double repair_move(Cap *c, int *labels, int d, int k) {
  const EsProblem *p = c->p;
  int cand[CANDIDATES], n = contributors(c, labels, d, k, cand);
  int bv = -1, bl = -1;
  double bscore = INFINITY, bfreed = 0;
  for (int x = 0; x < n; x++) {
    int v = cand[x], old = labels[v];
    double c0, b0;
    local(c, labels, v, d, k, &c0, &b0);
    for (int e = 0; e < p->ndevices; e++) {
      int l = e == d || c->left[(size_t)v * (size_t)p->ndevices + (size_t)e]
                  ? -1
                  : cheapest_on(p, c->obj, v, e);
      if (l < 0)
        continue;
      double c1, b1;
      labels[v] = l;
      local(c, labels, v, d, k, &c1, &b1);
      labels[v] = old;
      double freed = b0 - b1, score = (c1 - c0) / freed;
      if (freed > 0 && (score < bscore || bv < 0))
        bscore = score, bv = v, bl = l, bfreed = freed;
    }
  }
  if (bv >= 0) {
    c->left[(size_t)bv * (size_t)p->ndevices + (size_t)d] = 1;
    es_memory_move(&c->mem, labels, bv, bl);
  }
  return bfreed;
}

/* Makes labels fit (see the header): at the fullest step of the device
 * most over its memory, the best move, until all fit. Then tasks go back
 * to their labels in want where that fits and costs less. false when no
 * move helps. */
static bool repair(Cap *c, int *labels, const int *want) {
  const EsProblem *p = c->p;
  memset(c->left, 0, (size_t)p->ntasks * (size_t)p->ndevices);
  int d, k;
  if (es_memory_track(&c->mem, labels))
    return false;
  while (!es_memory_worst(&c->mem, &d, &k, NULL))
    if (!(repair_move(c, labels, d, k) > 0))
      return false;
  for (int v = 0; v < p->ntasks; v++) {
    int old = labels[v];
    if (old == want[v])
      continue;
    double c0, c1, ignored;
    local(c, labels, v, 0, 0, &c0, &ignored);
    labels[v] = want[v];
    local(c, labels, v, 0, 0, &c1, &ignored);
    labels[v] = old;
    if (!(c1 < c0))
      continue;
    es_memory_move(&c->mem, labels, v, want[v]);
    if (!es_memory_worst(&c->mem, NULL, NULL, NULL))
      es_memory_move(&c->mem, labels, v, old);
  }
  return true;
}

/* S_mu into c->relaxed; returns L(mu) through *l. */
static int solve_relaxed(Cap *c, double *l, EsError *err) {
  EsSolution s;
  if (es_solution_init(&s, c->p->ntasks, false))
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  relax(c);
  EsAlgoOptions o = {0};
  int rc = c->solver(&c->q, &o, &s, err);
  if (!rc) {
    memcpy(c->relaxed, s.label, (size_t)c->p->ntasks * sizeof(int));
    double mu_m;
    subgradient(c, c->relaxed, &mu_m);
    *l = es_problem_evaluate(&c->q, c->obj, c->relaxed) - mu_m;
  }
  es_solution_free(&s);
  return rc;
}

/* Repairs the relaxed optimum and keeps it when it is the best so far
 * (one that already costs more than the best is left alone: repairs
 * rarely lower a cost). */
static void consider(Cap *c) {
  if (!(es_problem_evaluate(c->p, c->obj, c->relaxed) < c->best_c))
    return;
  memcpy(c->cur, c->relaxed, (size_t)c->p->ntasks * sizeof(int));
  if (!repair(c, c->cur, c->relaxed))
    return;
  double cost = es_problem_evaluate(c->p, c->obj, c->cur);
  if (cost < c->best_c) {
    c->best_c = cost;
    memcpy(c->best, c->cur, (size_t)c->p->ntasks * sizeof(int));
  }
}

static bool closed(const Cap *c) {
  return isfinite(c->best_c) && c->best_c - c->bound <= 1e-9 * fabs(c->best_c);
}

/* The subgradient search; iterations done into *iters. */
static int search(Cap *c, int *iters, EsError *err) {
  double theta = 2, l = -INFINITY;
  int stall = 0, rc = ES_OK;
  size_t cells = (size_t)c->mem.nd * (size_t)c->mem.n;
  for (*iters = 0; *iters < ITERATIONS && !rc && !closed(c);) {
    if ((rc = solve_relaxed(c, &l, err)))
      break;
    ++*iters;
    if (l > c->bound + 1e-12 * fabs(l))
      c->bound = l, stall = 0;
    else if (++stall >= STALL)
      theta /= 2, stall = 0;
    consider(c);
    double norm = 0;
    for (size_t x = 0; x < cells; x++)
      if (c->grad[x] > 0 || c->mu[x] > 0)
        norm += c->grad[x] * c->grad[x];
    if (norm == 0 || theta < 1e-3)
      break; /* S_mu fits with no slack priced: the bound is tight */
    double target = isinf(c->best_c) ? l + 0.05 * fabs(l) + 1e-12 : c->best_c;
    double t = theta * (target - l) / norm;
    for (size_t x = 0; x < cells; x++)
      c->mu[x] = fmax(0, c->mu[x] + t * c->grad[x]);
  }
  return rc;
}

/* The note: bound, gap and the peaks against the memories. */
static void describe(Cap *c, int iters, EsSolution *out) {
  const EsProblem *p = c->p;
  double gap = c->best_c > 0 ? (c->best_c - c->bound) / c->best_c : 0;
  size_t len = sizeof out->note, at;
  int k = closed(c) ? snprintf(out->note, len,
                               "capacity: optimal (Lagrangian bound met) via %s after %d "
                               "relaxations",
                               c->solver_name, iters)
                    : snprintf(out->note, len,
                               "capacity: within %.3g%% of the optimum (Lagrangian bound %.6g) "
                               "via %s after %d relaxations",
                               100 * (gap > 0 ? gap : 0), c->bound, c->solver_name, iters);
  double *peak = malloc((size_t)p->ndevices * sizeof *peak);
  if (!peak)
    return;
  es_memory_profile(&c->mem, c->best, NULL, peak);
  for (int d = 0; d < p->ndevices && (at = (size_t)k) < len; d++)
    if (!isinf(p->memory[d]))
      k += snprintf(out->note + at, len - at, "; peak on %s %.4g of %.4g B", p->device_names[d],
                    peak[d], p->memory[d]);
  free(peak);
}

int es_capacity(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  Cap c = {.p = p, .obj = p->objective, .best_c = INFINITY, .bound = -INFINITY};
  c.solver = es_exact_solver(p, 0, &c.solver_name);
  if (!c.solver)
    return es_error_set(err, ES_ENOSUP, NULL, 0, 0,
                        "capacity: no exact solver for a DAG on %d devices without GLPK; "
                        "install libglpk40 (or set ESCHED_GLPK_PATH)",
                        p->ndevices);
  int iters = 0,
      rc = cap_alloc(&c) ? es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory") : ES_OK;
  if (!rc)
    rc = es_memory_init(&c.mem, p, err);
  if (!rc)
    rc = search(&c, &iters, err);
  if (!rc && isinf(c.best_c))
    rc = es_error_set(err, ES_EINFEAS, NULL, 0, 0,
                      "capacity: no assignment found that fits the devices' memory (some task's "
                      "own data may exceed every device it can run on)");
  if (!rc) {
    memcpy(out->label, c.best, (size_t)p->ntasks * sizeof(int));
    out->bound = c.bound > c.best_c ? c.best_c : c.bound;
    describe(&c, iters, out);
  }
  cap_free(&c);
  return rc;
}
