/* The serial model's minimum energy under a deadline on task trees and
 * forests, by dynamic programming over discretised time (deadline_dp.h).
 *
 * Time runs in steps of q. Root every component; for task v on device d
 * and a budget of tau steps,
 *
 *   F_v[d](tau) = min energy of v's subtree with v on d, its tasks and the
 *                 transfers to its children taking at most tau steps;
 *   A_v[d](tau) = min over the labels l of v on d with t_l <= tau of E_l;
 *   B_c[d](x)   = min over d' of F_c[d'](x - tx_c(d', d)) + ex_c(d', d)
 *   F_v[d]      = A_v[d] (+) B_c1[d] (+) ... (+) B_ck[d]
 *
 * with (+) the min-plus convolution (f (+) g)(tau) = min_a f(a) + g(tau - a)
 * and tx, ex the steps and energy of the items between a child and its
 * parent when their devices differ. Components join under a virtual root
 * that costs nothing. The optimum is F_root(U), U = floor(D / q); a
 * backward pass reads the labels off the stored splits.
 *
 * Exactness. Serial time is a sum of task and transfer times. When every
 * one of them is a whole number of steps (a grid q found by scaling the
 * times by 10^k and taking the gcd), a sum meets D exactly when its steps
 * do, and the DP is the optimum. Otherwise q = D / G and the DP runs twice:
 * with every time rounded up, what it finds meets D (a feasible answer);
 * with every time rounded down, every assignment that meets D stays
 * feasible, so its optimum is a lower bound. The caller reports the gap.
 *
 * Arrays are non-increasing steps, constant past their subtree's longest
 * time, so a convolution only spans the steps where both change and only
 * tries the breakpoints of one (where it steps down; at most its Pareto
 * points of time and energy): O(n * devices^2 * U * breakpoints) time,
 * O(n * devices * U) memory for the splits.
 */
#include "scheduler/constrained/deadline_dp.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { APPROX_STEPS = 2000 };

/* A monotone array over steps [0, U]: INFINITY below lo, constant from hi. */
typedef struct Curve {
  double *v;
  int lo, hi;
} Curve;

typedef struct Dp {
  const EsProblem *p;
  int n, nd, U;
  double q;
  bool up;               /* round times up (feasible) or down (bound) */
  int *parent;           /* -1 for roots of the forest; n is the virtual root */
  int *order;            /* leaves to roots, the virtual root last */
  int *kid_first, *kids; /* children of each task in merge order (CSR, n + 1 tasks) */
  double *ex; /* [n * nd * nd]: energy of the items to the parent, (child, parent) device */
  int *tx;    /* [n * nd * nd]: their steps */
  Curve *f;   /* [(n + 1) * nd]: F while it is needed */
  int *split; /* [n * nd * (U + 1)]: budget left before child c at its parent's d */
  unsigned char *from;   /* [n * nd * (U + 1)]: the child's device in B_c[d] */
  double work, max_work; /* convolution terms so far, and the most allowed */
  int *brk_a, *brk_b;    /* [U + 1]: scratch for the breakpoints of a convolution */
} Dp;

/* Steps of time t: exact on the grid, else rounded up or down (past the
 * deadline, any number past it). */
static int steps(const Dp *dp, double t) {
  double x = t / dp->q, r = round(x);
  if (x > dp->U + 1)
    return dp->U + 1;
  if (fabs(x - r) <= 1e-9 * fmax(1, x))
    return (int)r;
  return dp->up ? (int)ceil(x) : (int)floor(x);
}

