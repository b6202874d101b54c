/* EASEF's phase 1, path determining (Liu et al. 2015, Algorithm 1): with
 * mean costs, repeatedly take the critical path of the tasks left, rank(v)
 * = rank_u(v) + rank_d(v) (Eq. 3-6; edges to removed tasks vanish, virtual
 * entry and exit join the rest with zero-cost edges), and remove it. On the
 * paper's Fig. 1 the paths are [0-2-8-10-11] (318.25), [3-6-9], [1-4], [7],
 * [5]. The path starts at the entry (downward rank 0) of highest upward
 * rank and follows the successor of highest transfer + upward rank; ties
 * (es_rank_cmp) go to the lower index.
 *
 * Recomputing every rank for each path is quadratic (50 s for 10^5 tasks).
 * Here the upward ranks of the tasks still alive are kept, and after a path
 * leaves either made exact again one by one where a path needs them, or,
 * when the path lowered many of them, all recomputed in one pass:
 *
 * - Ranks only fall as tasks leave (a maximum over fewer successors, and
 *   sums and maxima of doubles are monotone), so a rank computed before is
 *   an upper bound of the rank now. A task is exact when its rank was
 *   computed, with es_dag_upward_rank_among's expression, after every
 *   change below it. When a path leaves, its exact ancestors whose maximum
 *   was taken through it turn into bounds (forget(): a walk that stops at
 *   tasks already bounds, since an exact task's maximum was taken at an
 *   exact successor, and the others' bounds were below it and stay so). A
 *   rank is made exact on demand (exact()): a successor whose bound is
 *   above the maximum of the exact ones is made exact first, so every exact
 *   rank has the bits of a full recomputation and the others are never
 *   looked at.
 * - On EASEF's random DAGs the first paths run from top to bottom, and
 *   nearly every task lies on a path within 1 % of the critical one (82 %
 *   of them at 10^5 tasks), so each of those paths lowers the ranks of a
 *   large part of the graph (a quarter at 10^5 tasks), and the next path
 *   cannot be told from the others without most of them: made exact one by
 *   one, 28 ranks per task at 10^5 tasks, 86 at 10^6, each a cache miss.
 *   When a path's forget walk passes n / SWEEP_SHARE tasks, it stops and
 *   every alive rank is recomputed in one sweep in reverse topological
 *   order instead (sweep(): the same expression over exact successors, so
 *   the same bits).
 *
 * The tasks are numbered here by their topological position, and their
 * arcs laid out in that order, so that a sweep reads memory in one
 * direction and the arcs of a task and of its neighbours lie close.
 *
 * Entries: the paths start at tasks of downward rank 0. Times are not
 * negative (the readers refuse negative ones), so that rank is 0 exactly
 * when each alive predecessor u has rank 0 itself and u's mean time plus
 * the mean transfer to the task is 0; a count per task of the alive
 * predecessors that fail this (its blockers) follows it in O(V + E) over
 * the whole phase. The next path starts at the entry of highest upward
 * rank: a heap of (rank, task) by bounds, whose top is made exact and taken
 * when its rank did not fall (es_rank_cmp puts no lower rank before it),
 * else pushed again; entries whose key is no longer their task's rank are
 * skipped.
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/base/vec.h"
#include "scheduler/model/dag.h"
#include "scheduler/timed/timed.h"

/* A path whose leaving turns more than n / SWEEP_SHARE exact ranks into
 * bounds is followed by a sweep over all tasks (about as costly as making
 * n / 16 ranks exact one by one, measured on EASEF's DAGs of 10^4 to 10^6
 * tasks). */
enum { SWEEP_SHARE = 16 };

/* Arcs by positions: the task at the other end and the mean transfer, in
 * two arrays (a sweep streams through both: 12 bytes an arc, not 16). */
typedef struct Arcs {
  double *comm;
  int *at;
} Arcs;

/* A heap entry: a task's upward rank, its index (es_rank_cmp breaks ties
 * by it) and its position; best first. */
typedef struct Entry {
  double key;
  int task, at;
} Entry;

