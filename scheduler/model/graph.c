/* Task graph construction, topological order, shape and fingerprint. */
#include "scheduler/model/graph.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"

EsGraph *es_graph_new(void) { return calloc(1, sizeof(EsGraph)); }

void es_graph_free(EsGraph *g) {
  if (!g)
    return;
  free(g->tasks);
  free(g->edges);
  free(g->values);
  free(g->device_names);
  free(g->deferred);
  es_strmap_free(&g->task_index);
  es_arena_free(&g->arena);
  free(g);
}

void es_graph_clear(EsGraph *g) {
  g->ntasks = g->nedges = g->nvalues = g->ndeferred = 0;
  es_strmap_free(&g->task_index);
  g->index_dropped = false;
}

const char *es_graph_intern(EsGraph *g, const char *s) { return es_arena_strdup(&g->arena, s); }

int es_graph_find_device(const EsGraph *g, const char *name) {
  for (int i = 0; i < g->ndevices; i++)
    if (strcmp(g->device_names[i], name) == 0)
      return i;
  return -1;
}

int es_graph_device(EsGraph *g, const char *name) {
  int d = es_graph_find_device(g, name);
  if (d >= 0)
    return d;
  const char *copy = es_graph_intern(g, name);
  if (!copy ||
      es_vec_reserve(&g->device_names, &g->devices_cap, g->ndevices + 1, sizeof *g->device_names))
    return -1;
  g->device_names[g->ndevices] = copy;
  return g->ndevices++;
}

int es_graph_add_task(EsGraph *g, const char *name) {
  const char *copy = name ? es_graph_intern(g, name) : NULL;
  if ((name && !copy) || es_vec_reserve(&g->tasks, &g->tasks_cap, g->ntasks + 1, sizeof *g->tasks))
    return -1;
  EsTask *t = &g->tasks[g->ntasks];
  memset(t, 0, sizeof *t);
  t->name = copy;
  t->pin = -1;
  t->cost_begin = t->time_begin = g->nvalues;
  if (copy && es_graph_find_task(g, copy) < 0 && es_strmap_put(&g->task_index, copy, g->ntasks))
    return -1;
  return g->ntasks++;
}

void es_graph_drop_index(EsGraph *g) {
  es_strmap_free(&g->task_index);
  g->index_dropped = true;
}

/* The first task of each name, as es_graph_add_task indexed them. */
static bool rebuild_index(EsGraph *g) {
  for (int i = 0; i < g->ntasks; i++) {
    const char *name = g->tasks[i].name;
    if (name && es_strmap_get(&g->task_index, name) < 0 && es_strmap_put(&g->task_index, name, i)) {
      es_strmap_free(&g->task_index);
      return false;
    }
  }
  g->index_dropped = false;
  return true;
}

int es_graph_find_task(EsGraph *g, const char *name) {
  if (g->index_dropped && !rebuild_index(g)) { /* out of memory: a scan is as exact */
    for (int i = 0; i < g->ntasks; i++)
      if (g->tasks[i].name && strcmp(g->tasks[i].name, name) == 0)
        return i;
    return -1;
  }
  return es_strmap_get(&g->task_index, name);
}

void es_graph_prefetch_task(const EsGraph *g, const char *name) {
  if (name && !g->index_dropped)
    es_strmap_prefetch(&g->task_index, name);
}

int es_graph_add_value(EsGraph *g, int t, bool is_time, int device, int level, double value,
                       EsMark mark) {
  if (es_vec_reserve(&g->values, &g->values_cap, g->nvalues + 1, sizeof *g->values))
    return ES_ENOMEM;
  EsTask *task = &g->tasks[t];
  int *begin = is_time ? &task->time_begin : &task->cost_begin;
  int *len = is_time ? &task->time_len : &task->cost_len;
  if (*len == 0)
    *begin = g->nvalues;
  /* Values of one list must be contiguous: callers add a task's cost list and
   * time list one after the other. */
  if (*begin + *len != g->nvalues)
    return ES_EINVAL;
  g->values[g->nvalues++] = (EsDeviceValue){device, level, value, mark};
  (*len)++;
  return ES_OK;
}

int es_graph_add_edge(EsGraph *g, int from, int to, const char *data) {
  if (es_vec_reserve(&g->edges, &g->edges_cap, g->nedges + 1, sizeof *g->edges))
    return -1;
  const char *copy = data ? es_graph_intern(g, data) : NULL;
  if (data && !copy)
    return -1;
  g->edges[g->nedges] = (EsEdge){.from = from,
                                 .to = to,
                                 .kind = ES_EDGE_DATA,
                                 .data = copy,
                                 .bytes = -1,
                                 .cost = NAN,
                                 .time = NAN};
  return g->nedges++;
}

const char *es_task_key(const EsTask *t) { return t->key ? t->key : t->name; }

/* Compressed adjacency (CSR) of outgoing edges: succ[first[v] .. first[v+1]). */
typedef struct Adjacency {
  int *first, *edge;
} Adjacency;

