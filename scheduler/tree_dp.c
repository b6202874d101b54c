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
 * A data item read by several tasks is charged here once per reader (the
 * paper's Eq. 1), while problem.h's model moves it once per device: the two
 * agree whenever no item is shared, which es_algorithm_default checks before
 * choosing tree-dp.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/algorithms.h"

typedef struct Forest {
  int *adj_first, *adj; /* undirected incidences per task (incidence ids) */
  int *inc_item;        /* incidence -> item */
  int *order;           /* BFS order, roots first */
  int *parent;          /* -1 for roots */
  double *up_w;         /* summed item weight on the pair (v, parent) */
  int *up_n;            /* number of items of positive weight on it */
  unsigned char *up_from_child; /* data flows v -> parent (v produces) */
} Forest;

static void forest_free(Forest *f) {
  free(f->adj_first), free(f->adj), free(f->inc_item), free(f->order), free(f->parent);
  free(f->up_w), free(f->up_n), free(f->up_from_child);
}

static int build_adjacency(const EsProblem *p, Forest *f) {
  int ninc = p->item_first[p->nitems];
  int n = p->ntasks;
  f->adj_first = calloc((size_t)n + 2, sizeof(int));
  f->adj = malloc(((size_t)ninc * 2 + 1) * sizeof(int));
  f->inc_item = malloc(((size_t)ninc + 1) * sizeof(int));
  if (!f->adj_first || !f->adj || !f->inc_item)
    return ES_ENOMEM;
  for (int i = 0; i < p->nitems; i++)
    for (int k = p->item_first[i]; k < p->item_first[i + 1]; k++) {
      f->inc_item[k] = i;
      f->adj_first[p->item_producer[i] + 2]++;
      f->adj_first[p->item_reader[k] + 2]++;
    }
  for (int v = 0; v < n; v++)
    f->adj_first[v + 2] += f->adj_first[v + 1];
  /* adj_first[v + 1] is the fill pointer of v; it ends as v's end. */
  for (int k = 0; k < ninc; k++) {
    f->adj[f->adj_first[p->item_producer[f->inc_item[k]] + 1]++] = k;
    f->adj[f->adj_first[p->item_reader[k] + 1]++] = k;
  }
  return ES_OK;
}

/* BFS over every component. An incidence is counted from the parent's side
 * only; a visited neighbour that is neither parent nor child closes a cycle. */
static int build_forest(const EsProblem *p, Forest *f, const EsObjective obj, EsError *err) {
  int n = p->ntasks;
  f->order = malloc(((size_t)n + 1) * sizeof(int));
  f->parent = malloc(((size_t)n + 1) * sizeof(int));
  f->up_w = calloc((size_t)n + 1, sizeof(double));
  f->up_n = calloc((size_t)n + 1, sizeof(int));
  f->up_from_child = calloc((size_t)n + 1, 1);
  if (!f->order || !f->parent || !f->up_w || !f->up_n || !f->up_from_child)
    return ES_ENOMEM;
  for (int v = 0; v < n; v++)
    f->parent[v] = -2; /* unvisited */
  int tail = 0;
  for (int root = 0; root < n; root++) {
    if (f->parent[root] != -2)
      continue;
    f->parent[root] = -1;
    int head = tail;
    f->order[tail++] = root;
    while (head < tail) {
      int v = f->order[head++];
      for (int a = f->adj_first[v]; a < f->adj_first[v + 1]; a++) {
        int k = f->adj[a], item = f->inc_item[k];
        int prod = p->item_producer[item], reader = p->item_reader[k];
        int u = prod == v ? reader : prod;
        if (u == f->parent[v])
          continue;
        if (f->parent[u] == -2) {
          f->parent[u] = v;
          f->order[tail++] = u;
          f->up_from_child[u] = prod == u;
        } else if (f->parent[u] != v) {
          return es_error_set(err, ES_ESHAPE, NULL, 0, 0,
                              "tree-dp needs a task tree or forest, but the data dependencies "
                              "form an undirected cycle; use --algo mincut or ilp");
        }
        double w = p->item_weight[obj][item];
        f->up_w[u] += w;
        f->up_n[u] += w > 0;
      }
    }
  }
  return ES_OK;
}

int es_tree_dp(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  const int n = p->ntasks, nd = p->ndevices, nl = p->nlabels;
  const EsObjective obj = p->objective;
  Forest f = {0};
  double *acc = calloc((size_t)n * (size_t)nd + 1, sizeof(double));
  int *choice = malloc(((size_t)n * (size_t)nd + 1) * sizeof(int));
  int *dev_first = malloc(((size_t)nd + 1) * sizeof(int));
  double *best = malloc(((size_t)nd + 1) * sizeof(double));
  int *arg = malloc(((size_t)nd + 1) * sizeof(int));
  int rc = ES_ENOMEM;
  if (!acc || !choice || !dev_first || !best || !arg || build_adjacency(p, &f))
    goto out;
  if ((rc = build_forest(p, &f, obj, err)))
    goto out;
  /* Labels are grouped by device (problem.c builds them so). */
  for (int d = 0, l = 0; d <= nd; d++) {
    dev_first[d] = l;
    while (d < nd && l < nl && p->label_device[l] == d)
      l++;
  }
  const double *cost = p->value[obj];
  const double *unit = p->xfer_unit[obj], *fixed = p->xfer_fixed[obj];
  for (int i = n - 1; i >= 0; i--) {
    int v = f.order[i];
    /* S_v[d]: the best label of v on d with its children's subtrees. */
    for (int d = 0; d < nd; d++) {
      best[d] = INFINITY, arg[d] = dev_first[d];
      for (int l = dev_first[d]; l < dev_first[d + 1]; l++) {
        double c = cost[(long)v * nl + l] + acc[(long)v * nd + d];
        if (c < best[d])
          best[d] = c, arg[d] = l;
      }
    }
    int up = f.parent[v];
    if (up < 0) {
      int bd = 0;
      for (int d = 1; d < nd; d++)
        if (best[d] < best[bd])
          bd = d;
      if (isinf(best[bd]))
        goto infeasible;
      out->label[v] = arg[bd];
      continue;
    }
    /* B_v[e] for every device e of the parent. */
    for (int e = 0; e < nd; e++) {
      double b = INFINITY;
      int bl = arg[0];
      for (int d = 0; d < nd; d++) {
        double x = 0;
        if (d != e && f.up_n[v] > 0) {
          int k = f.up_from_child[v] ? d * nd + e : e * nd + d;
          x = unit[k] * f.up_w[v] + fixed[k] * f.up_n[v];
        }
        if (best[d] + x < b)
          b = best[d] + x, bl = arg[d];
      }
      choice[(long)v * nd + e] = bl;
      acc[(long)up * nd + e] += b;
    }
  }
  for (int i = 0; i < n; i++) {
    int v = f.order[i];
    if (f.parent[v] >= 0)
      out->label[v] = choice[(long)v * nd + p->label_device[out->label[f.parent[v]]]];
  }
  if (p->has_shared)
    snprintf(out->note, sizeof out->note,
             "tree-dp charged shared data items once per reader (Eq. 1); the cost reported "
             "moves each once per device");
  rc = ES_OK;
  goto out;
infeasible:
  rc = es_error_set(err, ES_EINFEAS, NULL, 0, 0, "no feasible assignment (every choice of "
                                                 "some task is forbidden or unreachable)");
out:
  forest_free(&f);
  free(acc), free(choice), free(dev_first), free(best), free(arg);
  return rc;
}
