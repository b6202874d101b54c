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
 * becomes the edges p -> r and r -> p directly. Every term is a submodular
 * pairwise or "any-of" penalty, so the minimum cut is the minimum energy.
 * Max flow by Dinic's algorithm with an explicit stack (no recursion), so a
 * chain of a million tasks does not overflow. Capacities are doubles;
 * residuals below a relative epsilon count as saturated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/model/solution.h"
#include "scheduler/exact/exact.h"

typedef struct Net {
  int n, m, cap_m; /* nodes, arcs (each with its reverse) */
  int *from, *to;
  double *cap;
  int *first, *arc; /* CSR of outgoing arcs per node */
  int *level, *it;
  double eps;
} Net;

static int add_arc(Net *g, int u, int v, double c) {
  if (g->m + 2 > g->cap_m) {
    int cap = g->cap_m ? g->cap_m * 2 : 1024;
    int *f = realloc(g->from, sizeof(int) * (size_t)cap);
    if (f)
      g->from = f;
    int *t = realloc(g->to, sizeof(int) * (size_t)cap);
    if (t)
      g->to = t;
    double *k = realloc(g->cap, sizeof(double) * (size_t)cap);
    if (k)
      g->cap = k;
    if (!f || !t || !k)
      return ES_ENOMEM;
    g->cap_m = cap;
  }
  /* Arc 2j is u -> v, arc 2j+1 its reverse: arc ^ 1 is the partner. */
  g->from[g->m] = u, g->to[g->m] = v, g->cap[g->m++] = c;
  g->from[g->m] = v, g->to[g->m] = u, g->cap[g->m++] = 0;
  return ES_OK;
}

static int finish_csr(Net *g) {
  g->first = calloc((size_t)g->n + 2, sizeof(int));
  g->arc = malloc(((size_t)g->m + 1) * sizeof(int));
  g->level = malloc(((size_t)g->n + 1) * sizeof(int));
  g->it = malloc(((size_t)g->n + 1) * sizeof(int));
  if (!g->first || !g->arc || !g->level || !g->it)
    return ES_ENOMEM;
  for (int a = 0; a < g->m; a++)
    g->first[g->from[a] + 2]++;
  for (int u = 0; u < g->n; u++)
    g->first[u + 2] += g->first[u + 1];
  for (int a = 0; a < g->m; a++)
    g->arc[g->first[g->from[a] + 1]++] = a;
  return ES_OK;
}

static void net_free(Net *g) {
  free(g->from), free(g->to), free(g->cap), free(g->first), free(g->arc);
  free(g->level), free(g->it);
}

static bool bfs_levels(Net *g, int s, int t, int *queue) {
  for (int u = 0; u < g->n; u++)
    g->level[u] = -1;
  int head = 0, tail = 0;
  g->level[s] = 0;
  queue[tail++] = s;
  while (head < tail) {
    int u = queue[head++];
    for (int k = g->first[u]; k < g->first[u + 1]; k++) {
      int a = g->arc[k], v = g->to[a];
      if (g->level[v] < 0 && g->cap[a] > g->eps) {
        g->level[v] = g->level[u] + 1;
        queue[tail++] = v;
      }
    }
  }
  return g->level[t] >= 0;
}

/* One blocking flow of Dinic's phase; stack holds the arcs of the current
 * path from s. */
static double blocking_flow(Net *g, int s, int t, int *stack) {
  double total = 0;
  int depth = 0, u = s;
  for (int v = 0; v < g->n; v++)
    g->it[v] = g->first[v];
  for (;;) {
    if (u == t) {
      double push = INFINITY;
      int cut = 0;
      for (int i = 0; i < depth; i++)
        if (g->cap[stack[i]] < push)
          push = g->cap[stack[i]], cut = i;
      for (int i = 0; i < depth; i++) {
        g->cap[stack[i]] -= push;
        g->cap[stack[i] ^ 1] += push;
      }
      total += push;
      depth = cut; /* resume from the tail of the first saturated arc */
      u = depth ? g->to[stack[depth - 1]] : s;
      continue;
    }
    int k;
    for (k = g->it[u]; k < g->first[u + 1]; k++) {
      int a = g->arc[k];
      if (g->cap[a] > g->eps && g->level[g->to[a]] == g->level[u] + 1)
        break;
    }
    g->it[u] = k;
    if (k < g->first[u + 1]) {
      stack[depth++] = g->arc[k];
      u = g->to[g->arc[k]];
    } else {
      if (u == s)
        break;
      g->level[u] = -1; /* dead end for this phase */
      depth--;
      u = depth ? g->to[stack[depth - 1]] : s;
      g->it[u]++;
    }
  }
  return total;
}

