/* tree-dp: the exact dynamic program of Silberstein 2011 (Section 4,
 * Figure 4), generalized to any number of devices, to labels that are
 * (device, DVFS level) pairs, to forests, and to trees whose edges point
 * either way (in-trees, out-trees, mixed).
 *
 * Root every component of the undirected producer-reader forest. For a task
 * v and a device d of v, the best cost of v's subtree is
 *
 *   S_v[d] = min_{l on d} P_v[l] + sum_{c child of v} B_c[d]
 *   B_c[d] = min_{d'} S_c[d'] + D_{(c,v)}(d', d)
 *
 * where D is the transfer cost across the pair (c, v) in its data direction:
 * the sum over the items the pair carries. The forward pass runs leaves to
 * roots keeping B_c[d] and the label of c that achieves it (the paper's O_v);
 * the backtracking pass runs roots to leaves reading labels off. Because a
 * transfer depends on devices, not levels, the choice depends only on the
 * parent's device: O(|V| (L + N^2)) time and O(|V| N) memory for L labels on
 * N devices, with no recursion (a chain of 10^7 tasks is fine).
 *
 * The order of the passes: when every task has at most one neighbour with a
 * larger index (true of in-trees whose tasks are numbered in topological
 * order, as generators, the front end and variable elimination number
 * them), index order is a leaves-to-roots order and the root of a component
 * is its largest task; likewise with "smaller" and reverse index order for
 * out-trees. Then every array is walked in order and only the parent's entry
 * is a random access, which is what keeps a million-task tree fast. Other
 * forests are rooted by a breadth-first search first.
 *
 * The rooted forest (one record per task: parent, summed weight, direction)
 * and the passes' buffers are kept in the problem's cache (problem.h) and
 * reused by the next call on the same problem, which then only walks the
 * arrays: repeated solves (energy-deadline's Lagrangian search) pay for
 * the rooting and the buffers' first-touch page faults once. The forward
 * pass clears each accumulator as it reads it, so the buffers are clean for
 * the next call. Post-order numbering was tried for the index-ordered trees
 * and measured slower: it trades the random update of the parent's
 * accumulator for a random read of each task's costs, which change between
 * calls and cannot be laid out in advance. Gathering each task's children's
 * B from lists kept with the rooted forest, instead of adding B into the
 * parent's accumulator (a random read instead of a random read and write),
 * was measured slower too: 31 against 22 ns per task on a random
 * 10^6-task in-tree, the children's varying number costing a mispredicted
 * branch per task.
 *
 * A data item read by several tasks is charged here once per reader (the
 * paper's Eq. 1), while problem.h's model moves it once per device: the two
 * agree whenever no item is shared, which es_algorithm_default checks before
 * choosing tree-dp.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/bigbuf.h"
#include "scheduler/base/prefetch.h"
#include "scheduler/exact/exact.h"
#include "scheduler/model/solution.h"

/* The pair (task, parent) of the rooted forest. */
typedef struct Up {
  double w;   /* summed weight of the items on the pair */
  int parent; /* -1 for roots */
  int link;   /* items (0 bytes too) << 1 | 1 when data flows task -> parent */
} Up;

/* The rooted forest and the passes' buffers, cached between calls. The
 * per-task arrays are big buffers (bigbuf.h): first-touch page faults are a
 * large part of a first million-task run. */
typedef struct Rooted {
  /* What it was derived from (a shallow copy of the problem shares the cache). */
  const int *producer, *first, *reader, *label_device;
  const double *weight;
  int ntasks, nitems, nlabels, ndevices;
  Up *up;           /* [ntasks] */
  int *order;       /* leaves to roots; NULL when implied by the index */
  bool reverse;     /* with order NULL: descending indices */
  double *acc;      /* [ntasks * nd]: sum over children of B_c[d]; zero between calls */
  uint16_t *choice; /* [ntasks * nd]: label of the task given its parent's device */
  uint16_t *device; /* [ntasks]: the device of each task's label, for the backward pass:
                     * its random reads of the parent's device stay in a 2 MB array
                     * instead of following the parent's label into label_device */
  int *dev_first;   /* labels of device d: dev_first[d] .. dev_first[d + 1] */
  double *best;     /* [nd] scratch: S_v[d] */
  int *arg;         /* [nd] scratch: its label */
  EsBigBuf up_buf, acc_buf, choice_buf, device_buf;
} Rooted;

