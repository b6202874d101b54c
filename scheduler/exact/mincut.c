/* mincut: the exact minimum-energy assignment of any DAG on two devices, by
 * an s-t minimum cut (beyond the papers; docs/DESIGN.md).
 *
 * Tasks on the source side run on device 0, on the sink side on device 1.
 * Levels do not interact with transfers, so each task takes its cheapest
 * level on its device: c0(v), c1(v). The cut pays
 *
 *   edge s -> v of capacity c1(v)  when v is on device 1,
 *   edge v -> t of capacity c0(v)  when v is on device 0,
 *
 * and for an item i of producer p and readers R, moved once per device:
 *
 *   D_i(0 -> 1) when p is on 0 and some r in R on 1: p -> a (D), a -> r (inf)
 *   D_i(1 -> 0) when p is on 1 and some r in R on 0: r -> b (inf), b -> p (D)
 *
 * with one auxiliary node a (and b) per shared item; an item with one reader
 * becomes the arc p -> r of capacity D(0 -> 1) whose reverse r -> p has
 * D(1 -> 0). Every term is a submodular pairwise or "any-of" penalty, so the
 * minimum cut is the minimum energy.
 *
 * Max flow by Boykov and Kolmogorov's algorithm ("An experimental comparison
 * of min-cut/max-flow algorithms for energy minimization in vision", PAMI
 * 26(9), 2004): a search tree grows from each terminal, a path found where
 * they meet is augmented, and the nodes it cuts off are re-adopted or freed;
 * the trees are kept between augmentations, which suits these networks,
 * where nearly every task has a terminal arc and augmenting paths are short
 * (Dinic's algorithm rebuilt its level graph from scratch in each of its
 * many phases: 11 us per task at 10^6 tasks against under 1 here; bench/).
 * With terminal arcs folded into one signed residual per node (Kolmogorov's
 * tr_cap) and each pair of opposite arcs stored as one arc and its sister.
 *
 * The assignment is the set of nodes reachable from s in the final residual
 * network: the unique smallest minimum cut, the same whichever maximum flow
 * found it. Capacities are doubles; residuals at or below a relative
 * epsilon count as saturated. No recursion: a chain of 10^7 tasks is fine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/bigbuf.h"
#include "scheduler/exact/exact.h"
#include "scheduler/model/solution.h"

/* An arc and, at sister, its reverse; rcap is the residual capacity. */
typedef struct Arc {
  int head, sister;
  double rcap;
} Arc;

enum { FREE = -1, TERMINAL = -2, ORPHAN = -3 }; /* Node.parent besides an arc */

/* Search-tree state of a node (BK's notation). parent is the arc from the
 * node to its parent; tr > 0 is the residual of s -> v, tr < 0 minus that
 * of v -> t. ts and dist: when the distance to the terminal was last known
 * and that distance, for adoption's shortest-origin heuristic. */
typedef struct Node {
  double tr;
  int first;        /* the node's arcs are first .. (this + 1)->first */
  int parent, next; /* next: the active queue (-1 out of it, itself at its end) */
  int ts, dist;
  bool sink;
} Node;

/* The arrays are big buffers (bigbuf.h): at a million tasks the accesses
 * are random, and huge pages spare most of their TLB misses. */
typedef struct Net {
  int n, m;   /* nodes; arcs (each with its sister) */
  Arc *arc;   /* grouped by tail */
  Node *node; /* [n + 1]; node[n].first == m */
  EsBigBuf arc_buf, node_buf;
  int active_head, active_tail;
  int *orphan, orphan_head, orphan_len; /* ring buffer of n slots */
  int time;
  double eps;
} Net;

/* ---- building the network ---- */

/* The cheapest label of v on device d, or -1. */
static int cheapest_on(const EsProblem *p, int v, int d) {
  int best = -1;
  for (int l = 0; l < p->nlabels; l++)
    if (p->label_device[l] == d && !isinf(es_problem_task_cost(p, v, l)) &&
        (best < 0 || es_problem_task_cost(p, v, l) < es_problem_task_cost(p, v, best)))
      best = l;
  return best;
}

/* The network is built in two passes over the same arcs: the first counts
 * each node's arcs into at[u + 1], the second fills them in, at[u] being
 * the next free arc of u. */
typedef struct Builder {
  Net *g;
  int *at;
  bool fill;
} Builder;

