/* EASEF (Liu et al. 2015, Sec. 4): energy-aware scheduling with equalized
 * frequency, in three phases.
 *
 * 1. Path determining (Algorithm 1): with mean costs, repeatedly take the
 *    critical path of the tasks left, rank(v) = rank_u(v) + rank_d(v)
 *    (Eq. 3-6; edges to removed tasks vanish, virtual entry and exit join
 *    the rest with zero-cost edges), and remove it. On the paper's Fig. 1
 *    the paths are [0-2-8-10-11] (318.25), [3-6-9], [1-4], [7], [5].
 * 2. Application reconstructing (Algorithms 2-3): along each path a task
 *    whose only parent is its predecessor on the path merges into it;
 *    a merged node weighs the sum of its tasks' mean costs (Eq. 8) and an
 *    edge leaving it from member r costs (Eq. 9-10, subscripts lost in the
 *    extraction, read from the prose)
 *        max(0, c(v_r, n) - sum of the weights of the members after v_r),
 *    the part of the transfer not hidden behind the rest of the merged
 *    node. Every task takes its node's upward rank in the rebuilt graph;
 *    tasks go in decreasing rank (the paper's "non-decreasing" pops from
 *    the end), ready tasks only.
 * 3. EFT with insertion (Eq. 11-12), then frequency equalizing
 *    (dvfs_equalize.c, Eq. 13-20).
 * Phase 1 costs O((V + E + ranks made exact) log V) (below); the rest
 * O((V + E) P + V log V).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"
#include "scheduler/dvfs/dvfs.h"
#include "scheduler/dvfs/dvfs_pass.h"
#include "scheduler/model/dag.h"
#include "scheduler/model/solution.h"
#include "scheduler/timed/list_sched.h"
#include "scheduler/timed/timed.h"

/* Phase 1 keeps the upward ranks of the tasks still alive as bounds that
 * are made exact only where a path needs them, instead of recomputing them
 * over all tasks for each path (quadratic: 50 s for 10^5 tasks) or passing
 * every change up to every ancestor as paths leave (about 50 changes per
 * task at 10^5 tasks of EASEF's generator, growing with the depth).
 *
 * Ranks only fall as tasks leave (a maximum over fewer successors, and
 * sums and maxima of doubles are monotone), so a rank computed before is an
 * upper bound of the rank now. A task is exact (valid) when its rank was
 * computed, with es_dag_upward_rank_among's expression, after every change
 * below it; when a path leaves, its exact ancestors turn into bounds (a
 * walk that stops at tasks already bounds: an exact task's maximum was
 * taken at an exact successor, and the others' bounds were below it and
 * stay so). A rank is made exact on demand (exact()): a successor whose
 * bound is above the maximum of the exact ones is made exact first, so
 * every exact rank has the bits of a full recomputation and the others are
 * never looked at.
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
 * skipped. */

/* A heap entry: a task and its upward rank, best first by es_rank_cmp
 * (higher rank, then lower index). */
typedef struct Entry {
  double key;
  int task;
} Entry;

/* An arc of d->succ or d->pred with its mean transfer. */
typedef struct Arc {
  int task;
  double comm;
} Arc;

typedef struct Ranks {
  const EsDag *d;
  bool *alive;
  bool *exact;   /* up[v] is v's upward rank now, not a bound of it */
  double *up;    /* upward ranks, or bounds, of the alive tasks; -inf once gone */
  Arc *out, *in; /* d->succ and d->pred */
  int *blockers; /* arcs from alive predecessors that keep the downward rank above 0 */
  bool *open;    /* blockers reached 0: its arcs that weigh nothing do not block */
  int *stack;    /* [n] for open_task, exact and forget */
  Entry *entry;
  int nentry, entry_cap;
  int rc; /* ES_ENOMEM once the heap could not grow */
} Ranks;

static bool before(const Entry *a, const Entry *b) {
  return es_rank_cmp(a->key, a->task, b->key, b->task) < 0;
}