static const char cache_tag = 0; /* this solver's slot in a problem's cache */

static void rooted_free(void *data) {
  Rooted *r = data;
  if (!r)
    return;
  es_bigbuf_free(&r->up_buf), es_bigbuf_free(&r->acc_buf), es_bigbuf_free(&r->choice_buf);
  es_bigbuf_free(&r->device_buf);
  free(r->order), free(r->dev_first), free(r->best), free(r->arg);
  free(r);
}

static bool rooted_fits(const Rooted *r, const EsProblem *p) {
  return r->producer == p->item_producer && r->first == p->item_first &&
         r->reader == p->item_reader && r->label_device == p->label_device &&
         r->weight == p->item_weight[p->objective] && r->ntasks == p->ntasks &&
         r->nitems == p->nitems && r->nlabels == p->nlabels && r->ndevices == p->ndevices;
}

static void add_up(Up *x, double w, bool from_child) {
  x->w += w;
  x->link = ((x->link >> 1) + 1) << 1 | from_child; /* every item pays the latency */
}

/* Roots every component at its largest (or, with reverse, smallest) index.
 * Fails (false) unless each task has at most one neighbour on that side. */
static bool root_by_index(const EsProblem *p, bool reverse, Rooted *r) {
  const double *weight = p->item_weight[p->objective];
  for (int v = 0; v < p->ntasks; v++)
    r->up[v] = (Up){0, -1, 0};
  for (int i = 0; i < p->nitems; i++) {
    int prod = p->item_producer[i];
    for (int k = p->item_first[i]; k < p->item_first[i + 1]; k++) {
      int reader = p->item_reader[k];
      bool prod_is_child = reverse ? prod > reader : prod < reader;
      int child = prod_is_child ? prod : reader, up = prod_is_child ? reader : prod;
      if (r->up[child].parent >= 0 && r->up[child].parent != up)
        return false;
      r->up[child].parent = up;
      add_up(&r->up[child], weight[i], prod_is_child);
    }
  }
  r->reverse = reverse;
  return true;
}

/* Undirected incidences per task (incidence ids into item_reader). */
typedef struct Adjacency {
  int *first, *inc, *inc_item;
} Adjacency;

static int adjacency_build(const EsProblem *p, Adjacency *a) {
  int ninc = p->item_first[p->nitems], n = p->ntasks;
  a->first = calloc((size_t)n + 2, sizeof(int));
  a->inc = malloc(((size_t)ninc * 2 + 1) * sizeof(int));
  a->inc_item = malloc(((size_t)ninc + 1) * sizeof(int));
  if (!a->first || !a->inc || !a->inc_item)
    return ES_ENOMEM;
  for (int i = 0; i < p->nitems; i++)
    for (int k = p->item_first[i]; k < p->item_first[i + 1]; k++) {
      a->inc_item[k] = i;
      a->first[p->item_producer[i] + 2]++;
      a->first[p->item_reader[k] + 2]++;
    }
  for (int v = 0; v < n; v++)
    a->first[v + 2] += a->first[v + 1];
  /* first[v + 1] is v's fill pointer; it ends as v's end. */
  for (int k = 0; k < ninc; k++) {
    a->inc[a->first[p->item_producer[a->inc_item[k]] + 1]++] = k;
    a->inc[a->first[p->item_reader[k] + 1]++] = k;
  }
  return ES_OK;
}

/* Roots every component at its first task by breadth-first search. Each
 * incidence is counted from the parent's side only; a visited neighbour that
 * is neither parent nor child closes a cycle. */