static void add_arc(Builder *b, int u, int v, double cap, double rev) {
  if (!b->fill) {
    b->at[u + 1]++, b->at[v + 1]++;
    return;
  }
  int a = b->at[u]++, r = b->at[v]++;
  b->g->arc[a] = (Arc){v, r, cap};
  b->g->arc[r] = (Arc){u, a, rev};
}

static void task_terminals(const EsProblem *p, Net *g, double big) {
  for (int v = 0; v < p->ntasks; v++) {
    int l0 = cheapest_on(p, v, 0), l1 = cheapest_on(p, v, 1);
    double c0 = l0 >= 0 ? es_problem_task_cost(p, v, l0) : big;
    double c1 = l1 >= 0 ? es_problem_task_cost(p, v, l1) : big;
    g->node[v].tr = c1 - c0; /* s -> v pays c1 - min, v -> t pays c0 - min */
  }
}

/* The item arcs; returns the number of nodes (tasks and auxiliaries). */
static int item_arcs(const EsProblem *p, Builder *b, double big) {
  int aux = p->ntasks;
  for (int i = 0; i < p->nitems; i++) {
    int prod = p->item_producer[i], begin = p->item_first[i], end = p->item_first[i + 1];
    double d01 = es_problem_item_cost(p, i, 0, 1), d10 = es_problem_item_cost(p, i, 1, 0);
    d01 = isinf(d01) ? big : d01, d10 = isinf(d10) ? big : d10;
    if (end - begin == 1) {
      if (d01 > 0 || d10 > 0)
        add_arc(b, prod, p->item_reader[begin], d01, d10);
      continue;
    }
    if (d01 > 0) {
      int a = aux++;
      add_arc(b, prod, a, d01, 0);
      for (int k = begin; k < end; k++)
        add_arc(b, a, p->item_reader[k], big, 0);
    }
    if (d10 > 0) {
      int c = aux++;
      add_arc(b, c, prod, d10, 0);
      for (int k = begin; k < end; k++)
        add_arc(b, p->item_reader[k], c, big, 0);
    }
  }
  return aux;
}

static void net_free(Net *g) {
  es_bigbuf_free(&g->arc_buf), es_bigbuf_free(&g->node_buf);
  free(g->orphan);
}

static int net_build(const EsProblem *p, Net *g, double big) {
  size_t most = (size_t)p->ntasks + 2 * (size_t)p->nitems + 1; /* nodes, at most */
  Builder b = {g, calloc(most + 1, sizeof(int)), false};
  if (!b.at)
    return ES_ENOMEM;
  g->n = item_arcs(p, &b, big);
  for (int u = 0; u < g->n; u++)
    b.at[u + 1] += b.at[u];
  g->m = b.at[g->n];
  g->arc = es_bigbuf_alloc(&g->arc_buf, (size_t)g->m + 1, sizeof *g->arc);
  g->node = es_bigbuf_alloc(&g->node_buf, (size_t)g->n + 1, sizeof *g->node);
  g->orphan = malloc(((size_t)g->n + 1) * sizeof *g->orphan);
  if (!g->arc || !g->node || !g->orphan) {
    free(b.at);
    return ES_ENOMEM;
  }
  for (int u = 0; u <= g->n; u++)
    g->node[u] = (Node){0, b.at[u], FREE, -1, 0, 0, false};
  b.fill = true;
  item_arcs(p, &b, big);
  free(b.at);
  task_terminals(p, g, big);
  return ES_OK;
}

/* ---- Boykov-Kolmogorov ---- */

static bool has_room(const Net *g, double cap) { return cap > g->eps; }

static void set_active(Net *g, int u) {
  if (g->node[u].next >= 0)
    return;
  if (g->active_tail >= 0)
    g->node[g->active_tail].next = u;
  else
    g->active_head = u;
  g->active_tail = u;
  g->node[u].next = u;
}

/* The next active node still in a tree, or -1. */
static int next_active(Net *g) {
  while (g->active_head >= 0) {
    int u = g->active_head;
    Node *x = &g->node[u];
    g->active_head = x->next == u ? -1 : x->next;
    if (g->active_head < 0)
      g->active_tail = -1;
    x->next = -1;
    if (x->parent != FREE)
      return u;
  }
  return -1;
}

