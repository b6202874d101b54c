/* Evidence files (network.h): the UAI .evid format, with names allowed
 * where indices are expected so that BIF networks can be observed too.
 *
 *   evidence = [ "1" ] count { var value }     exactly count pairs
 *
 * The optional leading "1" is the sample count of the older UAI form; which
 * form a file uses follows from its number of tokens.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/sumproduct/network.h"
#include "scheduler/io/textfile.h"
#include "scheduler/io/textlex.h"

/* A variable by index or name; -1 after reporting. */
static int variable(Lexer *l, const EsNetwork *n, const LexToken *t) {
  long v;
  if (lex_int(t, n->nvars - 1, &v))
    return (int)v;
  char name[256];
  if (t->kind == LEX_WORD && t->len < (int)sizeof name) {
    memcpy(name, t->text, (size_t)t->len);
    name[t->len] = '\0';
    int found = es_network_find_var(n, name);
    if (found >= 0)
      return found;
  }
  lex_error_at(l, t, "'%.*s' is not a variable of the network (an index 0 to %d or a name)",
               t->len < 60 ? t->len : 60, t->text, n->nvars - 1);
  return -1;
}

/* A value of variable v by index or name; -1 after reporting. */
static int value(Lexer *l, const EsNetwork *n, int v, const LexToken *t) {
  long x;
  if (lex_int(t, n->vars[v].card - 1, &x))
    return (int)x;
  int found = es_network_find_value(n, v, t->text, (size_t)t->len);
  if (found < 0)
    lex_error_at(l, t, "'%.*s' is not a value of variable '%s' (an index 0 to %d%s)",
                 t->len < 60 ? t->len : 60, t->text, n->vars[v].name, n->vars[v].card - 1,
                 n->vars[v].values ? " or a name" : "");
  return found;
}

/* All tokens of the file (words only). */
static int tokens(Lexer *l, LexToken **out, long *count) {
  long cap = 64;
  *count = 0;
  *out = malloc(sizeof(LexToken) * (size_t)cap);
  while (*out && lex_next(l) == LEX_WORD) {
    if (*count == cap) {
      LexToken *grown = realloc(*out, sizeof(LexToken) * (size_t)(cap *= 2));
      if (!grown)
        break;
      *out = grown;
    }
    (*out)[(*count)++] = l->tok;
  }
  if (!*out || l->tok.kind == LEX_WORD)
    return es_error_set(l->err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  if (l->tok.kind != LEX_EOF) {
    char tok[64];
    return lex_error(l, "expected a number or a name, found %s", lex_describe(l, tok, sizeof tok));
  }
  return ES_OK;
}

/* Where the pairs start (1 or 2), or -1 after reporting. */
static long first_pair(Lexer *l, const LexToken *t, long count) {
  long a, b;
  if (count == 0)
    return es_error_set(l->err, ES_EINVAL, l->file, 1, 1,
                        "empty evidence file (expected the number of observed variables)"),
           -1;
  if (!lex_int(&t[0], 1 << 30, &a))
    return lex_error_at(l, &t[0], "expected the number of observed variables"), -1;
  if (count == 1 + 2 * a)
    return 1;
  if (a == 1 && count >= 2 && lex_int(&t[1], 1 << 30, &b) && count == 2 + 2 * b)
    return 2;
  lex_error_at(l, &t[0],
               "expected %ld (variable, value) pairs after the count, found %ld "
               "tokens",
               a, count - 1);
  return -1;
}

static int observe(Lexer *l, EsNetwork *n, const LexToken *t, long count, long start) {
  int rc = ES_OK;
  for (long i = start; i + 1 < count; i += 2) {
    int v = variable(l, n, &t[i]);
    int x = v >= 0 ? value(l, n, v, &t[i + 1]) : -1;
    if (v < 0 || x < 0) {
      rc = ES_EINVAL;
      continue;
    }
    if (n->vars[v].observed >= 0 && n->vars[v].observed != x) {
      rc = lex_error_at(l, &t[i], "variable '%s' is observed twice with different values",
                        n->vars[v].name);
      continue;
    }
    n->vars[v].observed = x;
  }
  return rc;
}

int es_network_read_evidence_buffer(EsNetwork *n, const char *buf, size_t len, const char *name,
                                    EsError *err) {
  Lexer l;
  lex_init(&l, buf, len, name, false, err);
  LexToken *t = NULL;
  long count, start;
  int rc = tokens(&l, &t, &count);
  if (!rc && (start = first_pair(&l, t, count)) < 0)
    rc = ES_EINVAL;
  if (!rc)
    rc = observe(&l, n, t, count, start);
  free(t);
  return rc;
}

int es_network_read_evidence(EsNetwork *n, const char *path, EsError *err) {
  char *buf;
  size_t len;
  int rc = es_textfile_read(path, &buf, &len, err);
  if (rc)
    return rc;
  rc = es_network_read_evidence_buffer(n, buf, len, path, err);
  free(buf);
  return rc;
}