enum { ALIVE = 1, EXACT = 2, OPEN = 4 };

/* Everything below is indexed by topological position. */
typedef struct Ranks {
  int n;
  const int *task;              /* position -> task (the DAG's topological order) */
  int *succ_first, *pred_first; /* [n + 1] */
  Arcs succ, pred;              /* in the DAG's order */
  double *time;                 /* mean time */
  double *up;                   /* upward rank, or a bound of it; -inf once gone */
  unsigned char *state;         /* ALIVE, EXACT (up is the rank now), OPEN (an entry) */
  int *blockers; /* arcs from alive predecessors that keep the downward rank above 0 */
  int *stack;    /* [n] for open_task, exact and forget */
  Entry *entry;
  int nentry, entry_cap;
  int rc; /* ES_ENOMEM once the heap could not grow */
} Ranks;

static bool is(const Ranks *r, int p, unsigned char flags) {
  return (r->state[p] & flags) == flags;
}

static bool before(const Entry *a, const Entry *b) {
  return es_rank_cmp(a->key, a->task, b->key, b->task) < 0;
}

static void sift_down(Entry *h, int n, int i) {
  Entry x = h[i];
  for (int c; (c = 2 * i + 1) < n; i = c) {
    if (c + 1 < n && before(&h[c + 1], &h[c]))
      c++;
    if (!before(&h[c], &x))
      break;
    h[i] = h[c];
  }
  h[i] = x;
}

/* Room for one more entry; false (and r->rc set) when there is none. */
static bool room(Ranks *r) {
  if (es_vec_reserve(&r->entry, &r->entry_cap, r->nentry + 1, sizeof *r->entry)) {
    r->rc = ES_ENOMEM;
    return false;
  }
  return true;
}

static void push_entry(Ranks *r, int p) {
  if (!room(r))
    return;
  Entry x = {r->up[p], r->task[p], p};
  int i = r->nentry++;
  for (; i > 0 && before(&x, &r->entry[(i - 1) / 2]); i = (i - 1) / 2)
    r->entry[i] = r->entry[(i - 1) / 2];
  r->entry[i] = x;
}

static Entry pop_entry(Ranks *r) {
  Entry top = r->entry[0];
  r->entry[0] = r->entry[--r->nentry];
  sift_down(r->entry, r->nentry, 0);
  return top;
}

/* Makes p's rank exact: es_dag_upward_rank_among's expression, the maximum
 * over the successors of transfer + rank, after making exact every
 * successor whose bound is above the maximum of the exact ones (the others
 * cannot reach it). A task that left has rank -infinity, which no maximum
 * takes: the same as skipping it. An explicit stack: no recursion. */
static void exact(Ranks *r, int p) {
  if (is(r, p, EXACT))
    return;
  int sp = 0;
  r->stack[sp++] = p;
  while (sp > 0) {
    int u = r->stack[sp - 1], next = -1;
    double best = 0, bound = 0;
    for (int k = r->succ_first[u]; k < r->succ_first[u + 1]; k++) {
      int c = r->succ.at[k];
      double x = r->succ.comm[k] + r->up[c];
      if (is(r, c, EXACT))
        best = x > best ? x : best;
      else if (x > bound)
        bound = x, next = c;
    }
    if (next >= 0 && bound > best) { /* a successor's bound may still win */
      r->stack[sp++] = next;
      continue;
    }
    sp--;
    double x = r->time[u] + best;
    r->state[u] |= EXACT;
    if (x != r->up[u]) {
      r->up[u] = x;
      if (is(r, u, OPEN))
        push_entry(r, u);
    }
  }
}

/* Every alive rank computed again from the last position to the first, and
 * the heap refilled with the entries. O(V + E), in one direction. */