static int adjacency_build(const EsGraph *g, Adjacency *a) {
  a->first = calloc((size_t)g->ntasks + 1, sizeof *a->first);
  a->edge = malloc(((size_t)g->nedges + 1) * sizeof *a->edge);
  if (!a->first || !a->edge)
    return ES_ENOMEM;
  for (int e = 0; e < g->nedges; e++)
    a->first[g->edges[e].from + 1]++;
  for (int v = 0; v < g->ntasks; v++)
    a->first[v + 1] += a->first[v];
  int *fill = malloc(((size_t)g->ntasks + 1) * sizeof *fill);
  if (!fill)
    return ES_ENOMEM;
  memcpy(fill, a->first, ((size_t)g->ntasks + 1) * sizeof *fill);
  for (int e = 0; e < g->nedges; e++)
    a->edge[fill[g->edges[e].from]++] = e;
  free(fill);
  return ES_OK;
}

static void adjacency_free(Adjacency *a) {
  free(a->first);
  free(a->edge);
}

/* Describes a cycle among the tasks Kahn's algorithm could not order. Each
 * of them has a predecessor among them (its count of unordered incoming
 * edges is not 0), so walking from one to such a predecessor, again and
 * again, repeats a task: the walk from there is a cycle, backwards. (A walk
 * forwards could start below a cycle, at a task without unordered
 * successors.) */
static int report_cycle(const EsGraph *g, const int *indeg, EsError *err) {
  int n = g->ntasks, *seen = calloc((size_t)n + 1, sizeof *seen);
  int *path = malloc(((size_t)n + 1) * sizeof *path);
  int *via = malloc(((size_t)n + 1) * sizeof *via);   /* edge into path[i] from path[i + 1] */
  int *into = malloc(((size_t)n + 1) * sizeof *into); /* an unordered edge into each task */
  if (!seen || !path || !via || !into) {
    free(seen), free(path), free(via), free(into);
    return es_error_set(err, ES_ENOMEM, g->file, 0, 0, "out of memory");
  }
  for (int e = 0; e < g->nedges; e++)
    if (indeg[g->edges[e].from] > 0)
      into[g->edges[e].to] = e;
  int len = 0, v = 0;
  while (indeg[v] == 0)
    v++;
  while (!seen[v]) {
    seen[v] = len + 1;
    path[len] = v;
    via[len++] = into[v];
    v = g->edges[into[v]].from;
  }
  /* path[first .. len) is the cycle backwards, path[first] = v: print it
   * forwards from v, at the edge that leaves v. */
  char text[400] = "";
  int first = seen[v] - 1;
  size_t used = (size_t)snprintf(text, sizeof text, "%s -> ", g->tasks[v].name);
  for (int i = len - 1; i > first && used < sizeof text - 80; i--)
    used += (size_t)snprintf(text + used, sizeof text - used, "%s -> ", g->tasks[path[i]].name);
  snprintf(text + used, sizeof text - used, "%s", g->tasks[v].name);
  const EsEdge *e = &g->edges[via[len - 1]];
  int rc = es_error_set(err, ES_ECYCLE, g->file, e->mark.line, e->mark.col, "dependency cycle: %s",
                        text);
  free(seen), free(path), free(via), free(into);
  return rc;
}

int es_graph_topo_order(const EsGraph *g, int *order, EsError *err) {
  Adjacency a = {0};
  int *indeg = calloc((size_t)g->ntasks + 1, sizeof *indeg);
  int rc = adjacency_build(g, &a);
  if (rc || !indeg) {
    rc = es_error_set(err, ES_ENOMEM, g->file, 0, 0, "out of memory");
    goto out;
  }
  for (int e = 0; e < g->nedges; e++)
    indeg[g->edges[e].to]++;
  int head = 0, tail = 0;
  for (int v = 0; v < g->ntasks; v++)
    if (indeg[v] == 0)
      order[tail++] = v;
  while (head < tail) {
    int v = order[head++];
    for (int i = a.first[v]; i < a.first[v + 1]; i++)
      if (--indeg[g->edges[a.edge[i]].to] == 0)
        order[tail++] = g->edges[a.edge[i]].to;
  }
  if (tail < g->ntasks)
    rc = report_cycle(g, indeg, err);
out:
  adjacency_free(&a);
  free(indeg);
  return rc;
}

int es_graph_check_acyclic(const EsGraph *g, EsError *err) {
  /* Around a cycle some edge runs to a lower index, and every task on it has
   * an incoming edge: when each edge to a lower index leaves a task without
   * incoming edges, there is none. One pass over the edges (a large graph's
   * do not fit in the cache) marks the tasks fed and those such edges leave;
   * one over the marks compares them. */
  enum { FED = 1, LEAVES_DOWN = 2 };
  unsigned char *mark = calloc((size_t)g->ntasks + 1, 1);
  bool proven = mark != NULL;
  for (int e = 0; proven && e < g->nedges; e++) {
    const EsEdge *ed = &g->edges[e];
    mark[ed->to] |= FED;
    mark[ed->from] |= ed->from < ed->to ? 0 : LEAVES_DOWN;
  }
  for (int v = 0; proven && v < g->ntasks; v++)
    proven = mark[v] != (FED | LEAVES_DOWN);
  free(mark);
  if (proven)
    return ES_OK;
  int *order = malloc(((size_t)g->ntasks + 1) * sizeof *order);
  int rc = order ? es_graph_topo_order(g, order, err)
                 : es_error_set(err, ES_ENOMEM, g->file, 0, 0, "out of memory");
  free(order);
  return rc;
}

