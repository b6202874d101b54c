/* STG, the Standard Task Graph set (Kasahara lab):
 *
 *   stg   = count { task } [ "#" comment ... ]
 *   task  = id cost npred { pred }
 *
 * count excludes the dummy entry (task 0) and exit (task count + 1), which
 * the file lists with cost 0. Numbers are separated by white space; a word
 * starting with '#' ends the graph (the set puts its notes there). Counts,
 * ids and predecessors are integers, costs finite numbers >= 0. STG has no
 * communication costs: edges carry no transfer. Tasks are named t<id>.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "scheduler/io/importer.h"
#include "scheduler/io/textfile.h"
#include "scheduler/io/textlex.h"

/* The next word; false (with the error reported) when the graph ended or
 * the word is not an integer in [0, max] (a finite number >= 0 when max is
 * negative). */
static bool number(Lexer *l, long max, const char *what, double *out) {
  lex_next(l);
  bool end = l->tok.kind == LEX_EOF || (l->tok.kind == LEX_WORD && l->tok.text[0] == '#');
  long n = 0;
  bool ok = !end && (max < 0 ? lex_double(&l->tok, out) && *out >= 0 : lex_int(&l->tok, max, &n));
  if (ok && max >= 0)
    *out = (double)n;
  if (!ok) {
    char tok[64];
    lex_error(l, "STG: expected %s, found %s", what,
              end ? "the end of the graph" : lex_describe(l, tok, sizeof tok));
  }
  return ok;
}

static int read_task(Lexer *l, const EsImportOptions *opt, EsGraph *g, int i) {
  double id, cost, npred, pred;
  char what[64];
  snprintf(what, sizeof what, "the id of task %d", i);
  if (!number(l, INT_MAX, what, &id))
    return ES_EINVAL;
  if (id != i)
    return lex_error(l, "STG: expected task %d here, not task %.0f", i, id);
  LexToken at = l->tok;
  if (!number(l, -1, "a cost (a finite number >= 0)", &cost) ||
      !number(l, i, "the number of predecessors (at most the tasks before)", &npred))
    return ES_EINVAL;
  char name[24];
  snprintf(name, sizeof name, "t%d", i);
  int v = es_import_task(g, opt, name, cost);
  if (v != i)
    return es_error_set(l->err, ES_ENOMEM, l->file, 0, 0, "out of memory");
  g->tasks[v].mark = (EsMark){at.line, at.col};
  for (int k = 0; k < (int)npred; k++) {
    if (!number(l, i - 1, "a predecessor (an earlier task)", &pred))
      return ES_EINVAL;
    int e = es_graph_add_edge(g, (int)pred, i, NULL);
    if (e < 0)
      return es_error_set(l->err, ES_ENOMEM, l->file, 0, 0, "out of memory");
    g->edges[e].time = 0; /* a timed graph without transfers */
    g->edges[e].mark = (EsMark){l->tok.line, l->tok.col};
  }
  return ES_OK;
}

static int read_stg(const char *path, const EsImportOptions *opt, EsGraph *g, EsError *err) {
  char *buf;
  size_t len;
  int rc = es_textfile_read(path, &buf, &len, err);
  if (rc)
    return rc;
  Lexer l;
  lex_init(&l, buf, len, path, false, err);
  double n;
  if (!number(&l, INT_MAX - 2, "the task count (an integer from 0 to 2147483645)", &n))
    rc = ES_EINVAL;
  for (int i = 0; !rc && i < (int)n + 2; i++)
    rc = read_task(&l, opt, g, i);
  free(buf);
  return rc;
}

const EsImporter es_importer_stg = {ES_IMPORT_STG, {".stg"}, read_stg};
