/* The graph-building steps every importer shares (importer.h). */
#include "scheduler/io/importer.h"

#include <stdio.h>

int es_import_task(EsGraph *g, const EsImportOptions *opt, const char *name, double t) {
  int v = es_graph_add_task(g, name);
  int n = opt->nprocs > 0 ? opt->nprocs : 1;
  for (int k = 0; v >= 0 && k < n; k++) {
    char dev[16];
    snprintf(dev, sizeof dev, "p%d", k);
    int d = es_graph_device(g, dev);
    if (d < 0 || es_graph_add_value(g, v, true, d, -1, t, (EsMark){0, 0}))
      return -1;
  }
  return v;
}

int es_import_edge(EsGraph *g, const EsImportOptions *opt, int from, int to, double bytes) {
  int e = es_graph_add_edge(g, from, to, NULL);
  if (e < 0)
    return -1;
  if (opt->bandwidth > 0)
    g->edges[e].time = bytes / opt->bandwidth;
  else
    g->edges[e].bytes = bytes;
  return e;
}