static int find_root(int *parent, int v) {
  while (parent[v] != v) {
    parent[v] = parent[parent[v]];
    v = parent[v];
  }
  return v;
}

typedef struct Pair {
  int lo, hi, from;
} Pair;

static int pair_cmp(const void *a, const void *b) {
  const Pair *x = a, *y = b;
  if (x->lo != y->lo)
    return x->lo < y->lo ? -1 : 1;
  return (x->hi > y->hi) - (x->hi < y->hi);
}

/* Shape over distinct task pairs: parallel edges between two tasks (a data
 * edge beside an order edge, two items) do not make a cycle. */
EsGraphShape es_graph_shape(const EsGraph *g) {
  if (g->ntasks == 0)
    return ES_SHAPE_EMPTY;
  Pair *pairs = malloc(((size_t)g->nedges + 1) * sizeof *pairs);
  int *parent = malloc((size_t)g->ntasks * sizeof *parent);
  int *indeg = calloc((size_t)g->ntasks, sizeof *indeg);
  int *outdeg = calloc((size_t)g->ntasks, sizeof *outdeg);
  EsGraphShape shape = ES_SHAPE_DAG;
  if (!pairs || !parent || !indeg || !outdeg)
    goto out;
  for (int e = 0; e < g->nedges; e++) {
    int a = g->edges[e].from, b = g->edges[e].to;
    pairs[e] = (Pair){a < b ? a : b, a < b ? b : a, a};
  }
  qsort(pairs, (size_t)g->nedges, sizeof *pairs, pair_cmp);
  for (int v = 0; v < g->ntasks; v++)
    parent[v] = v;
  int components = g->ntasks;
  bool acyclic = true, in_tree = true, out_tree = true;
  for (int i = 0; i < g->nedges; i++) {
    if (i > 0 && pairs[i].lo == pairs[i - 1].lo && pairs[i].hi == pairs[i - 1].hi)
      continue;
    int from = pairs[i].from, to = pairs[i].lo == from ? pairs[i].hi : pairs[i].lo;
    if (++outdeg[from] > 1)
      in_tree = false;
    if (++indeg[to] > 1)
      out_tree = false;
    int ra = find_root(parent, pairs[i].lo), rb = find_root(parent, pairs[i].hi);
    if (ra == rb)
      acyclic = false;
    else {
      parent[ra] = rb;
      components--;
    }
  }
  if (!acyclic)
    shape = ES_SHAPE_DAG;
  else if (components > 1)
    shape = ES_SHAPE_FOREST;
  else if (in_tree)
    shape = ES_SHAPE_IN_TREE;
  else if (out_tree)
    shape = ES_SHAPE_OUT_TREE;
  else
    shape = ES_SHAPE_TREE;
out:
  free(pairs), free(parent), free(indeg), free(outdeg);
  return shape;
}

const char *es_graph_shape_name(EsGraphShape s) {
  switch (s) {
  case ES_SHAPE_EMPTY: return "empty";
  case ES_SHAPE_IN_TREE: return "in-tree";
  case ES_SHAPE_OUT_TREE: return "out-tree";
  case ES_SHAPE_TREE: return "tree";
  case ES_SHAPE_FOREST: return "forest";
  case ES_SHAPE_DAG: return "dag";
  }
  return "?";
}

static uint64_t hash_str(uint64_t h, const char *s) {
  s = s ? s : "";
  return es_fnv1a(h, s, strlen(s) + 1);
}

void es_graph_compute_fingerprint(const EsGraph *g, char buf[17]) {
  uint64_t h = ES_FNV_OFFSET;
  for (int i = 0; i < g->ntasks; i++) {
    h = hash_str(h, g->tasks[i].name);
    h = hash_str(h, es_task_key(&g->tasks[i]));
  }
  for (int e = 0; e < g->nedges; e++) {
    const EsEdge *ed = &g->edges[e];
    int ends[3] = {ed->from, ed->to, (int)ed->kind};
    h = es_fnv1a(h, ends, sizeof ends);
    h = hash_str(h, ed->data);
  }
  snprintf(buf, 17, "%016llx", (unsigned long long)h);
}

int es_graph_list_push(EsGraphList *l, EsGraph *g) {
  if (es_vec_reserve(&l->v, &l->cap, l->len + 1, sizeof *l->v))
    return ES_ENOMEM;
  l->v[l->len++] = g;
  return ES_OK;
}

void es_graph_list_free(EsGraphList *l) {
  for (int i = 0; i < l->len; i++)
    es_graph_free(l->v[i]);
  free(l->v);
  l->v = NULL;
  l->len = l->cap = 0;
}