/* The forest rooted by breadth-first search over the items. */
static int root(Dp *dp) {
  const EsProblem *p = dp->p;
  int n = dp->n, *adj_first = calloc((size_t)n + 2, sizeof(int));
  int ninc = p->item_first[p->nitems], *adj = malloc(((size_t)ninc * 2 + 1) * sizeof(int));
  if (!adj_first || !adj) {
    free(adj_first), free(adj);
    return ES_ENOMEM;
  }
  for (int i = 0; i < p->nitems; i++)
    for (int k = p->item_first[i]; k < p->item_first[i + 1]; k++)
      adj_first[p->item_producer[i] + 2]++, adj_first[p->item_reader[k] + 2]++;
  for (int v = 0; v < n; v++)
    adj_first[v + 2] += adj_first[v + 1];
  for (int i = 0; i < p->nitems; i++)
    for (int k = p->item_first[i]; k < p->item_first[i + 1]; k++) {
      adj[adj_first[p->item_producer[i] + 1]++] = p->item_reader[k];
      adj[adj_first[p->item_reader[k] + 1]++] = p->item_producer[i];
    }
  for (int v = 0; v < n; v++)
    dp->parent[v] = -2; /* unvisited */
  int tail = 0;
  for (int r = 0; r < n; r++) {
    if (dp->parent[r] != -2)
      continue;
    dp->parent[r] = n; /* under the virtual root */
    int head = tail;
    dp->order[tail++] = r;
    for (; head < tail; head++) {
      int v = dp->order[head];
      for (int j = adj_first[v]; j < adj_first[v + 1]; j++)
        if (dp->parent[adj[j]] == -2)
          dp->parent[adj[j]] = v, dp->order[tail++] = adj[j];
    }
  }
  for (int i = 0; i < n / 2; i++) { /* leaves to roots */
    int t = dp->order[i];
    dp->order[i] = dp->order[n - 1 - i], dp->order[n - 1 - i] = t;
  }
  dp->order[n] = n;
  for (int v = 0; v < n; v++)
    dp->kid_first[dp->parent[v] + 1]++;
  for (int v = 0; v <= n; v++)
    dp->kid_first[v + 1] += dp->kid_first[v];
  memcpy(adj_first, dp->kid_first, ((size_t)n + 2) * sizeof(int));
  for (int v = 0; v < n; v++)
    dp->kids[adj_first[dp->parent[v]]++] = v;
  free(adj_first), free(adj);
  return ES_OK;
}

/* tx and ex of every child: its items' transfers to or from its parent. */
static int edges(Dp *dp) {
  const EsProblem *p = dp->p;
  int nd = dp->nd;
  size_t cells = (size_t)dp->n * (size_t)nd * (size_t)nd;
  double *t = calloc(cells + 1, sizeof *t);
  if (!t)
    return ES_ENOMEM;
  memset(dp->ex, 0, cells * sizeof *dp->ex);
  for (int i = 0; i < p->nitems; i++)
    for (int k = p->item_first[i]; k < p->item_first[i + 1]; k++) {
      int a = p->item_producer[i], b = p->item_reader[k];
      int c = dp->parent[b] == a ? b : a; /* the child of the pair */
      for (int dc = 0; dc < nd; dc++)
        for (int dv = 0; dv < nd; dv++) {
          int src = c == a ? dc : dv, dst = c == a ? dv : dc;
          size_t x = ((size_t)c * (size_t)nd + (size_t)dc) * (size_t)nd + (size_t)dv;
          dp->ex[x] += es_problem_item_cost_obj(p, ES_OBJ_ENERGY, i, src, dst);
          t[x] += es_problem_item_cost_obj(p, ES_OBJ_TIME, i, src, dst);
        }
    }
  for (size_t x = 0; x < cells; x++)
    dp->tx[x] = steps(dp, t[x]);
  free(t);
  return ES_OK;
}

/* A_v[d]: v's own labels on d. */
static void own(Dp *dp, int v, int d, Curve *c) {
  const EsProblem *p = dp->p;
  for (int x = 0; x <= dp->U; x++)
    c->v[x] = INFINITY;
  c->lo = dp->U + 1, c->hi = 0;
  if (v == dp->n) { /* the virtual root */
    c->v[0] = 0, c->lo = c->hi = 0;
  }
  for (int l = 0; v < dp->n && l < p->nlabels; l++) {
    double e = p->value[ES_OBJ_ENERGY][(long)v * p->nlabels + l];
    double t = p->value[ES_OBJ_TIME][(long)v * p->nlabels + l];
    int s = p->label_device[l] == d && !isinf(e) && !isinf(t) ? steps(dp, t) : -1;
    if (s < 0 || s > dp->U)
      continue;
    c->v[s] = fmin(c->v[s], e);
    c->lo = s < c->lo ? s : c->lo, c->hi = s > c->hi ? s : c->hi;
  }
  for (int x = 1; x <= dp->U; x++)
    c->v[x] = fmin(c->v[x], c->v[x - 1]);
}

/* The steps in [lo, hi] where v falls (lo first), into at; their count. */
static int breakpoints(const double *v, int lo, int hi, int *at) {
  int n = 0;
  for (int x = lo; x <= hi; x++)
    if (x == lo || v[x] < v[x - 1])
      at[n++] = x;
  return n;
}