static int root_by_search(const EsProblem *p, Rooted *r, EsError *err) {
  const double *weight = p->item_weight[p->objective];
  Adjacency a = {0};
  int n = p->ntasks, rc = adjacency_build(p, &a);
  int *bfs = malloc(((size_t)n + 1) * sizeof(int));
  if (rc || !bfs) {
    rc = ES_ENOMEM;
    goto out;
  }
  for (int v = 0; v < n; v++)
    r->up[v] = (Up){0, -2, 0}; /* -2: unvisited */
  int tail = 0;
  for (int root = 0; root < n; root++) {
    if (r->up[root].parent != -2)
      continue;
    r->up[root].parent = -1;
    int head = tail;
    bfs[tail++] = root;
    while (head < tail) {
      int v = bfs[head++];
      for (int j = a.first[v]; j < a.first[v + 1]; j++) {
        int k = a.inc[j], item = a.inc_item[k];
        int prod = p->item_producer[item], reader = p->item_reader[k];
        int u = prod == v ? reader : prod;
        if (u == r->up[v].parent)
          continue;
        if (r->up[u].parent == -2) {
          r->up[u].parent = v;
          bfs[tail++] = u;
        } else if (r->up[u].parent != v) {
          rc = es_error_set(err, ES_ESHAPE, NULL, 0, 0,
                            "tree-dp needs a task tree or forest, but the data dependencies "
                            "form an undirected cycle; use --algo mincut or ilp");
          goto out;
        }
        add_up(&r->up[u], weight[item], prod == u);
      }
    }
  }
  /* Leaves to roots is the reverse of the search order. */
  for (int i = 0; i < n / 2; i++) {
    int t = bfs[i];
    bfs[i] = bfs[n - 1 - i], bfs[n - 1 - i] = t;
  }
  r->order = bfs;
  bfs = NULL;
out:
  free(bfs);
  free(a.first), free(a.inc), free(a.inc_item);
  return rc;
}

/* A new rooted forest of p with its buffers; ES_ENOMEM, or ES_ESHAPE when
 * the items do not form a forest. */
static int rooted_new(const EsProblem *p, Rooted **out, EsError *err) {
  const int n = p->ntasks, nd = p->ndevices;
  Rooted *r = calloc(1, sizeof *r);
  if (!r)
    return ES_ENOMEM;
  *r = (Rooted){.producer = p->item_producer,
                .first = p->item_first,
                .reader = p->item_reader,
                .label_device = p->label_device,
                .weight = p->item_weight[p->objective],
                .ntasks = n,
                .nitems = p->nitems,
                .nlabels = p->nlabels,
                .ndevices = nd};
  r->up = es_bigbuf_alloc(&r->up_buf, (size_t)n + 1, sizeof *r->up);
  r->acc = es_bigbuf_alloc(&r->acc_buf, (size_t)n * (size_t)nd + 1, sizeof *r->acc);
  r->choice = es_bigbuf_alloc(&r->choice_buf, (size_t)n * (size_t)nd + 1, sizeof *r->choice);
  r->device = es_bigbuf_alloc(&r->device_buf, (size_t)n + 1, sizeof *r->device);
  r->dev_first = malloc(((size_t)nd + 1) * sizeof *r->dev_first);
  r->best = malloc(((size_t)nd + 1) * sizeof *r->best);
  r->arg = malloc(((size_t)nd + 1) * sizeof *r->arg);
  int rc = ES_ENOMEM;
  if (!r->up || !r->acc || !r->choice || !r->device || !r->dev_first || !r->best || !r->arg)
    goto fail;
  /* Try first the orientation the first item suggests: a failed attempt
   * costs a pass over every task. */
  bool down = p->nitems > 0 && p->item_first[1] > 0 &&
              p->item_producer[0] > p->item_reader[p->item_first[0]];
  if (!root_by_index(p, down, r) && !root_by_index(p, !down, r) && (rc = root_by_search(p, r, err)))
    goto fail;
  /* Labels are grouped by device (problem.c builds them so). */
  for (int d = 0, l = 0; d <= nd; d++) {
    r->dev_first[d] = l;
    while (d < nd && l < p->nlabels && p->label_device[l] == d)
      l++;
  }
  *out = r;
  return ES_OK;
fail:
  rooted_free(r);
  return rc;
}

/* Where the passes find the task at step i of the leaves-to-roots order:
 * order[i], or start + stride * i. */
typedef struct Walk {
  const int *order;
  int start, stride;
} Walk;

static Walk walk_of(const Rooted *r) {
  return (Walk){r->order, r->reverse ? r->ntasks - 1 : 0, r->reverse ? -1 : 1};
}

static inline int task_at(Walk w, int i) { return w.order ? w.order[i] : w.start + w.stride * i; }

/* The parent's entries are the passes' only random accesses; asking for
 * them a few tasks ahead overlaps the cache misses (prefetch.h). */
enum { PREFETCH_DISTANCE = 16 };

/* The parent of the task at step i, or -1 (also outside the order). */
static inline int parent_at(const Up *up, Walk w, int n, int i) {
  return i >= 0 && i < n ? up[task_at(w, i)].parent : -1;
}

