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
 * A data item read by several tasks is charged here once per reader (the
 * paper's Eq. 1), while problem.h's model moves it once per device: the two
 * agree whenever no item is shared, which es_algorithm_default checks before
 * choosing tree-dp.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/model/solution.h"
#include "scheduler/exact/exact.h"
#include "scheduler/base/bigbuf.h"

/* The rooted forest: per task its parent, the summed weight and count of
 * positive-weight items on the pair (task, parent), and the data direction,
 * plus the leaves-to-roots order (NULL: index order, or its reverse). The
 * per-task arrays are big buffers (bigbuf.h): first-touch page faults are a
 * large part of a million-task run. */
typedef struct Rooted {
  int *parent;                  /* -1 for roots */
  double *up_w;
  int *up_n;
  unsigned char *from_child;    /* data flows task -> parent */
  int *order;                   /* NULL when implied by the index */
  bool reverse;                 /* with order NULL: descending indices */
  bool dirty;                   /* up_w and up_n hold an earlier attempt's sums */
  EsBigBuf buf[4];
} Rooted;

static void rooted_free(Rooted *r) {
  for (int i = 0; i < 4; i++)
    es_bigbuf_free(&r->buf[i]);
  free(r->order);
}

static int rooted_alloc(Rooted *r, int n) {
  size_t m = (size_t)n + 1;
  r->parent = es_bigbuf_alloc(&r->buf[0], m, sizeof(int));
  r->up_w = es_bigbuf_alloc(&r->buf[1], m, sizeof(double));
  r->up_n = es_bigbuf_alloc(&r->buf[2], m, sizeof(int));
  r->from_child = es_bigbuf_alloc(&r->buf[3], m, 1);
  return r->parent && r->up_w && r->up_n && r->from_child ? ES_OK : ES_ENOMEM;
}

static void add_up(Rooted *r, int child, double w, bool from_child) {
  r->up_w[child] += w;
  r->up_n[child] += w > 0;
  r->from_child[child] = from_child;
}

/* Roots every component at its largest (or, with reverse, smallest) index.
 * Fails (false) unless each task has at most one neighbour on that side. */
static bool root_by_index(const EsProblem *p, EsObjective obj, bool reverse, Rooted *r) {
  /* The buffers come zeroed: only a second attempt clears the sums. */
  if (r->dirty) {
    memset(r->up_w, 0, (size_t)p->ntasks * sizeof *r->up_w);
    memset(r->up_n, 0, (size_t)p->ntasks * sizeof *r->up_n);
  }
  r->dirty = true;
  for (int v = 0; v < p->ntasks; v++)
    r->parent[v] = -1;
  for (int i = 0; i < p->nitems; i++) {
    int prod = p->item_producer[i];
    double w = p->item_weight[obj][i];
    for (int k = p->item_first[i]; k < p->item_first[i + 1]; k++) {
      int reader = p->item_reader[k];
      bool prod_is_child = reverse ? prod > reader : prod < reader;
      int child = prod_is_child ? prod : reader, up = prod_is_child ? reader : prod;
      if (r->parent[child] >= 0 && r->parent[child] != up)
        return false;
      r->parent[child] = up;
      add_up(r, child, w, prod_is_child);
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
static int root_by_search(const EsProblem *p, EsObjective obj, Rooted *r, EsError *err) {
  Adjacency a = {0};
  int n = p->ntasks, rc = adjacency_build(p, &a);
  int *bfs = malloc(((size_t)n + 1) * sizeof(int));
  if (rc || !bfs) {
    rc = ES_ENOMEM;
    goto out;
  }
  for (int v = 0; v < n; v++)
    r->parent[v] = -2, r->up_w[v] = 0, r->up_n[v] = 0; /* -2: unvisited */
  int tail = 0;
  for (int root = 0; root < n; root++) {
    if (r->parent[root] != -2)
      continue;
    r->parent[root] = -1;
    int head = tail;
    bfs[tail++] = root;
    while (head < tail) {
      int v = bfs[head++];
      for (int j = a.first[v]; j < a.first[v + 1]; j++) {
        int k = a.inc[j], item = a.inc_item[k];
        int prod = p->item_producer[item], reader = p->item_reader[k];
        int u = prod == v ? reader : prod;
        if (u == r->parent[v])
          continue;
        if (r->parent[u] == -2) {
          r->parent[u] = v;
          bfs[tail++] = u;
        } else if (r->parent[u] != v) {
          rc = es_error_set(err, ES_ESHAPE, NULL, 0, 0,
                            "tree-dp needs a task tree or forest, but the data dependencies "
                            "form an undirected cycle; use --algo mincut or ilp");
          goto out;
        }
        add_up(r, u, p->item_weight[obj][item], prod == u);
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

typedef struct Dp {
  const EsProblem *p;
  const Rooted *r;
  double *acc;    /* [n * nd]: sum over children of B_c[d] */
  uint16_t *choice; /* [n * nd]: label of the task given its parent's device */
  int *dev_first; /* labels of device d: dev_first[d] .. dev_first[d + 1] */
  double *best;   /* [nd] scratch: S_v[d] */
  int *arg;       /* [nd] scratch: its label */
  EsBigBuf acc_buf, choice_buf;
} Dp;

static int task_at(const Rooted *r, int n, int i) {
  return r->order ? r->order[i] : r->reverse ? n - 1 - i : i;
}

/* The parent's entries are the passes' only random accesses; asking for
 * them a few tasks ahead overlaps the cache misses. The builtin stays in the
 * loops themselves: GCC judged a function that only prefetches free of
 * effects and deleted its calls, prefetches and all. */
enum { PREFETCH_DISTANCE = 16 };

#if defined(__GNUC__)
#define PREFETCH(addr) __builtin_prefetch(addr)
#else
#define PREFETCH(addr) ((void)(addr))
#endif

/* The parent's entry of the task i steps along the order, or NULL. */
static const void *parent_entry(const Rooted *r, int n, int i, const void *base, size_t stride) {
  if (i < 0 || i >= n)
    return NULL;
  int up = r->parent[task_at(r, n, i)];
  return up >= 0 ? (const char *)base + (size_t)up * stride : NULL;
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
static int forward(const Dp *dp, int *restrict label, EsError *err) {
  const EsProblem *p = dp->p;
  const Rooted *r = dp->r;
  const int n = p->ntasks, nd = p->ndevices, nl = p->nlabels;
  const double *restrict cost = p->value[p->objective];
  const double *restrict unit = p->xfer_unit[p->objective];
  const double *restrict fixed = p->xfer_fixed[p->objective];
  const int *restrict parent = r->parent, *restrict dev_first = dp->dev_first;
  double *restrict acc = dp->acc, *restrict best = dp->best;
  uint16_t *restrict choice = dp->choice;
  int *restrict arg = dp->arg;
  for (int i = 0; i < n; i++) {
    int v = task_at(r, n, i), up = parent[v];
    const void *ahead = parent_entry(r, n, i + PREFETCH_DISTANCE, acc, sizeof(double) * (size_t)nd);
    if (ahead)
      PREFETCH(ahead);
    for (int d = 0; d < nd; d++) {
      double b = INFINITY, a = acc[(long)v * nd + d];
      int bl = dev_first[d];
      for (int l = dev_first[d]; l < dev_first[d + 1]; l++)
        if (cost[(long)v * nl + l] + a < b)
          b = cost[(long)v * nl + l] + a, bl = l;
      best[d] = b, arg[d] = bl;
    }
    if (up < 0) {
      if (take_root(best, arg, nd, &label[v], err))
        return ES_EINFEAS;
      continue;
    }
    double w = r->up_w[v];
    int cnt = r->up_n[v];
    bool from_child = r->from_child[v];
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
      acc[(long)up * nd + e] += b;
    }
  }
  return ES_OK;
}

/* The forward pass for two devices, the common case and the one the
 * benchmark's goal names: the same recurrence with the loops over devices
 * unrolled and the minima taken without data-dependent branches, ties going
 * to the lower device as in forward(). */
static int forward_two(const Dp *dp, int *restrict label, EsError *err) {
  const EsProblem *p = dp->p;
  const Rooted *r = dp->r;
  const int n = p->ntasks, nl = p->nlabels;
  const double *restrict cost = p->value[p->objective];
  const double *restrict unit = p->xfer_unit[p->objective];
  const double *restrict fixed = p->xfer_fixed[p->objective];
  const int *restrict parent = r->parent;
  const double *restrict up_w = r->up_w;
  const int *restrict up_n = r->up_n;
  const unsigned char *restrict from_child = r->from_child;
  double *restrict acc = dp->acc;
  uint16_t *restrict choice = dp->choice;
  const int first0 = dp->dev_first[0], first1 = dp->dev_first[1], end1 = dp->dev_first[2];
  /* Moving device 0's data to device 1 (k = 1) and back (k = 2). */
  const double unit01 = unit[1], unit10 = unit[2], fixed01 = fixed[1], fixed10 = fixed[2];
  for (int i = 0; i < n; i++) {
    int v = task_at(r, n, i), up = parent[v];
    const void *ahead = parent_entry(r, n, i + PREFETCH_DISTANCE, acc, 2 * sizeof(double));
    if (ahead)
      PREFETCH(ahead);
    const double *c = cost + (long)v * nl;
    double a0 = acc[2L * v], a1 = acc[2L * v + 1];
    double b0 = INFINITY, b1 = INFINITY;
    int l0 = first0, l1 = first1;
    for (int l = first0; l < first1; l++)
      if (c[l] + a0 < b0)
        b0 = c[l] + a0, l0 = l;
    for (int l = first1; l < end1; l++)
      if (c[l] + a1 < b1)
        b1 = c[l] + a1, l1 = l;
    if (up < 0) {
      if (take_root((double[]){b0, b1}, (int[]){l0, l1}, 2, &label[v], err))
        return ES_EINFEAS;
      continue;
    }
    /* x01: the task on device 0 under a parent on device 1; x10 the reverse.
     * The data flows task -> parent or parent -> task. */
    double x01 = 0, x10 = 0;
    int cnt = up_n[v];
    if (cnt > 0) {
      double w = up_w[v];
      double go = unit01 * w + fixed01 * cnt, back = unit10 * w + fixed10 * cnt;
      x01 = from_child[v] ? go : back;
      x10 = from_child[v] ? back : go;
    }
    double stay0 = b0, move0 = b1 + x10; /* parent on device 0 */
    double stay1 = b1, move1 = b0 + x01; /* parent on device 1 */
    bool moved0 = move0 < stay0, moved1 = !(stay1 < move1);
    choice[2L * v] = (uint16_t)(moved0 ? l1 : l0);
    choice[2L * v + 1] = (uint16_t)(moved1 ? l0 : l1);
    acc[2L * up] += moved0 ? move0 : stay0;
    acc[2L * up + 1] += moved1 ? move1 : stay1;
  }
  return ES_OK;
}

/* Backtracking, roots to leaves: each task takes the label its parent's
 * device chose for it. */
static void backward(const Dp *dp, int *restrict label) {
  const Rooted *r = dp->r;
  const int n = dp->p->ntasks, nd = dp->p->ndevices;
  const int *restrict parent = r->parent;
  const uint16_t *restrict choice = dp->choice;
  const int *restrict label_device = dp->p->label_device;
  for (int i = n - 1; i >= 0; i--) {
    int v = task_at(r, n, i), up = parent[v];
    const void *ahead = parent_entry(r, n, i - PREFETCH_DISTANCE, label, sizeof(int));
    if (ahead)
      PREFETCH(ahead);
    if (up >= 0)
      label[v] = choice[(long)v * nd + label_device[label[up]]];
  }
}

int es_tree_dp(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  const int n = p->ntasks, nd = p->ndevices;
  Rooted r = {0};
  Dp dp = {.p = p, .r = &r};
  dp.acc = es_bigbuf_alloc(&dp.acc_buf, (size_t)n * (size_t)nd + 1, sizeof(double));
  dp.choice = es_bigbuf_alloc(&dp.choice_buf, (size_t)n * (size_t)nd + 1, sizeof *dp.choice);
  dp.dev_first = malloc(((size_t)nd + 1) * sizeof(int));
  dp.best = malloc(((size_t)nd + 1) * sizeof(double));
  dp.arg = malloc(((size_t)nd + 1) * sizeof(int));
  int rc = ES_ENOMEM;
  if (p->nlabels > UINT16_MAX) {
    rc = es_error_set(err, ES_ELIMIT, NULL, 0, 0, "tree-dp handles at most %d labels", UINT16_MAX);
    goto out;
  }
  if (!dp.acc || !dp.choice || !dp.dev_first || !dp.best || !dp.arg || rooted_alloc(&r, n))
    goto out;
  /* Try first the orientation the first item suggests: a failed attempt
   * costs a pass over every task. */
  bool down = p->nitems > 0 && p->item_first[1] > 0 &&
              p->item_producer[0] > p->item_reader[p->item_first[0]];
  if (!root_by_index(p, p->objective, down, &r) && !root_by_index(p, p->objective, !down, &r) &&
      (rc = root_by_search(p, p->objective, &r, err)))
    goto out;
  /* Labels are grouped by device (problem.c builds them so). */
  for (int d = 0, l = 0; d <= nd; d++) {
    dp.dev_first[d] = l;
    while (d < nd && l < p->nlabels && p->label_device[l] == d)
      l++;
  }
  if ((rc = nd == 2 ? forward_two(&dp, out->label, err) : forward(&dp, out->label, err)))
    goto out;
  backward(&dp, out->label);
  if (p->has_shared)
    snprintf(out->note, sizeof out->note,
             "tree-dp charged shared data items once per reader (Eq. 1); the cost reported "
             "moves each once per device");
out:
  if (rc == ES_ENOMEM)
    es_error_set(err, rc, NULL, 0, 0, "out of memory");
  rooted_free(&r);
  es_bigbuf_free(&dp.acc_buf), es_bigbuf_free(&dp.choice_buf);
  free(dp.dev_first), free(dp.best), free(dp.arg);
  return rc;
}
