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
 * Phase 1 costs O((V + E + rank changes) log V) (below); the rest
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

/* Phase 1 keeps what it needs of the ranks of the tasks still alive up to
 * date as paths leave, instead of recomputing them over all tasks for each
 * path (quadratic: 50 s for 10^5 tasks).
 *
 * Upward ranks: removing a path changes only those of its alive ancestors.
 * A task is recomputed, with es_dag_upward_rank_among's expression, only
 * when a successor left or changed, latest topological position first (a
 * heap of positions), so every rank has the bits a full recomputation
 * gives. The changes grow with the depth of the DAG (about 50 per task at
 * 10^5 tasks of EASEF's generator): the phase is faster than quadratic but
 * slower than linear.
 *
 * Entries: the paths start at tasks of downward rank 0. Times are not
 * negative (the readers refuse negative ones), so that rank is 0 exactly
 * when each alive predecessor u has rank 0 itself and u's mean time plus
 * the mean transfer to the task is 0; a count per task of the alive
 * predecessors that fail this (its blockers) follows it in O(V + E) over
 * the whole phase. The next path starts at the entry of highest upward
 * rank: a heap of (rank, task), stale entries skipped. */

/* A heap entry: a task and its upward rank, best first by es_rank_cmp
 * (higher rank, then lower index). */
typedef struct Entry {
  double key;
  int task;
} Entry;

/* An arc of d->succ with its mean transfer. */
typedef struct Out {
  int task;
  double comm;
} Out;

typedef struct Ranks {
  const EsDag *d;
  bool *alive, *queued;
  int *pos;                   /* position in d->topo */
  double *up;                 /* upward ranks of the alive tasks */
  Out *out;                   /* the arcs of d->succ with their mean transfers */
  int *blockers;              /* arcs from alive predecessors that keep the downward rank above 0 */
  bool *open;                 /* blockers reached 0: its arcs that weigh nothing do not block */
  int *stack;                 /* [n] for open_task */
  int *work, nwork, work_cap; /* positions to recompute: a max-heap */
  Entry *entry;
  int nentry, entry_cap;
  int rc; /* ES_ENOMEM once a heap could not grow */
} Ranks;

static void push_work(Ranks *r, int pos) {
  if (es_vec_reserve(&r->work, &r->work_cap, r->nwork + 1, sizeof *r->work)) {
    r->rc = ES_ENOMEM;
    return;
  }
  int i = r->nwork++;
  for (; i > 0 && r->work[(i - 1) / 2] < pos; i = (i - 1) / 2)
    r->work[i] = r->work[(i - 1) / 2];
  r->work[i] = pos;
}

static int pop_work(Ranks *r) {
  int top = r->work[0], last = r->work[--r->nwork], i = 0;
  for (int c; (c = 2 * i + 1) < r->nwork; i = c) {
    if (c + 1 < r->nwork && r->work[c + 1] > r->work[c])
      c++;
    if (r->work[c] <= last)
      break;
    r->work[i] = r->work[c];
  }
  r->work[i] = last;
  return top;
}

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

/* es_dag_upward_rank_among's expression for one task. A task that left
 * has rank -infinity, which no maximum takes: the same as skipping it. */
static double up_rank(const Ranks *r, int v) {
  const EsDag *d = r->d;
  double best = 0;
  for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++) {
    double x = r->out[k].comm + r->up[r->out[k].task];
    best = x > best ? x : best;
  }
  return d->mean_time[v] + best;
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

static void queue_preds(Ranks *r, int v) {
  const EsDag *d = r->d;
  for (int k = d->pred_first[v]; k < d->pred_first[v + 1]; k++) {
    int u = d->pred[k].task;
    if (r->alive[u] && !r->queued[u]) {
      r->queued[u] = true;
      push_work(r, r->pos[u]);
    }
  }
}

/* Recomputes the queued upward ranks, passing changes on. */
static void settle(Ranks *r) {
  while (r->nwork > 0) {
    int v = r->d->topo[pop_work(r)];
    r->queued[v] = false;
    double x = up_rank(r, v);
    if (x == r->up[v])
      continue;
    r->up[v] = x;
    queue_preds(r, v);
    if (r->open[v])
      push_entry(r, v);
  }
}

/* The alive entry of highest upward rank, or -1. */
static int best_entry(Ranks *r) {
  while (r->nentry > 0) {
    Entry e = pop_entry(r);
    if (r->alive[e.task] && r->open[e.task] && e.key == r->up[e.task])
      return e.task;
  }
  return -1;
}

/* Appends the critical path from entry v to ps and removes it. */
static void take_path(Ranks *r, int v, EsPaths *ps) {
  const EsDag *d = r->d;
  int len = ps->first[ps->npaths];
  while (v >= 0) {
    ps->task[len++] = v;
    r->alive[v] = false;
    r->up[v] = -INFINITY;
    int next = -1;
    double best = -INFINITY;
    for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++) {
      int s = d->succ[k].task;
      double x = r->out[k].comm + r->up[s];
      if (r->alive[s] && es_rank_cmp(x, s, best, next) < 0)
        best = x, next = s;
    }
    v = next;
  }
  ps->first[++ps->npaths] = len;
}

int es_easef_paths(const EsDag *d, EsPaths *ps, double *lengths) {
  size_t n = (size_t)d->n + 1, m = (size_t)d->succ_first[d->n] + 1;
  Ranks r = {.d = d,
             .alive = calloc(n, sizeof(bool)),
             .queued = calloc(n, sizeof(bool)),
             .pos = malloc(n * sizeof(int)),
             .up = malloc(n * sizeof(double)),
             .out = malloc(m * sizeof(Out)),
             .blockers = calloc(n, sizeof(int)),
             .open = calloc(n, sizeof(bool)),
             .stack = malloc(n * sizeof(int))};
  ps->task = malloc(n * sizeof(int)), ps->first = calloc(n + 1, sizeof(int));
  ps->npaths = 0;
  r.rc = r.alive && r.queued && r.pos && r.up && r.out && r.blockers && r.open && r.stack &&
                 ps->task && ps->first
             ? ES_OK
             : ES_ENOMEM;
  if (!r.rc) {
    for (int k = 0; k < d->succ_first[d->n]; k++)
      r.out[k] = (Out){d->succ[k].task, es_dag_mean_comm(d, d->succ[k].item)};
    for (int i = 0; i < d->n; i++)
      r.alive[d->topo[i]] = true, r.pos[d->topo[i]] = i;
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
      queue_preds(&r, ps->task[i]);
    settle(&r);
    for (int i = from; i < ps->first[ps->npaths]; i++)
      leave(&r, ps->task[i]);
  }
  free(r.alive), free(r.queued), free(r.pos), free(r.up), free(r.out), free(r.blockers);
  free(r.open), free(r.stack), free(r.work), free(r.entry);
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