/* A root takes its best label; none finite means no feasible assignment. */
static int take_root(const double *best, const int *arg, int nd, int *label, EsError *err) {
  int bd = 0;
  for (int d = 1; d < nd; d++)
    bd = best[d] < best[bd] ? d : bd;
  if (isinf(best[bd]))
    return es_error_set(err, ES_EINFEAS, NULL, 0, 0,
                        "no feasible assignment (every choice of some task is forbidden or "
                        "unreachable)");
  *label = arg[bd];
  return ES_OK;
}

/* Forward pass, leaves to roots: S_v per device from v's labels and its
 * children's B, then B_v into the parent's acc. Roots take their best label.
 * The pointers are copied into restrict locals so the compiler need not
 * reload them after every store. */
static int forward(const EsProblem *p, Rooted *r, int *restrict label, EsError *err) {
  const int n = p->ntasks, nd = p->ndevices, nl = p->nlabels;
  const double *restrict cost = p->value[p->objective];
  const double *restrict unit = p->xfer_unit[p->objective];
  const double *restrict fixed = p->xfer_fixed[p->objective];
  const Up *restrict up = r->up;
  const int *restrict dev_first = r->dev_first;
  double *restrict acc = r->acc, *restrict best = r->best;
  uint16_t *restrict choice = r->choice;
  int *restrict arg = r->arg;
  const Walk walk = walk_of(r);
  for (int i = 0; i < n; i++) {
    int v = task_at(walk, i), parent = up[v].parent;
    int ahead = parent_at(up, walk, n, i + PREFETCH_DISTANCE);
    if (ahead >= 0)
      ES_PREFETCH_WRITE(&acc[(long)ahead * nd]);
    for (int d = 0; d < nd; d++) {
      double b = INFINITY, a = acc[(long)v * nd + d];
      int bl = dev_first[d];
      acc[(long)v * nd + d] = 0;
      for (int l = dev_first[d]; l < dev_first[d + 1]; l++)
        if (cost[(long)v * nl + l] + a < b)
          b = cost[(long)v * nl + l] + a, bl = l;
      best[d] = b, arg[d] = bl;
    }
    if (parent < 0) {
      if (take_root(best, arg, nd, &label[v], err))
        return ES_EINFEAS;
      continue;
    }
    double w = up[v].w;
    int cnt = up[v].link >> 1;
    bool from_child = up[v].link & 1;
    for (int e = 0; e < nd; e++) {
      double b = INFINITY;
      int bl = arg[0];
      for (int d = 0; d < nd; d++) {
        int k = from_child ? d * nd + e : e * nd + d;
        double x = best[d] + (d != e && cnt > 0 ? unit[k] * w + fixed[k] * cnt : 0);
        if (x < b)
          b = x, bl = arg[d];
      }
      choice[(long)v * nd + e] = (uint16_t)bl;
      acc[(long)parent * nd + e] += b;
    }
  }
  return ES_OK;
}

/* The forward pass for two devices, the common case and the one the
 * benchmark's goal names: the same recurrence with the loops over devices
 * unrolled and the minima taken without data-dependent branches, ties going
 * to the lower device as in forward(). */