static void sweep(Ranks *r) {
  r->nentry = 0;
  for (int p = r->n - 1; p >= 0; p--) {
    if (!is(r, p, ALIVE))
      continue;
    double best = 0;
    for (int k = r->succ_first[p]; k < r->succ_first[p + 1]; k++) {
      double x = r->succ.comm[k] + r->up[r->succ.at[k]];
      best = x > best ? x : best;
    }
    r->up[p] = r->time[p] + best;
    r->state[p] |= EXACT;
    if (is(r, p, OPEN)) {
      if (!room(r))
        return;
      r->entry[r->nentry++] = (Entry){r->up[p], r->task[p], p};
    }
  }
  for (int i = r->nentry / 2 - 1; i >= 0; i--)
    sift_down(r->entry, r->nentry, i);
}

/* u left: the ranks of its exact ancestors that may fall turn into
 * bounds, budget of them at most. Returns the budget left, negative when
 * the walk was cut short. */
static long forget(Ranks *r, int u, long budget) {
  int sp = 0;
  r->stack[sp++] = u;
  while (sp > 0 && budget >= 0) {
    int v = r->stack[--sp];
    for (int k = r->pred_first[v]; k < r->pred_first[v + 1]; k++) {
      int w = r->pred.at[k];
      if (is(r, w, ALIVE | EXACT) && r->time[w] + (r->pred.comm[k] + r->up[v]) == r->up[w]) {
        r->state[w] &= (unsigned char)~EXACT;
        r->stack[sp++] = w, budget--;
      }
    }
  }
  return budget;
}

/* Whether succ arc k from u adds to its successor's downward rank even when u's
 * own is 0: es_dag_downward_rank_among's term, rank(u) + mean time of u +
 * mean transfer, with rank(u) = 0. */
static bool weighs(const Ranks *r, int u, int k) { return !(r->time[u] + r->succ.comm[k] <= 0); }

/* p's downward rank became 0: it is an entry, and the arcs from it that
 * weigh nothing stop blocking their successors, which may become entries in
 * turn (an explicit stack: no recursion). */
static void open_task(Ranks *r, int p) {
  int sp = 0;
  r->stack[sp++] = p;
  while (sp > 0) {
    int u = r->stack[--sp];
    r->state[u] |= OPEN;
    push_entry(r, u);
    for (int k = r->succ_first[u]; k < r->succ_first[u + 1]; k++) {
      int c = r->succ.at[k];
      if (is(r, c, ALIVE) && !weighs(r, u, k) && --r->blockers[c] == 0)
        r->stack[sp++] = c;
    }
  }
}

/* u left with its path: the arcs from it that blocked stop blocking. */
static void leave(Ranks *r, int u) {
  for (int k = r->succ_first[u]; k < r->succ_first[u + 1]; k++) {
    int c = r->succ.at[k];
    if (is(r, c, ALIVE) && (!is(r, u, OPEN) || weighs(r, u, k)) && --r->blockers[c] == 0)
      open_task(r, c);
  }
}

/* The position of the alive entry of highest upward rank (made exact), or
 * -1. */
static int best_entry(Ranks *r) {
  while (r->nentry > 0) {
    Entry e = pop_entry(r);
    int p = e.at;
    if (!is(r, p, ALIVE | OPEN) || e.key != r->up[p])
      continue;
    exact(r, p); /* pushes p again if its rank fell */
    if (e.key == r->up[p])
      return p;
  }
  return -1;
}

/* Appends the critical path from entry p to ps, by the ranks before any of
 * it leaves, then removes it; a sweep when that lowered many ranks. */
static void take_path(Ranks *r, int p, EsPaths *ps) {
  int from = ps->first[ps->npaths], len = from;
  while (p >= 0) {
    ps->task[len++] = p; /* a position until the path is complete */
    int next = -1;
    double best = -INFINITY;
    for (int k = r->succ_first[p]; k < r->succ_first[p + 1]; k++) {
      int c = r->succ.at[k];
      if (!is(r, c, ALIVE))
        continue;
      exact(r, c);
      double x = r->succ.comm[k] + r->up[c];
      if (es_rank_cmp(x, r->task[c], best, next < 0 ? -1 : r->task[next]) < 0)
        best = x, next = c;
    }
    p = next;
  }
  ps->first[++ps->npaths] = len;
  for (int i = from; i < len; i++)
    r->state[ps->task[i]] &= (unsigned char)~ALIVE;
  long budget = r->n / SWEEP_SHARE;
  for (int i = from; i < len && budget >= 0; i++)
    budget = forget(r, ps->task[i], budget);
  for (int i = from; i < len; i++)
    r->up[ps->task[i]] = -INFINITY;
  if (budget < 0)
    sweep(r);
  for (int i = from; i < len; i++)
    leave(r, ps->task[i]);
  for (int i = from; i < len; i++)
    ps->task[i] = r->task[ps->task[i]];
}

