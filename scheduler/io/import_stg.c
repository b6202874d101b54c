/* STG, the Standard Task Graph set (Kasahara lab):
 *
 *   stg   = count { task } [ "#" comment ... ]
 *   task  = id cost npred { pred }
 *
 * count excludes the dummy entry (task 0) and exit (task count + 1), which
 * the file lists with cost 0. Numbers are separated by white space; a line
 * starting with '#' ends the graph (the set puts its notes there). STG has
 * no communication costs: edges carry no transfer. Tasks are named t<id>.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/io/importer.h"

typedef struct Lexer {
  FILE *f;
  const char *path;
  int line;
  bool ended; /* reached a '#' line or the end */
} Lexer;

/* The next number; false at the end or on a word that is not a number. */
static bool next_number(Lexer *lx, double *out, EsError *err) {
  int c;
  do {
    c = getc(lx->f);
    if (c == '\n')
      lx->line++;
  } while (c == ' ' || c == '\t' || c == '\r' || c == '\n');
  if (c == EOF || c == '#') {
    lx->ended = true;
    return false;
  }
  char buf[64];
  int n = 0;
  while (c != EOF && !strchr(" \t\r\n", c) && n < 63)
    buf[n++] = (char)c, c = getc(lx->f);
  if (c == '\n')
    ungetc(c, lx->f);
  buf[n] = '\0';
  char *end;
  *out = strtod(buf, &end);
  if (*end || n == 0) {
    es_error_set(err, ES_EINVAL, lx->path, lx->line, 0, "STG: '%s' is not a number", buf);
    return false;
  }
  return true;
}

static int read_tasks(Lexer *lx, const EsImportOptions *opt, EsGraph *g, int n, EsError *err) {
  for (int i = 0; i < n + 2; i++) {
    double id, cost, npred;
    if (!next_number(lx, &id, err) || !next_number(lx, &cost, err) || !next_number(lx, &npred, err))
      return err && err->code ? err->code
                              : es_error_set(err, ES_EINVAL, lx->path, lx->line, 0,
                                             "STG: expected %d tasks, found %d", n + 2, i);
    if ((int)id != i || cost < 0 || npred < 0)
      return es_error_set(err, ES_EINVAL, lx->path, lx->line, 0,
                          "STG: task %d: expected id %d, a cost >= 0 and a predecessor count", i,
                          i);
    char name[24];
    snprintf(name, sizeof name, "t%d", i);
    if (es_import_task(g, opt, name, cost) != i)
      return es_error_set(err, ES_ENOMEM, lx->path, 0, 0, "out of memory");
    for (int k = 0; k < (int)npred; k++) {
      double pred;
      if (!next_number(lx, &pred, err))
        return es_error_set(err, ES_EINVAL, lx->path, lx->line, 0,
                            "STG: task %d lists fewer predecessors than %d", i, (int)npred);
      if (pred < 0 || pred >= i)
        return es_error_set(err, ES_EINVAL, lx->path, lx->line, 0,
                            "STG: task %d: predecessor %g is not an earlier task", i, pred);
      int e = es_graph_add_edge(g, (int)pred, i, NULL);
      if (e < 0)
        return es_error_set(err, ES_ENOMEM, lx->path, 0, 0, "out of memory");
      g->edges[e].time = 0; /* a timed graph without transfers */
    }
  }
  return ES_OK;
}

static int read_stg(const char *path, const EsImportOptions *opt, EsGraph *g, EsError *err) {
  Lexer lx = {fopen(path, "r"), path, 1, false};
  if (!lx.f)
    return es_error_set(err, ES_EIO, path, 0, 0, "cannot open '%s'", path);
  double n;
  int rc;
  if (!next_number(&lx, &n, err) || n < 0)
    rc = es_error_set(err, ES_EINVAL, path, lx.line, 0, "STG: expected the task count");
  else
    rc = read_tasks(&lx, opt, g, (int)n, err);
  fclose(lx.f);
  return rc;
}

const EsImporter es_importer_stg = {ES_IMPORT_STG, {".stg"}, read_stg};
