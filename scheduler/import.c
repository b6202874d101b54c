/* Dispatch by format and the helpers the importers share (import.h). */
#include "scheduler/import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && strcmp(s + n - k, suffix) == 0;
}

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

int es_import(const char *path, const EsImportOptions *opt, EsGraph **out, EsError *err) {
  EsImportFormat f = opt->format;
  if (f == ES_IMPORT_AUTO)
    f = ends_with(path, ".stg")                              ? ES_IMPORT_STG
        : ends_with(path, ".xml") || ends_with(path, ".dax") ? ES_IMPORT_DAX
        : ends_with(path, ".json")                           ? ES_IMPORT_WFCOMMONS
                                                             : ES_IMPORT_AUTO;
  if (f == ES_IMPORT_AUTO)
    return es_error_set(err, ES_EINVAL, path, 0, 0,
                        "cannot tell the format from the name; use --format stg|dax|wfcommons");
  EsGraph *g = es_graph_new();
  if (!g)
    return es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
  g->file = es_graph_intern(g, path);
  int rc = f == ES_IMPORT_STG   ? es_import_stg(path, opt, g, err)
           : f == ES_IMPORT_DAX ? es_import_dax(path, opt, g, err)
                                : es_import_wfcommons(path, opt, g, err);
  int *order = rc ? NULL : malloc(((size_t)g->ntasks + 1) * sizeof *order);
  if (!rc)
    rc = order ? es_graph_topo_order(g, order, err) : ES_ENOMEM;
  free(order);
  if (rc) {
    es_graph_free(g);
    return rc;
  }
  *out = g;
  return ES_OK;
}