static void orphan_front(Net *g, int u) {
  g->node[u].parent = ORPHAN;
  g->orphan_head = (g->orphan_head + g->n - 1) % g->n;
  g->orphan[g->orphan_head] = u;
  g->orphan_len++;
}

static void orphan_rear(Net *g, int u) {
  g->node[u].parent = ORPHAN;
  g->orphan[(g->orphan_head + g->orphan_len++) % g->n] = u;
}

static void start_trees(Net *g) {
  g->active_head = g->active_tail = -1;
  for (int u = 0; u < g->n; u++) {
    Node *x = &g->node[u];
    if (has_room(g, x->tr) || has_room(g, -x->tr)) {
      x->sink = x->tr < 0;
      x->parent = TERMINAL;
      x->ts = 0, x->dist = 1;
      set_active(g, u);
    }
  }
}

/* Grows u's tree by one step: returns an arc from the source tree to the
 * sink tree, or -1 when u has no neighbour in the other tree. */
static int grow(Net *g, int u) {
  Node *x = &g->node[u];
  for (int a = g->node[u].first; a < g->node[u + 1].first; a++) {
    const Arc *e = &g->arc[a];
    /* Residual from the source side towards the sink side. */
    if (!has_room(g, x->sink ? g->arc[e->sister].rcap : e->rcap))
      continue;
    Node *y = &g->node[e->head];
    if (y->parent == FREE) {
      y->sink = x->sink, y->parent = e->sister;
      y->ts = x->ts, y->dist = x->dist + 1;
      set_active(g, e->head);
    } else if (y->sink != x->sink) {
      return x->sink ? e->sister : a;
    } else if (y->ts <= x->ts && y->dist > x->dist) { /* a shorter way to the terminal */
      y->parent = e->sister;
      y->ts = x->ts, y->dist = x->dist + 1;
    }
  }
  return -1;
}

/* Bottleneck of the path from the terminal through the tree to u. */
static double tree_bottleneck(const Net *g, int u, bool sink, double b) {
  for (;;) {
    const Node *x = &g->node[u];
    if (x->parent == TERMINAL)
      return fmin(b, sink ? -x->tr : x->tr);
    const Arc *e = &g->arc[x->parent];
    b = fmin(b, sink ? e->rcap : g->arc[e->sister].rcap);
    u = e->head;
  }
}

/* Pushes b along the tree path of u; saturated links make orphans. */
static void tree_push(Net *g, int u, bool sink, double b) {
  for (;;) {
    Node *x = &g->node[u];
    if (x->parent == TERMINAL) {
      x->tr += sink ? b : -b;
      if (!has_room(g, sink ? -x->tr : x->tr))
        orphan_front(g, u);
      return;
    }
    Arc *e = &g->arc[x->parent], *r = &g->arc[e->sister];
    /* Flow goes parent -> u in the source tree, u -> parent in the sink tree. */
    Arc *fwd = sink ? e : r, *bwd = sink ? r : e;
    fwd->rcap -= b, bwd->rcap += b;
    int up = e->head;
    if (!has_room(g, fwd->rcap))
      orphan_front(g, u);
    u = up;
  }
}

static double augment(Net *g, int mid) {
  Arc *e = &g->arc[mid], *r = &g->arc[e->sister];
  int from = r->head, to = e->head;
  double b = tree_bottleneck(g, from, false, e->rcap);
  b = tree_bottleneck(g, to, true, b);
  e->rcap -= b, r->rcap += b;
  tree_push(g, from, false, b);
  tree_push(g, to, true, b);
  return b;
}

/* Length of the tree path from v to its terminal, or -1 when the path
 * reaches an orphan; marks the path with the current time. */
static int origin_distance(Net *g, int v) {
  int d = 0, w = v;
  for (;;) {
    Node *y = &g->node[w];
    if (y->ts == g->time) {
      d += y->dist;
      break;
    }
    d++;
    if (y->parent == TERMINAL) {
      y->ts = g->time, y->dist = 1;
      break;
    }
    if (y->parent == ORPHAN)
      return -1;
    w = g->arc[y->parent].head;
  }
  for (int k = d, w2 = v; g->node[w2].ts != g->time; w2 = g->arc[g->node[w2].parent].head, k--)
    g->node[w2].ts = g->time, g->node[w2].dist = k;
  return d;
}