/* The cheapest label of v on device d, or -1. */
static int cheapest_on(const EsProblem *p, int v, int d) {
  int best = -1;
  for (int l = 0; l < p->nlabels; l++)
    if (p->label_device[l] == d && !isinf(es_problem_task_cost(p, v, l)) &&
        (best < 0 || es_problem_task_cost(p, v, l) < es_problem_task_cost(p, v, best)))
      best = l;
  return best;
}

static int build_network(const EsProblem *p, Net *g, double big, int s, int t) {
  int rc = ES_OK;
  for (int v = 0; v < p->ntasks && !rc; v++) {
    int l0 = cheapest_on(p, v, 0), l1 = cheapest_on(p, v, 1);
    double c0 = l0 >= 0 ? es_problem_task_cost(p, v, l0) : big;
    double c1 = l1 >= 0 ? es_problem_task_cost(p, v, l1) : big;
    double base = c0 < c1 ? c0 : c1;
    if (c1 - base > 0)
      rc = add_arc(g, s, v, c1 - base);
    if (!rc && c0 - base > 0)
      rc = add_arc(g, v, t, c0 - base);
  }
  int aux = p->ntasks + 2;
  for (int i = 0; i < p->nitems && !rc; i++) {
    int prod = p->item_producer[i];
    double d01 = es_problem_item_cost(p, i, 0, 1), d10 = es_problem_item_cost(p, i, 1, 0);
    d01 = isinf(d01) ? big : d01, d10 = isinf(d10) ? big : d10;
    int nread = p->item_first[i + 1] - p->item_first[i];
    if (nread == 1) {
      int r = p->item_reader[p->item_first[i]];
      if (d01 > 0)
        rc = add_arc(g, prod, r, d01);
      if (!rc && d10 > 0)
        rc = add_arc(g, r, prod, d10);
      continue;
    }
    if (d01 > 0) {
      int a = aux++;
      rc = add_arc(g, prod, a, d01);
      for (int k = p->item_first[i]; k < p->item_first[i + 1] && !rc; k++)
        rc = add_arc(g, a, p->item_reader[k], big);
    }
    if (!rc && d10 > 0) {
      int b = aux++;
      rc = add_arc(g, b, prod, d10);
      for (int k = p->item_first[i]; k < p->item_first[i + 1] && !rc; k++)
        rc = add_arc(g, p->item_reader[k], b, big);
    }
  }
  g->n = aux;
  return rc;
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
                        "mincut handles two devices; this problem has %d (use ilp)",
                        p->ndevices);
  if (p->ndevices == 1) {
    for (int v = 0; v < p->ntasks; v++)
      if ((out->label[v] = cheapest_on(p, v, 0)) < 0)
        return es_error_set(err, ES_EINFEAS, NULL, 0, 0, "task %d can run nowhere", v);
    return ES_OK;
  }
  double big = forbidden_capacity(p);
  Net g = {0};
  int s = p->ntasks, t = p->ntasks + 1;
  int *queue = NULL, *stack = NULL;
  int rc = build_network(p, &g, big, s, t);
  if (!rc)
    rc = finish_csr(&g);
  queue = malloc(((size_t)g.n + 1) * sizeof(int));
  stack = malloc(((size_t)g.n + 1) * sizeof(int));
  if (rc || !queue || !stack) {
    rc = es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
    goto out;
  }
  g.eps = big * 1e-15;
  double flow = 0;
  while (bfs_levels(&g, s, t, queue))
    flow += blocking_flow(&g, s, t, stack);
  /* After the last phase, level[v] >= 0 marks the source side. */
  for (int v = 0; v < p->ntasks; v++) {
    int d = g.level[v] >= 0 ? 0 : 1;
    out->label[v] = cheapest_on(p, v, d);
    if (out->label[v] < 0 || flow >= big) {
      rc = es_error_set(err, ES_EINFEAS, NULL, 0, 0, "no feasible assignment");
      goto out;
    }
  }
  rc = ES_OK;
out:
  net_free(&g);
  free(queue), free(stack);
  return rc;
}
