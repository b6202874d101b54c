/* Task graph generators (gen.h). */
#include "scheduler/gen/gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "scheduler/base/rng.h"

static int value(EsGraph *g, int t, bool time, const char *dev, int level, double v) {
  int d = es_graph_device(g, dev);
  return d < 0 ? ES_ENOMEM : es_graph_add_value(g, t, time, d, level, v, (EsMark){0, 0});
}

static int task(EsGraph *g, const char *name, const char *pin, double cpu, double gpu) {
  int t = es_graph_add_task(g, name);
  if (t < 0)
    return -1;
  if (pin)
    g->tasks[t].pin = es_graph_device(g, pin);
  if (value(g, t, false, "cpu", -1, cpu) || value(g, t, false, "gpu", -1, gpu))
    return -1;
  return t;
}

static int edge(EsGraph *g, int from, int to, double cost) {
  int e = es_graph_add_edge(g, from, to, NULL);
  if (e < 0)
    return -1;
  g->edges[e].cost = cost;
  return e;
}

EsGraph *es_gen_fig3(void) {
  EsGraph *g = es_graph_new();
  if (!g)
    return NULL;
  g->name = es_graph_intern(g, "fig3");
  int ab = task(g, "in_ab", "cpu", 0, 0), c = task(g, "in_c", "cpu", 0, 0);
  int mul = task(g, "mul", NULL, 40, 45), add = task(g, "add", NULL, 35, 10);
  if (ab < 0 || c < 0 || mul < 0 || add < 0 || edge(g, ab, mul, 10) < 0 ||
      edge(g, c, add, 0) < 0 || edge(g, mul, add, 20) < 0) {
    es_graph_free(g);
    return NULL;
  }
  return g;
}

EsGraph *es_gen_chain(double k) {
  EsGraph *g = es_graph_new();
  if (!g)
    return NULL;
  g->name = es_graph_intern(g, "chain");
  int a = task(g, "A", NULL, 1, k), b = task(g, "B", NULL, 2, 1), c = task(g, "C", NULL, k, 1);
  if (a < 0 || b < 0 || c < 0 || edge(g, a, b, k) < 0 || edge(g, b, c, 1) < 0) {
    es_graph_free(g);
    return NULL;
  }
  return g;
}

static const char *device_name(int d, char buf[16]) {
  if (d == 0)
    return "cpu";
  if (d == 1)
    return "gpu";
  snprintf(buf, 16, "gpu%d", d);
  return buf;
}

static int random_task(EsGraph *g, EsRng *r, const EsGenOptions *o, int i) {
  char name[32], dev[16];
  snprintf(name, sizeof name, "t%d", i);
  int t = es_graph_add_task(g, name);
  if (t < 0)
    return -1;
  if (o->pinned > 0 && es_rng_uniform(r) < o->pinned)
    g->tasks[t].pin = es_graph_device(g, "cpu");
  double cpu = es_rng_lognormal(r, 1e-3, 2.0, 1e-5, 0.7);
  for (int d = 0; d < o->ndevices; d++) {
    if (d > 0 && o->missing > 0 && es_rng_uniform(r) < o->missing)
      continue;
    const char *dn = device_name(d, dev);
    if (o->costs == ES_GEN_PHYSICAL) {
      double speedup = d == 0 ? 1 : es_rng_lognormal(r, 0.7, 1.5, 0.02, 115);
      if (value(g, t, true, dn, -1, cpu / speedup))
        return -1;
      continue;
    }
    for (int k = 0; k < o->nlevels; k++)
      if (value(g, t, false, dn, o->nlevels > 1 ? k : -1, (double)es_rng_range(r, 0, 100)))
        return -1;
  }
  return t;
}

static int random_edge(EsGraph *g, EsRng *r, const EsGenOptions *o, int from, int to,
                       const char *data) {
  int e = es_graph_add_edge(g, from, to, data);
  if (e < 0)
    return -1;
  if (o->costs == ES_GEN_PHYSICAL) {
    g->edges[e].bytes = round(es_rng_lognormal(r, 65536, 3.0, 16, 1.6e9));
    if (o->empty > 0 && es_rng_uniform(r) < o->empty)
      g->edges[e].bytes = 0;
  } else
    g->edges[e].cost = (double)es_rng_range(r, 0, 50);
  return e;
}