/* An orphan of either tree takes the neighbour of its tree closest to the
 * terminal as its parent, or leaves the tree, orphaning its children and
 * waking the neighbours that may grow into it again. */
static void adopt(Net *g, int u) {
  Node *x = &g->node[u];
  int best = -1, best_d = 0;
  for (int a = g->node[u].first; a < g->node[u + 1].first; a++) {
    const Arc *e = &g->arc[a];
    const Node *y = &g->node[e->head];
    /* The arc from the would-be parent towards u must have room. */
    if (y->sink != x->sink || y->parent == FREE ||
        !has_room(g, x->sink ? e->rcap : g->arc[e->sister].rcap))
      continue;
    int d = origin_distance(g, e->head);
    if (d >= 0 && (best < 0 || d < best_d))
      best = a, best_d = d;
  }
  if (best >= 0) {
    x->parent = best, x->ts = g->time, x->dist = best_d + 1;
    return;
  }
  x->parent = FREE;
  for (int a = g->node[u].first; a < g->node[u + 1].first; a++) {
    const Arc *e = &g->arc[a];
    Node *y = &g->node[e->head];
    if (y->sink != x->sink || y->parent == FREE)
      continue;
    if (has_room(g, x->sink ? e->rcap : g->arc[e->sister].rcap))
      set_active(g, e->head);
    if (y->parent >= 0 && g->arc[y->parent].head == u)
      orphan_rear(g, e->head);
  }
}

/* When no node is active, the source tree is the set of nodes reachable
 * from s through open residual arcs (each of its tree paths is open, and a
 * node with an open arc to a node outside was grown from, or woken when that
 * node left): the side of the cut that runs on device 0. */
static bool in_source_tree(const Net *g, int v) {
  return g->node[v].parent != FREE && !g->node[v].sink;
}

static double max_flow(Net *g) {
  double flow = 0;
  start_trees(g);
  for (int u = -1;;) {
    if (u < 0 || g->node[u].parent == FREE)
      if ((u = next_active(g)) < 0)
        break;
    int mid = grow(g, u);
    g->time++;
    if (mid < 0) {
      u = -1;
      continue;
    }
    flow += augment(g, mid);
    while (g->orphan_len > 0) {
      int v = g->orphan[g->orphan_head];
      g->orphan_head = (g->orphan_head + 1) % g->n, g->orphan_len--;
      adopt(g, v);
    }
    /* u may have more paths: it stays current while it is in a tree. */
  }
  return flow;
}

/* Total of every finite cost: a capacity no minimum cut can afford. */
static double forbidden_capacity(const EsProblem *p) {
  double sum = 1;
  for (long k = 0; k < (long)p->ntasks * p->nlabels; k++)
    if (!isinf(p->value[p->objective][k]))
      sum += p->value[p->objective][k];
  for (int i = 0; i < p->nitems; i++)
    for (int a = 0; a < p->ndevices; a++)
      for (int b = 0; b < p->ndevices; b++) {
        double c = es_problem_item_cost(p, i, a, b);
        sum += isinf(c) ? 0 : c * (p->item_first[i + 1] - p->item_first[i]);
      }
  return 4 * sum;
}

int es_mincut(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  if (p->ndevices > 2)
    return es_error_set(err, ES_ESHAPE, NULL, 0, 0,
                        "mincut handles two devices; this problem has %d (use ilp)", p->ndevices);
  if (p->ndevices == 1) {
    for (int v = 0; v < p->ntasks; v++)
      if ((out->label[v] = cheapest_on(p, v, 0)) < 0)
        return es_error_set(err, ES_EINFEAS, NULL, 0, 0, "task %d can run nowhere", v);
    return ES_OK;
  }
  double big = forbidden_capacity(p);
  Net g = {0};
  g.eps = big * 1e-15;
  int rc = net_build(p, &g, big);
  if (rc) {
    rc = es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
    goto out;
  }
  double flow = max_flow(&g);
  for (int v = 0; v < p->ntasks; v++) {
    out->label[v] = cheapest_on(p, v, in_source_tree(&g, v) ? 0 : 1);
    if (out->label[v] < 0 || flow >= big) {
      rc = es_error_set(err, ES_EINFEAS, NULL, 0, 0, "no feasible assignment");
      goto out;
    }
  }
out:
  net_free(&g);
  return rc;
}
