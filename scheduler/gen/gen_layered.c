/* Random layered DAGs with timed costs (gen.h, es_gen_layered), and the
 * cost model every timed generator shares (Topcuoglu et al. 2002, Sec. 5.1;
 * the dissertation's n, alpha, out-degree, CCR, beta, Sec. 4.1; EASEF's n,
 * CCR, lambda, Sec. 5.1):
 *
 *   w(v)    uniform in [0, 2 w_DAG]            (w_DAG when uniform)
 *   w(v, k) uniform in [w(v)(1 - beta/2), w(v)(1 + beta/2)]
 *   c(e)    uniform in [0, 2 CCR w_DAG]         (CCR w_DAG when uniform)
 *
 * Times are rounded to 0.01 so files stay readable and exact.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "scheduler/gen/gen.h"
#include "scheduler/base/rng.h"

static double round2(double x) { return round(x * 100) / 100; }

int es_gen_timed_task(EsGraph *g, EsRng *r, const EsGenTimed *c, const char *name) {
  int t = es_graph_add_task(g, name);
  if (t < 0)
    return -1;
  double mean = c->uniform ? c->mean_comp : 2 * c->mean_comp * es_rng_uniform(r);
  for (int k = 0; k < c->nprocs; k++) {
    char dev[16];
    snprintf(dev, sizeof dev, "p%d", k);
    double w = mean * (1 + c->beta * (es_rng_uniform(r) - 0.5));
    int d = es_graph_device(g, dev);
    if (d < 0 || es_graph_add_value(g, t, true, d, -1, round2(w > 0.01 ? w : 0.01), (EsMark){0, 0}))
      return -1;
  }
  return t;
}

int es_gen_timed_edge(EsGraph *g, EsRng *r, const EsGenTimed *c, int from, int to) {
  int e = es_graph_add_edge(g, from, to, NULL);
  if (e < 0)
    return -1;
  double mean = c->ccr * c->mean_comp;
  g->edges[e].time = round2(c->uniform ? mean : 2 * mean * es_rng_uniform(r));
  return e;
}

static long uniform_mean(EsRng *r, double mean) {
  long hi = (long)floor(2 * mean - 1 + 0.5);
  return hi <= 1 ? 1 : es_rng_range(r, 1, hi);
}

/* Levels: level[i] for task i; tasks sorted by level. Returns the depth. */
static int draw_levels(EsRng *r, const EsGenLayered *o, int *level) {
  int n = o->ntasks;
  int depth = (int)uniform_mean(r, sqrt((double)n) / (o->shape > 0 ? o->shape : 1));
  depth = depth > n ? n : depth;
  int *count = calloc((size_t)depth + 1, sizeof *count);
  if (!count)
    return -1;
  for (int l = 0; l < depth; l++)
    count[l] = 1;
  for (int i = depth; i < n; i++)
    count[es_rng_range(r, 0, depth - 1)]++;
  for (int l = 0, i = 0; l < depth; l++)
    for (int k = 0; k < count[l]; k++)
      level[i++] = l;
  free(count);
  return depth;
}

/* First task index of each level, [depth + 1]. */
static void level_starts(const int *level, int n, int depth, int *start) {
  for (int l = 0, i = 0; l <= depth; l++) {
    while (i < n && level[i] < l)
      i++;
    start[l] = i;
  }
}

static int connect(EsGraph *g, EsRng *r, const EsGenLayered *o, const int *level, const int *start,
                   int depth) {
  int n = o->ntasks;
  bool *has_parent = calloc((size_t)n + 1, sizeof *has_parent);
  bool *linked = calloc((size_t)n + 1, sizeof *linked);
  int *children = malloc(((size_t)n + 1) * sizeof *children); /* of task i, to unmark */
  if (!has_parent || !linked || !children)
    goto fail;
  for (int i = 0; i < n; i++) {
    int l = level[i];
    if (l + 1 >= depth)
      continue;
    int later = n - start[l + 1], next = start[l + 2] - start[l + 1];
    long deg = uniform_mean(r, o->out_degree), k = 0;
    deg = deg > later ? later : deg;
    for (long tries = 0; k < deg && tries < 8 * deg + 8; tries++) {
      bool near = es_rng_uniform(r) < 0.7;
      int c = near ? start[l + 1] + (int)es_rng_range(r, 0, next - 1)
                   : start[l + 1] + (int)es_rng_range(r, 0, later - 1);
      if (linked[c])
        continue;
      linked[c] = has_parent[c] = true, children[k++] = c;
      if (es_gen_timed_edge(g, r, &o->costs, i, c) < 0)
        goto fail;
    }
    while (k > 0)
      linked[children[--k]] = false;
  }
  for (int c = start[1 < depth ? 1 : depth]; c < n; c++) {
    int l = level[c];
    if (has_parent[c] || l == 0)
      continue;
    int pl = start[l - 1], pn = start[l] - start[l - 1];
    if (es_gen_timed_edge(g, r, &o->costs, pl + (int)es_rng_range(r, 0, pn - 1), c) < 0)
      goto fail;
  }
  free(has_parent), free(linked), free(children);
  return 0;
fail:
  free(has_parent), free(linked), free(children);
  return -1;
}

EsGraph *es_gen_layered(const EsGenLayered *o) {
  EsGraph *g = es_graph_new();
  int n = o->ntasks;
  int *level = malloc(((size_t)n + 1) * sizeof *level);
  int *start = NULL;
  EsRng r;
  es_rng_seed(&r, o->costs.seed);
  if (!g || !level)
    goto fail;
  int depth = draw_levels(&r, o, level);
  start = malloc(((size_t)depth + 2) * sizeof *start);
  if (depth < 0 || !start)
    goto fail;
  level_starts(level, n, depth, start);
  start[depth + 1] = n;
  for (int i = 0; i < n; i++) {
    char name[24];
    snprintf(name, sizeof name, "t%d", i);
    if (es_gen_timed_task(g, &r, &o->costs, name) < 0)
      goto fail;
  }
  if (connect(g, &r, o, level, start, depth))
    goto fail;
  free(level), free(start);
  return g;
fail:
  free(level), free(start);
  es_graph_free(g);
  return NULL;
}