/* acc (+)= B_c[d]; records the splits and the child's devices. ES_ELIMIT
 * when the convolution would pass the work allowed. */
static int merge(Dp *dp, Curve *acc, int c, int d, double *b, double *out) {
  int nd = dp->nd, U = dp->U, blo = U + 1, bhi = 0;
  size_t base = ((size_t)c * (size_t)nd + (size_t)d) * (size_t)(U + 1);
  for (int x = 0; x <= U; x++) {
    b[x] = INFINITY;
    for (int e = 0; e < nd; e++) {
      const Curve *fc = &dp->f[(size_t)c * (size_t)nd + (size_t)e];
      size_t k = ((size_t)c * (size_t)nd + (size_t)e) * (size_t)nd + (size_t)d;
      int t = e == d ? 0 : dp->tx[k], y = x - t;
      double v = y >= 0 && fc->lo <= U ? fc->v[y] + (e == d ? 0 : dp->ex[k]) : INFINITY;
      if (v < b[x])
        b[x] = v, dp->from[base + (size_t)x] = (unsigned char)e;
    }
    if (!isinf(b[x]) && x < blo)
      blo = x;
  }
  for (int e = 0; e < nd; e++) { /* B is constant from the children's widest end */
    const Curve *fc = &dp->f[(size_t)c * (size_t)nd + (size_t)e];
    int t = e == d ? 0 : dp->tx[((size_t)c * (size_t)nd + (size_t)e) * (size_t)nd + (size_t)d];
    bhi = fc->lo <= U && fc->hi + t > bhi ? fc->hi + t : bhi;
  }
  bhi = bhi > U ? U : bhi;
  int lo = acc->lo + blo, hi = acc->hi + bhi > U ? U : acc->hi + bhi;
  /* Both are non-increasing steps, so the minimum is met where one of them
   * steps down: convolve over the breakpoints of the one with fewer. */
  int na = breakpoints(acc->v, acc->lo, acc->hi, dp->brk_a);
  int nb = breakpoints(b, blo, bhi, dp->brk_b);
  if (lo <= hi)
    dp->work += (double)(hi - lo + 1) * (double)(na < nb ? na : nb);
  if (dp->work > dp->max_work)
    return ES_ELIMIT;
  for (int x = 0; x <= U; x++)
    out[x] = INFINITY;
  for (int x = lo; x <= hi; x++) {
    int *split = &dp->split[base + (size_t)x];
    for (int j = 0; na <= nb && j < na && dp->brk_a[j] <= x - blo; j++) {
      int a = dp->brk_a[j];
      if (acc->v[a] + b[x - a] < out[x])
        out[x] = acc->v[a] + b[x - a], *split = a;
    }
    for (int j = 0; na > nb && j < nb && dp->brk_b[j] <= x - acc->lo; j++) {
      int a = x - dp->brk_b[j] < acc->hi ? x - dp->brk_b[j] : acc->hi;
      if (acc->v[a] + b[x - a] < out[x])
        out[x] = acc->v[a] + b[x - a], *split = a;
    }
  }
  for (int x = hi + 1; x <= U && lo <= hi; x++)
    out[x] = out[hi], dp->split[base + (size_t)x] = dp->split[base + (size_t)hi];
  memcpy(acc->v, out, ((size_t)U + 1) * sizeof *out);
  acc->lo = lo, acc->hi = hi;
  return ES_OK;
}

/* The cheapest label of v on d within s steps. */
static int label_within(const Dp *dp, int v, int d, int s) {
  const EsProblem *p = dp->p;
  int best = -1;
  for (int l = 0; l < p->nlabels; l++) {
    double e = p->value[ES_OBJ_ENERGY][(long)v * p->nlabels + l];
    double t = p->value[ES_OBJ_TIME][(long)v * p->nlabels + l];
    if (p->label_device[l] == d && !isinf(e) && !isinf(t) && steps(dp, t) <= s &&
        (best < 0 || e < p->value[ES_OBJ_ENERGY][(long)v * p->nlabels + best]))
      best = l;
  }
  return best;
}

/* Reads the labels off the splits, roots to leaves (an explicit stack of
 * (task, device, budget)). */
