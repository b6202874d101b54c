/* The task graph of a sum-product tree (sumproduct.h). */
#include <stdio.h>
#include <stdlib.h>

#include "scheduler/sumproduct/sumproduct.h"

static int edge(EsGraph *g, int from, int to, double entries) {
  int e = es_graph_add_edge(g, from, to, NULL);
  if (e >= 0)
    g->edges[e].bytes = ES_SP_ENTRY_BYTES * entries;
  return e;
}

static int pinned(EsGraph *g, const char *name, EsTaskKind kind, int cpu) {
  int v = es_graph_add_task(g, name);
  if (v >= 0) {
    g->tasks[v].kind = kind;
    g->tasks[v].pin = cpu;
  }
  return v;
}

/* Times keep 4 significant digits: neither the model nor a measurement is
 * better, and the graph file stays readable. */
static double round4(double x) {
  char buf[32];
  snprintf(buf, sizeof buf, "%.4g", x);
  return strtod(buf, NULL);
}

/* Tasks 0..ntasks-1 are the eliminations, in the tree's order. */
static bool eliminations(EsGraph *g, const EsElimTree *t, const double *cpu, const double *gpu,
                         int dcpu, int dgpu) {
  EsMark none = {0, 0};
  for (int i = 0; i < t->ntasks; i++) {
    char name[300];
    snprintf(name, sizeof name, "elim_%s", t->net->vars[t->tasks[i].var].name);
    int v = es_graph_add_task(g, name);
    if (v < 0 || es_graph_add_value(g, v, true, dcpu, -1, round4(cpu[i]), none) ||
        es_graph_add_value(g, v, true, dgpu, -1, round4(gpu[i]), none))
      return false;
  }
  for (int i = 0; i < t->ntasks; i++)
    if (t->tasks[i].parent >= 0 && edge(g, i, t->tasks[i].parent, t->tasks[i].out_entries) < 0)
      return false;
  return true;
}

static bool inputs(EsGraph *g, const EsElimTree *t, int dcpu) {
  for (int f = 0; f < t->nfactors; f++) {
    if (t->factor_task[f] < 0)
      continue;
    char name[300];
    snprintf(name, sizeof name, "in_%s", t->net->factors[f].name);
    int v = pinned(g, name, ES_TASK_INPUT, dcpu);
    if (v < 0 || edge(g, v, t->factor_task[f], (double)t->factors[f].size) < 0)
      return false;
  }
  return true;
}

EsGraph *es_sp_graph(const EsElimTree *t, const char *name, const double *cpu, const double *gpu) {
  EsGraph *g = es_graph_new();
  if (!g)
    return NULL;
  int dcpu = es_graph_device(g, "cpu"), dgpu = es_graph_device(g, "gpu");
  bool ok = dcpu >= 0 && dgpu >= 0 && (g->name = es_graph_intern(g, name)) &&
            eliminations(g, t, cpu, gpu, dcpu, dgpu) && inputs(g, t, dcpu);
  int result = ok ? pinned(g, "result", ES_TASK_HOST, dcpu) : -1;
  ok = result >= 0;
  for (int i = 0; ok && i < t->ntasks; i++)
    if (t->tasks[i].parent < 0)
      ok = edge(g, i, result, 1) >= 0;
  if (!ok) {
    es_graph_free(g);
    return NULL;
  }
  return g;
}