EsGraph *es_gen_tree(const EsGenOptions *o) {
  EsGraph *g = es_graph_new();
  EsRng r;
  es_rng_seed(&r, o->seed);
  if (!g)
    return NULL;
  for (int i = 0; i < o->ntasks; i++)
    if (random_task(g, &r, o, i) < 0)
      goto fail;
  for (int i = 1; i < o->ntasks; i++) {
    int j = (int)es_rng_range(&r, 0, i - 1);
    bool up = !o->mixed_directions || es_rng_uniform(&r) < 0.5;
    if (random_edge(g, &r, o, up ? i : j, up ? j : i, NULL) < 0)
      goto fail;
  }
  return g;
fail:
  es_graph_free(g);
  return NULL;
}

EsGraph *es_gen_dag(const EsGenOptions *o) {
  EsGraph *g = es_graph_new();
  int *shared_edge = calloc((size_t)o->ntasks + 1, sizeof(int)); /* first shared edge + 1 */
  EsRng r;
  es_rng_seed(&r, o->seed);
  if (!g || !shared_edge)
    goto fail;
  for (int i = 0; i < o->ntasks; i++)
    if (random_task(g, &r, o, i) < 0)
      goto fail;
  /* Each producer's outputs: either one shared item or one item per edge. */
  for (int i = 1; i < o->ntasks; i++) {
    int parents = (int)es_rng_range(&r, 1, o->max_parents > 0 ? o->max_parents : 2);
    for (int k = 0; k < parents; k++) {
      int j = (int)es_rng_range(&r, 0, i - 1);
      bool shared = es_rng_uniform(&r) < o->shared;
      char data[32];
      snprintf(data, sizeof data, "out_t%d", j);
      int e = random_edge(g, &r, o, j, i, shared ? data : NULL);
      if (e < 0)
        goto fail;
      if (!shared)
        continue;
      /* Edges naming one item must agree on its size: reuse the first's. */
      if (shared_edge[j]) {
        g->edges[e].bytes = g->edges[shared_edge[j] - 1].bytes;
        g->edges[e].cost = g->edges[shared_edge[j] - 1].cost;
      } else
        shared_edge[j] = e + 1;
    }
  }
  free(shared_edge);
  return g;
fail:
  free(shared_edge);
  es_graph_free(g);
  return NULL;
}

EsPlatform *es_gen_platform(int ndevices, int nlevels) {
  EsPlatform *base = es_platform_preset("silberstein2011");
  EsPlatform *p = es_platform_new("generated");
  if (!base || !p)
    goto fail;
  for (int d = 0; d < ndevices; d++) {
    const EsDevice *src = &base->devices[d == 0 ? 0 : 1];
    EsLevel levels[16];
    int n = nlevels < 16 ? nlevels : 16;
    for (int k = 0; k < n; k++) {
      double scale = pow(0.8, k);
      levels[k] = (EsLevel){src->levels[0].freq * scale, src->levels[0].power * pow(scale, 3), 0};
    }
    char buf[16];
    if (es_platform_add_device(p, device_name(d, buf), d == 0 ? "cpu" : "gpu", levels, n,
                               src->idle_power) < 0)
      goto fail;
  }
  /* Asymmetric, as PCIe often is (read-backs slower than uploads), and so
   * that tests which use this platform see the direction of a transfer. */
  for (int a = 0; a < ndevices; a++)
    for (int b = a + 1; b < ndevices; b++)
      if (es_platform_add_link(p, a, b, 1e9, 1e-5, 140, 0) ||
          es_platform_add_link(p, b, a, 0.75e9, 1.5e-5, 140, 0))
        goto fail;
  es_platform_free(base);
  return p;
fail:
  es_platform_free(base);
  es_platform_free(p);
  return NULL;
}