static int backtrack(const Dp *dp, int *labels) {
  int n = dp->n, nd = dp->nd, U = dp->U, top = 0;
  int(*stack)[3] = malloc(((size_t)n + 2) * sizeof *stack);
  if (!stack)
    return ES_ENOMEM;
  stack[top][0] = n, stack[top][1] = 0, stack[top++][2] = U;
  while (top > 0) {
    top--;
    int v = stack[top][0], d = stack[top][1], s = stack[top][2];
    for (int j = dp->kid_first[v + 1] - 1; j >= dp->kid_first[v]; j--) {
      int c = dp->kids[j];
      size_t base = ((size_t)c * (size_t)nd + (size_t)d) * (size_t)(U + 1);
      int a = dp->split[base + (size_t)s], x = s - a, e = dp->from[base + (size_t)x];
      int t = e == d ? 0 : dp->tx[((size_t)c * (size_t)nd + (size_t)e) * (size_t)nd + (size_t)d];
      stack[top][0] = c, stack[top][1] = e, stack[top++][2] = x - t;
      s = a;
    }
    if (v < n && (labels[v] = label_within(dp, v, d, s)) < 0) {
      free(stack);
      return ES_ESOLVER; /* the splits always leave v a label */
    }
  }
  free(stack);
  return ES_OK;
}

/* One DP (times rounded up or down); *best is INFINITY when nothing fits. */
static int run(Dp *dp, int *labels, double *best) {
  int n = dp->n, nd = dp->nd, U = dp->U, rc = ES_OK;
  double *b = malloc(((size_t)U + 1) * sizeof *b), *tmp = malloc(((size_t)U + 1) * sizeof *tmp);
  dp->brk_a = malloc(((size_t)U + 1) * sizeof(int));
  dp->brk_b = malloc(((size_t)U + 1) * sizeof(int));
  if (!b || !tmp || !dp->brk_a || !dp->brk_b)
    rc = ES_ENOMEM;
  if (!rc)
    rc = edges(dp);
  dp->work = 0;
  for (int i = 0; !rc && i <= n; i++) {
    int v = dp->order[i];
    for (int d = 0; !rc && d < (v == n ? 1 : nd); d++) { /* the virtual root has no device */
      Curve *c = &dp->f[(size_t)v * (size_t)nd + (size_t)d];
      if (!(c->v = malloc(((size_t)U + 1) * sizeof *c->v))) {
        rc = ES_ENOMEM;
        break;
      }
      own(dp, v, d, c);
      for (int j = dp->kid_first[v]; !rc && j < dp->kid_first[v + 1]; j++)
        rc = merge(dp, c, dp->kids[j], d, b, tmp);
    }
    for (int j = dp->kid_first[v]; j < dp->kid_first[v + 1]; j++)
      for (int d = 0; d < nd; d++) { /* a child's F is not needed again */
        free(dp->f[(size_t)dp->kids[j] * (size_t)nd + (size_t)d].v);
        dp->f[(size_t)dp->kids[j] * (size_t)nd + (size_t)d].v = NULL;
      }
  }
  *best = rc ? INFINITY : dp->f[(size_t)n * (size_t)nd].v[U];
  if (!rc && !isinf(*best))
    rc = backtrack(dp, labels);
  for (size_t k = 0; k < ((size_t)n + 1) * (size_t)nd; k++) { /* the root's, or all on errors */
    free(dp->f[k].v);
    dp->f[k].v = NULL;
  }
  free(b), free(tmp), free(dp->brk_a), free(dp->brk_b);
  return rc;
}

/* Folds the time t, scaled, into the gcd *g of whole numbers; false when
 * it is not whole. */
static bool fold_whole(double t, double scale, long long *g) {
  t *= scale;
  if (isinf(t))
    return true;
  if (!(fabs(t - round(t)) <= 1e-9 * fmax(1, t) && t < 9e15))
    return false;
  long long a = llround(t), b = *g;
  while (b) {
    long long r = a % b;
    a = b, b = r;
  }
  *g = a;
  return true;
}

/* Scales 10^0 .. 10^6: the first under which every time is a whole number,
 * and the gcd of those numbers, give the grid; 0 when none does. */