static void push_entry(Ranks *r, int v) {
  if (es_vec_reserve(&r->entry, &r->entry_cap, r->nentry + 1, sizeof *r->entry)) {
    r->rc = ES_ENOMEM;
    return;
  }
  Entry x = {r->up[v], v};
  int i = r->nentry++;
  for (; i > 0 && before(&x, &r->entry[(i - 1) / 2]); i = (i - 1) / 2)
    r->entry[i] = r->entry[(i - 1) / 2];
  r->entry[i] = x;
}

static Entry pop_entry(Ranks *r) {
  Entry top = r->entry[0], last = r->entry[--r->nentry];
  int i = 0;
  for (int c; (c = 2 * i + 1) < r->nentry; i = c) {
    if (c + 1 < r->nentry && before(&r->entry[c + 1], &r->entry[c]))
      c++;
    if (!before(&r->entry[c], &last))
      break;
    r->entry[i] = r->entry[c];
  }
  r->entry[i] = last;
  return top;
}

/* Makes v's rank exact: es_dag_upward_rank_among's expression, the maximum
 * over the successors of transfer + rank, after making exact every
 * successor whose bound is above the maximum of the exact ones (the others
 * cannot reach it). A task that left has rank -infinity, which no maximum
 * takes: the same as skipping it. An explicit stack: no recursion. */
static void exact(Ranks *r, int v) {
  const EsDag *d = r->d;
  if (r->exact[v])
    return;
  int sp = 0;
  r->stack[sp++] = v;
  while (sp > 0) {
    int u = r->stack[sp - 1], next = -1;
    double best = 0, bound = 0;
    for (int k = d->succ_first[u]; k < d->succ_first[u + 1]; k++) {
      double x = r->out[k].comm + r->up[r->out[k].task];
      if (r->exact[r->out[k].task])
        best = x > best ? x : best;
      else if (x > bound)
        bound = x, next = r->out[k].task;
    }
    if (next >= 0 && bound > best) { /* a successor's bound may still win */
      r->stack[sp++] = next;
      continue;
    }
    sp--;
    double x = d->mean_time[u] + best;
    r->exact[u] = true;
    if (x != r->up[u]) {
      r->up[u] = x;
      if (r->open[u])
        push_entry(r, u);
    }
  }
}

/* u left: the ranks of its exact ancestors that may fall turn into
 * bounds. */
static void forget(Ranks *r, int u) {
  const EsDag *d = r->d;
  int sp = 0;
  r->stack[sp++] = u;
  while (sp > 0) {
    int v = r->stack[--sp];
    for (int k = d->pred_first[v]; k < d->pred_first[v + 1]; k++) {
      int w = r->in[k].task;
      if (r->alive[w] && r->exact[w] && d->mean_time[w] + (r->in[k].comm + r->up[v]) == r->up[w])
        r->exact[w] = false, r->stack[sp++] = w;
    }
  }
}

/* Whether arc k from u adds to its successor's downward rank even when u's
 * own is 0: es_dag_downward_rank_among's term, rank(u) + mean time of u +
 * mean transfer, with rank(u) = 0. */
static bool weighs(const Ranks *r, int u, int k) {
  return !(r->d->mean_time[u] + r->out[k].comm <= 0);
}

/* v's downward rank became 0: it is an entry, and the arcs from it that
 * weigh nothing stop blocking their successors, which may become entries in
 * turn (an explicit stack: no recursion). */
static void open_task(Ranks *r, int v) {
  const EsDag *d = r->d;
  int sp = 0;
  r->stack[sp++] = v;
  while (sp > 0) {
    int u = r->stack[--sp];
    r->open[u] = true;
    push_entry(r, u);
    for (int k = d->succ_first[u]; k < d->succ_first[u + 1]; k++) {
      int w = d->succ[k].task;
      if (r->alive[w] && !weighs(r, u, k) && --r->blockers[w] == 0)
        r->stack[sp++] = w;
    }
  }
}

