/* Importing: the table of formats and the dispatch by format (import.h). */
#include "scheduler/io/import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/io/import_reader.h"

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* The readers, by format and by the endings of file names. */
typedef int (*Reader)(const char *path, const EsImportOptions *opt, EsGraph *g, EsError *err);
static const struct {
  EsImportFormat format;
  const char *endings[3];
  Reader read;
} formats[] = {
    {ES_IMPORT_STG, {".stg"}, es_import_stg},
    {ES_IMPORT_DAX, {".xml", ".dax"}, es_import_dax},
    {ES_IMPORT_WFCOMMONS, {".json"}, es_import_wfcommons},
};
enum { NFORMATS = sizeof formats / sizeof formats[0] };

/* The entry of format f, or by the name's ending when f is AUTO; -1 if none. */
static int format_index(EsImportFormat f, const char *path) {
  for (int i = 0; i < NFORMATS; i++) {
    if (formats[i].format == f)
      return i;
    for (int k = 0; f == ES_IMPORT_AUTO && k < 3 && formats[i].endings[k]; k++)
      if (ends_with(path, formats[i].endings[k]))
        return i;
  }
  return -1;
}

int es_import(const char *path, const EsImportOptions *opt, EsGraph **out, EsError *err) {
  int fi = format_index(opt->format, path);
  if (fi < 0)
    return es_error_set(err, ES_EINVAL, path, 0, 0,
                        "cannot tell the format from the name; use --format stg|dax|wfcommons");
  EsGraph *g = es_graph_new();
  if (!g)
    return es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
  g->file = es_graph_intern(g, path);
  int rc = formats[fi].read(path, opt, g, err);
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