static double grid(const EsProblem *p) {
  for (double scale = 1; scale <= 1e6; scale *= 10) {
    long long g = 0;
    bool whole = true;
    for (long k = 0; whole && k < (long)p->ntasks * p->nlabels; k++)
      whole = isinf(p->value[ES_OBJ_ENERGY][k]) || fold_whole(p->value[ES_OBJ_TIME][k], scale, &g);
    for (int i = 0; whole && i < p->nitems; i++)
      for (int a = 0; whole && a < p->ndevices; a++)
        for (int c = 0; whole && c < p->ndevices; c++)
          whole = fold_whole(es_problem_item_cost_obj(p, ES_OBJ_TIME, i, a, c), scale, &g);
    if (whole)
      return g ? (double)g / scale : 1 / scale;
  }
  return 0;
}

/* The DP on the grid q (exact: every time lies on it), within max_work
 * convolution terms. */
static int solve(const EsProblem *p, double deadline, double q, bool exact, double max_work,
                 EsDeadlineDp *out) {
  int n = p->ntasks, nd = p->ndevices;
  Dp dp = {
      .p = p, .n = n, .nd = nd, .U = (int)floor(deadline / q + 1e-9), .q = q, .max_work = max_work};
  size_t cells = (size_t)n * (size_t)nd * ((size_t)dp.U + 1) + 1;
  dp.parent = malloc(((size_t)n + 1) * sizeof(int));
  dp.order = malloc(((size_t)n + 2) * sizeof(int));
  dp.kid_first = calloc((size_t)n + 3, sizeof(int));
  dp.kids = malloc(((size_t)n + 1) * sizeof(int));
  dp.ex = malloc(((size_t)n * (size_t)nd * (size_t)nd + 1) * sizeof *dp.ex);
  dp.tx = malloc(((size_t)n * (size_t)nd * (size_t)nd + 1) * sizeof *dp.tx);
  dp.f = calloc(((size_t)n + 1) * (size_t)nd, sizeof *dp.f);
  dp.split = malloc(cells * sizeof *dp.split);
  dp.from = malloc(cells);
  int *labels = malloc(((size_t)n + 1) * sizeof *labels);
  int rc = ES_ENOMEM;
  if (!dp.parent || !dp.order || !dp.kid_first || !dp.kids || !dp.ex || !dp.tx || !dp.f ||
      !dp.split || !dp.from || !labels || root(&dp))
    goto out;
  double e;
  dp.up = true; /* feasible: every time rounded up */
  if ((rc = run(&dp, labels, &e)))
    goto out;
  if (!isinf(e) && es_problem_evaluate(p, ES_OBJ_TIME, labels) <= deadline * (1 + 1e-12)) {
    out->energy = es_problem_evaluate(p, ES_OBJ_ENERGY, labels);
    memcpy(out->labels, labels, (size_t)n * sizeof *labels);
  }
  out->bound = exact ? out->energy : -INFINITY;
  if (!exact) { /* a bound: every time rounded down */
    dp.up = false;
    rc = run(&dp, labels, &out->bound);
  }
  out->step = q, out->exact = exact;
out:
  free(dp.parent), free(dp.order), free(dp.kid_first), free(dp.kids), free(dp.ex), free(dp.tx);
  free(dp.f), free(dp.split), free(dp.from), free(labels);
  return rc;
}

int es_deadline_dp(const EsProblem *p, double deadline, long max_cells, double max_work,
                   EsDeadlineDp *out, EsError *err) {
  int n = p->ntasks, nd = p->ndevices;
  out->energy = INFINITY, out->bound = -INFINITY, out->step = 0, out->exact = false;
  if (p->has_shared || !es_problem_is_forest(p) || nd > 255)
    return es_error_set(err, ES_ESHAPE, NULL, 0, 0,
                        "the deadline DP needs a task tree or forest whose items each have one "
                        "reader");
  long max_steps = max_cells / ((long)n * nd + 1);
  double q = grid(p),
         approx = deadline / (double)(max_steps < APPROX_STEPS ? max_steps : APPROX_STEPS);
  int rc = ES_ELIMIT;
  if (q > 0 && deadline / q <= (double)max_steps)
    rc = solve(p, deadline, q, true, max_work, out);
  if (rc == ES_ELIMIT && approx > 0 && deadline / approx >= 1) /* no grid, or too fine */
    rc = solve(p, deadline, approx, false, max_work, out);
  if (rc == ES_ELIMIT)
    return es_error_set(err, rc, NULL, 0, 0,
                        "the deadline DP needs more than %ld cells or %.3g terms", max_cells,
                        max_work);
  return rc == ES_ENOMEM ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : rc;
}