/* u left with its path: the arcs from it that blocked stop blocking. */
static void leave(Ranks *r, int u) {
  const EsDag *d = r->d;
  for (int k = d->succ_first[u]; k < d->succ_first[u + 1]; k++) {
    int v = d->succ[k].task;
    if (r->alive[v] && (!r->open[u] || weighs(r, u, k)) && --r->blockers[v] == 0)
      open_task(r, v);
  }
}

/* The alive entry of highest upward rank (made exact), or -1. */
static int best_entry(Ranks *r) {
  while (r->nentry > 0) {
    Entry e = pop_entry(r);
    int v = e.task;
    if (!r->alive[v] || !r->open[v] || e.key != r->up[v])
      continue;
    exact(r, v); /* pushes v again if its rank fell */
    if (e.key == r->up[v])
      return v;
  }
  return -1;
}

/* Appends the critical path from entry v to ps, by the ranks before any of
 * it leaves, then removes it. */
static void take_path(Ranks *r, int v, EsPaths *ps) {
  const EsDag *d = r->d;
  int from = ps->first[ps->npaths], len = from;
  while (v >= 0) {
    ps->task[len++] = v;
    int next = -1;
    double best = -INFINITY;
    for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++) {
      int s = d->succ[k].task;
      if (!r->alive[s])
        continue;
      exact(r, s);
      double x = r->out[k].comm + r->up[s];
      if (es_rank_cmp(x, s, best, next) < 0)
        best = x, next = s;
    }
    v = next;
  }
  ps->first[++ps->npaths] = len;
  for (int i = from; i < len; i++)
    r->alive[ps->task[i]] = false;
  for (int i = from; i < len; i++)
    forget(r, ps->task[i]);
  for (int i = from; i < len; i++)
    r->up[ps->task[i]] = -INFINITY;
}

int es_easef_paths(const EsDag *d, EsPaths *ps, double *lengths) {
  size_t n = (size_t)d->n + 1, m = (size_t)d->succ_first[d->n] + 1;
  Ranks r = {.d = d,
             .alive = calloc(n, sizeof(bool)),
             .exact = malloc(n * sizeof(bool)),
             .up = malloc(n * sizeof(double)),
             .out = malloc(m * sizeof(Arc)),
             .in = malloc(m * sizeof(Arc)),
             .blockers = calloc(n, sizeof(int)),
             .open = calloc(n, sizeof(bool)),
             .stack = malloc(n * sizeof(int))};
  ps->task = malloc(n * sizeof(int)), ps->first = calloc(n + 1, sizeof(int));
  ps->npaths = 0;
  r.rc = r.alive && r.exact && r.up && r.out && r.in && r.blockers && r.open && r.stack &&
                 ps->task && ps->first
             ? ES_OK
             : ES_ENOMEM;
  if (!r.rc) {
    for (int k = 0; k < d->succ_first[d->n]; k++) {
      r.out[k] = (Arc){d->succ[k].task, es_dag_mean_comm(d, d->succ[k].item)};
      r.in[k] = (Arc){d->pred[k].task, es_dag_mean_comm(d, d->pred[k].item)};
    }
    for (int v = 0; v < d->n; v++)
      r.alive[v] = r.exact[v] = true;
    es_dag_upward_rank(d, r.up);
    for (int i = 0; i < d->n; i++) { /* topological order: each task's blockers are final */
      int u = d->topo[i];
      r.open[u] = r.blockers[u] == 0;
      if (r.open[u])
        push_entry(&r, u);
      for (int k = d->succ_first[u]; k < d->succ_first[u + 1]; k++)
        r.blockers[d->succ[k].task] += !r.open[u] || weighs(&r, u, k);
    }
  }
  for (int v; !r.rc && (v = best_entry(&r)) >= 0;) {
    if (lengths)
      lengths[ps->npaths] = r.up[v];
    int from = ps->first[ps->npaths];
    take_path(&r, v, ps);
    for (int i = from; i < ps->first[ps->npaths]; i++)
      leave(&r, ps->task[i]);
  }
  free(r.alive), free(r.exact), free(r.up), free(r.out), free(r.in), free(r.blockers), free(r.open);
  free(r.stack), free(r.entry);
  return r.rc;
}