/* The arcs of d (succ or pred) by position, each task's in the DAG's order. */
static void lay_out(const EsDag *d, const int *first, const EsArc *arcs, const int *at,
                    int *out_first, Arcs out) {
  out_first[0] = 0;
  for (int p = 0; p < d->n; p++) {
    int v = d->topo[p], k0 = first[v], k1 = first[v + 1];
    for (int k = k0; k < k1; k++) {
      out.comm[out_first[p] + k - k0] = es_dag_mean_comm(d, arcs[k].item);
      out.at[out_first[p] + k - k0] = at[arcs[k].task];
    }
    out_first[p + 1] = out_first[p] + k1 - k0;
  }
}

/* The ranks, blockers and entries of the whole DAG. */
static void start(Ranks *r, const EsDag *d, int *at) {
  for (int p = 0; p < d->n; p++)
    at[d->topo[p]] = p;
  lay_out(d, d->succ_first, d->succ, at, r->succ_first, r->succ);
  lay_out(d, d->pred_first, d->pred, at, r->pred_first, r->pred);
  for (int p = 0; p < d->n; p++) { /* topological order: each task's blockers are final */
    r->time[p] = d->mean_time[d->topo[p]];
    r->state[p] = ALIVE | (r->blockers[p] == 0 ? OPEN : 0);
    for (int k = r->succ_first[p]; k < r->succ_first[p + 1]; k++)
      r->blockers[r->succ.at[k]] += !is(r, p, OPEN) || weighs(r, p, k);
  }
  sweep(r); /* es_dag_upward_rank's ranks, and the entries */
}

int es_easef_paths(const EsDag *d, EsPaths *ps, double *lengths) {
  size_t n = (size_t)d->n + 1, m = (size_t)d->succ_first[d->n] + 1;
  int *at = malloc(n * sizeof *at);
  Ranks r = {.n = d->n,
             .task = d->topo,
             .succ_first = malloc(n * sizeof(int)),
             .pred_first = malloc(n * sizeof(int)),
             .succ = {malloc(m * sizeof(double)), malloc(m * sizeof(int))},
             .pred = {malloc(m * sizeof(double)), malloc(m * sizeof(int))},
             .time = malloc(n * sizeof(double)),
             .up = malloc(n * sizeof(double)),
             .state = malloc(n),
             .blockers = calloc(n, sizeof(int)),
             .stack = malloc(n * sizeof(int))};
  ps->task = malloc(n * sizeof(int)), ps->first = calloc(n + 1, sizeof(int));
  ps->npaths = 0;
  r.rc = at && r.succ_first && r.pred_first && r.succ.comm && r.succ.at && r.pred.comm &&
                 r.pred.at && r.time && r.up && r.state && r.blockers && r.stack && ps->task &&
                 ps->first
             ? ES_OK
             : ES_ENOMEM;
  if (!r.rc)
    start(&r, d, at);
  for (int p; !r.rc && (p = best_entry(&r)) >= 0;) {
    if (lengths)
      lengths[ps->npaths] = r.up[p];
    take_path(&r, p, ps);
  }
  free(at), free(r.succ_first), free(r.pred_first), free(r.succ.comm), free(r.succ.at),
      free(r.pred.comm), free(r.pred.at), free(r.time);
  free(r.up), free(r.state), free(r.blockers), free(r.stack), free(r.entry);
  return r.rc;
}

void es_easef_paths_free(EsPaths *ps) {
  free(ps->task), free(ps->first);
  ps->task = ps->first = NULL;
}