static int forward_two(const EsProblem *p, Rooted *r, int *restrict label, EsError *err) {
  const int n = p->ntasks, nl = p->nlabels;
  const double *restrict cost = p->value[p->objective];
  const double *restrict unit = p->xfer_unit[p->objective];
  const double *restrict fixed = p->xfer_fixed[p->objective];
  const Up *restrict up = r->up;
  double *restrict acc = r->acc;
  uint16_t *restrict choice = r->choice;
  const int first0 = r->dev_first[0], first1 = r->dev_first[1], end1 = r->dev_first[2];
  /* Moving device 0's data to device 1 (k = 1) and back (k = 2). */
  const double unit01 = unit[1], unit10 = unit[2], fixed01 = fixed[1], fixed10 = fixed[2];
  const Walk walk = walk_of(r);
  for (int i = 0; i < n; i++) {
    int v = task_at(walk, i), parent = up[v].parent;
    int ahead = parent_at(up, walk, n, i + PREFETCH_DISTANCE);
    if (ahead >= 0)
      ES_PREFETCH_WRITE(&acc[2L * ahead]);
    const double *c = cost + (long)v * nl;
    double a0 = acc[2L * v], a1 = acc[2L * v + 1];
    acc[2L * v] = acc[2L * v + 1] = 0;
    double b0 = c[first0] + a0, b1 = c[first1] + a1;
    int l0 = first0, l1 = first1;
    for (int l = first0 + 1; l < first1; l++) {
      bool lower = c[l] + a0 < b0;
      b0 = lower ? c[l] + a0 : b0, l0 = lower ? l : l0;
    }
    for (int l = first1 + 1; l < end1; l++) {
      bool lower = c[l] + a1 < b1;
      b1 = lower ? c[l] + a1 : b1, l1 = lower ? l : l1;
    }
    if (parent < 0) {
      if (take_root((double[]){b0, b1}, (int[]){l0, l1}, 2, &label[v], err))
        return ES_EINFEAS;
      continue;
    }
    /* x01: the task on device 0 under a parent on device 1; x10 the reverse.
     * The data flows task -> parent or parent -> task. */
    double x01 = 0, x10 = 0;
    int cnt = up[v].link >> 1;
    if (cnt > 0) {
      double w = up[v].w;
      double go = unit01 * w + fixed01 * cnt, back = unit10 * w + fixed10 * cnt;
      x01 = up[v].link & 1 ? go : back;
      x10 = up[v].link & 1 ? back : go;
    }
    double stay0 = b0, move0 = b1 + x10; /* parent on device 0 */
    double stay1 = b1, move1 = b0 + x01; /* parent on device 1 */
    /* The labels are picked with masks and the sums with minima: written as
     * conditional expressions sharing one condition, GCC 12 compiled them
     * to branches that the costs of a random tree mispredict half the time
     * (16.6 against 14 ns per task for this pass at 10^6). */
    int moved0 = -(move0 < stay0), moved1 = -!(stay1 < move1);
    choice[2L * v] = (uint16_t)(l0 ^ ((l0 ^ l1) & moved0));
    choice[2L * v + 1] = (uint16_t)(l1 ^ ((l0 ^ l1) & moved1));
    acc[2L * parent] += move0 < stay0 ? move0 : stay0;
    acc[2L * parent + 1] += stay1 < move1 ? stay1 : move1;
  }
  return ES_OK;
}

/* Backtracking, roots to leaves: each task takes the label its parent's
 * device chose for it. */
static void backward(const EsProblem *p, const Rooted *r, int *restrict label) {
  const int n = p->ntasks, nd = p->ndevices;
  const Up *restrict up = r->up;
  const uint16_t *restrict choice = r->choice;
  const int *restrict label_device = p->label_device;
  uint16_t *restrict device = r->device;
  const Walk walk = walk_of(r);
  for (int i = n - 1; i >= 0; i--) {
    int v = task_at(walk, i), parent = up[v].parent;
    int ahead = parent_at(up, walk, n, i - PREFETCH_DISTANCE);
    if (ahead >= 0)
      ES_PREFETCH(&device[ahead]);
    if (parent >= 0)
      label[v] = choice[(long)v * nd + device[parent]];
    device[v] = (uint16_t)label_device[label[v]];
  }
}

int es_tree_dp(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  if (p->nlabels > UINT16_MAX || p->ndevices > UINT16_MAX)
    return es_error_set(err, ES_ELIMIT, NULL, 0, 0,
                        "tree-dp handles at most %d labels and %d devices", UINT16_MAX, UINT16_MAX);
  Rooted *r = es_problem_cache_take(p->cache, &cache_tag);
  if (r && !rooted_fits(r, p))
    rooted_free(r), r = NULL;
  int rc = r ? ES_OK : rooted_new(p, &r, err);
  if (rc == ES_ENOMEM)
    return es_error_set(err, rc, NULL, 0, 0, "out of memory");
  if (rc)
    return rc;
  rc = p->ndevices == 2 ? forward_two(p, r, out->label, err) : forward(p, r, out->label, err);
  if (rc) { /* the forward pass stopped with some accumulators set */
    rooted_free(r);
    return rc;
  }
  backward(p, r, out->label);
  es_problem_cache_put(p->cache, &cache_tag, r, rooted_free);
  if (p->has_shared)
    snprintf(out->note, sizeof out->note,
             "tree-dp charged shared data items once per reader (Eq. 1); the cost reported "
             "moves each once per device");
  return ES_OK;
}