/* Algorithm 2 lines 2-11: group[v] = the head of v's merged node. */
static void merge_chains(const EsDag *d, const EsPaths *ps, int *group) {
  for (int v = 0; v < d->n; v++)
    group[v] = v;
  for (int p = 0; p < ps->npaths; p++)
    for (int i = ps->first[p] + 1; i < ps->first[p + 1]; i++) {
      int v = ps->task[i], prev = ps->task[i - 1];
      bool single = d->pred_first[v + 1] > d->pred_first[v];
      for (int k = d->pred_first[v]; k < d->pred_first[v + 1]; k++)
        single &= d->pred[k].task == prev;
      if (single) /* Eq. 7: indegree 1, the parent being v's predecessor on the path */
        group[v] = group[prev];
    }
}

/* Algorithm 2 lines 13-20 with Algorithm 3's edge costs: the upward rank
 * of each task's merged node. after[v] = weight of v's node after v. */
static void merged_ranks(const EsDag *d, const int *group, double *after, double *rank) {
  double *weight = calloc((size_t)d->n + 1, sizeof *weight);
  double *out = calloc((size_t)d->n + 1, sizeof *out);
  if (!weight || !out) {
    es_dag_upward_rank(d, rank); /* degrade to HEFT's order rather than fail */
    free(weight), free(out);
    return;
  }
  for (int i = d->n - 1; i >= 0; i--) { /* members after v come later in topo order */
    int v = d->topo[i];
    after[v] = weight[group[v]];
    weight[group[v]] += d->mean_time[v];
  }
  for (int i = d->n - 1; i >= 0; i--) {
    int v = d->topo[i], g = group[v];
    for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++) {
      int c = d->succ[k].task;
      if (group[c] == g)
        continue;
      double cost = es_dag_mean_comm(d, d->succ[k].item) - after[v];
      double r = (cost > 0 ? cost : 0) + rank[group[c]];
      out[g] = r > out[g] ? r : out[g];
    }
    if (g == v) /* the head comes last in reverse topological order */
      rank[v] = weight[v] + out[v];
  }
  for (int v = 0; v < d->n; v++)
    after[v] = rank[group[v]];
  memcpy(rank, after, (size_t)d->n * sizeof *rank);
  free(weight), free(out);
}

/* Phases 1-2: the schedule order. */
void es_easef_paths_free(EsPaths *ps) {
  free(ps->task), free(ps->first);
  ps->task = ps->first = NULL;
}

int es_easef_order(const EsDag *d, int *order, double *path_lengths, int *npaths) {
  EsPaths ps = {0};
  size_t n = (size_t)d->n + 1;
  int *group = malloc(n * sizeof *group);
  double *after = malloc(n * sizeof *after), *rank = calloc(n, sizeof *rank);
  int rc = group && after && rank ? es_easef_paths(d, &ps, path_lengths) : ES_ENOMEM;
  if (!rc) {
    if (npaths)
      *npaths = ps.npaths;
    merge_chains(d, &ps, group);
    merged_ranks(d, group, after, rank);
    rc = es_dag_priority_order(d, rank, order);
  }
  es_easef_paths_free(&ps);
  free(group), free(after), free(rank);
  return rc;
}

static int easef_steps(EsListSched *ls, void *arg) {
  (void)arg;
  int *order = malloc(((size_t)ls->p->ntasks + 1) * sizeof *order);
  int rc = order ? es_easef_order(ls->dag, order, NULL, NULL) : ES_ENOMEM; /* phases 1-2 */
  if (!rc)
    rc = es_ls_run_eft(ls, order, true); /* phase 3: EFT with insertion */
  free(order);
  return rc;
}

int es_easef(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  int rc = es_ls_schedule(p, out, "easef", easef_steps, NULL, err);
  return rc ? rc : es_dvfs_equalize(p, es_solution_makespan(out), out, err); /* phase 3 */
}
