/* Importing: the table of formats and the dispatch by format (import.h). */
#include "scheduler/io/import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/io/importer.h"

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* The importers' table, in the order the endings are tried. */
static const EsImporter *const importers[] = {&es_importer_stg, &es_importer_dax,
                                               &es_importer_wfcommons};
enum { NIMPORTERS = sizeof importers / sizeof importers[0] };

/* The importer of format f, or by the name's ending when f is AUTO. */
static const EsImporter *importer_for(EsImportFormat f, const char *path) {
  for (int i = 0; i < NIMPORTERS; i++) {
    if (importers[i]->format == f)
      return importers[i];
    for (int k = 0; f == ES_IMPORT_AUTO && k < 3 && importers[i]->endings[k]; k++)
      if (ends_with(path, importers[i]->endings[k]))
        return importers[i];
  }
  return NULL;
}

int es_import(const char *path, const EsImportOptions *opt, EsGraph **out, EsError *err) {
  const EsImporter *im = importer_for(opt->format, path);
  if (!im)
    return es_error_set(err, ES_EINVAL, path, 0, 0,
                        "cannot tell the format from the name; use --format stg|dax|wfcommons");
  EsGraph *g = es_graph_new();
  if (!g)
    return es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
  g->file = es_graph_intern(g, path);
  int rc = im->read(path, opt, g, err);
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
