/* The UAI reader (network.h): the format of the UAI inference competitions,
 * and its evidence files. A network file is
 *
 *   uai     = ("MARKOV" | "BAYES") N card{N} F scope{F} table{F}
 *   scope   = k var{k}               variables 0-based
 *   table   = n number{n}            n = product of the scope's cards,
 *                                    row-major: the last variable fastest
 *
 * Numbers are separated by any white space; line breaks carry no meaning.
 * For BAYES files the last variable of each scope is the table's child.
 * The format is positional, so the reader stops at the first error (there is
 * nothing to resynchronize on), except that it checks every evidence pair.
 *
 * Tables are allocated when their scopes are read, before their numbers: a
 * scope is refused when the tables declared so far need more numbers than
 * the rest of the file can hold (one byte and a separator each) and more
 * than FREE_NUMBERS (so that a truncated file still gets the error of its
 * first wrong number): a small file cannot make the reader allocate
 * gigabytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/sumproduct/network.h"
#include "scheduler/io/textfile.h"
#include "scheduler/io/textlex.h"

enum { MAX_VARS = 1 << 24, MAX_CARD = 1 << 20, MAX_SCOPE = 64, FREE_NUMBERS = 1 << 16 };

static int bad(Lexer *l, const char *what) {
  char tok[64];
  return lex_error(l, "expected %s, found %s", what, lex_describe(l, tok, sizeof tok));
}

/* The next word as an integer in [lo, max]. */
static int integer(Lexer *l, long lo, long max, const char *what, long *out) {
  lex_next(l);
  if (!lex_int(&l->tok, max, out) || *out < lo)
    return bad(l, what);
  return ES_OK;
}

static int header(Lexer *l, EsNetwork *n) {
  lex_next(l);
  if (lex_is_word(l, "BAYES"))
    n->bayesian = true;
  else if (!lex_is_word(l, "MARKOV"))
    return bad(l, "'MARKOV' or 'BAYES'");
  long nvars;
  int rc = integer(l, 1, MAX_VARS, "the number of variables", &nvars);
  for (long v = 0; !rc && v < nvars; v++) {
    long card;
    if ((rc = integer(l, 1, MAX_CARD, "a variable's cardinality (a positive integer)", &card)))
      break;
    char name[32];
    snprintf(name, sizeof name, "x%ld", v);
    EsMark mark = {l->tok.line, l->tok.col};
    if (es_network_add_var(n, name, (int)card, mark) < 0)
      rc = es_error_set(l->err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  }
  return rc;
}

/* scope = k var{k}; creates factor i with a zeroed table. *numbers counts
 * the numbers the tables declared so far need (each its count and entries). */
static int scope(Lexer *l, EsNetwork *n, int i, double *numbers) {
  long k;
  int rc = integer(l, 0, MAX_SCOPE, "the number of variables of a factor (at most 64)", &k);
  EsMark mark = {l->tok.line, l->tok.col};
  int vars[MAX_SCOPE];
  for (long j = 0; !rc && j < k; j++) {
    long v;
    if ((rc = integer(l, 0, n->nvars - 1, "a variable index (0 to N-1)", &v)))
      break;
    for (long m = 0; m < j; m++)
      if (vars[m] == v)
        return lex_error(l, "variable %ld appears twice in the scope of factor %d", v, i);
    vars[j] = (int)v;
  }
  if (rc)
    return rc;
  int card[MAX_SCOPE];
  for (long j = 0; j < k; j++)
    card[j] = n->vars[vars[j]].card;
  double entries = es_factor_entries((int)k, card);
  size_t left = (size_t)(l->end - l->p);
  *numbers += entries + 1;
  if (*numbers > (double)(left / 2 + 1) && *numbers > FREE_NUMBERS)
    return es_error_set(l->err, ES_ELIMIT, l->file, mark.line, mark.col,
                        "factor %d: its table would have %.3g entries, more than the %zu bytes "
                        "left in the file can hold with the tables before it",
                        i, entries, left);
  char name[32];
  snprintf(name, sizeof name, "f%d", i);
  int child = n->bayesian && k > 0 ? vars[k - 1] : -1;
  rc = es_network_add_factor(n, name, (int)k, vars, child, mark, l->err);
  return rc < 0 ? rc : ES_OK;
}

/* table = n number{n} */
static int table(Lexer *l, EsFactor *f, int i) {
  long count;
  int rc = integer(l, 0, (long)f->size, "the number of table entries", &count);
  if (rc)
    return rc;
  if (count != f->size)
    return lex_error(l,
                     "factor %d has %ld entries (the product of its cardinalities), "
                     "not %ld",
                     i, f->size, count);
  for (long e = 0; e < count; e++) {
    lex_next(l);
    if (!lex_double(&l->tok, &f->table[e]) || f->table[e] < 0)
      return bad(l, "a table entry (a non-negative number)");
  }
  return ES_OK;
}

static int body(Lexer *l, EsNetwork *n) {
  long nf;
  int rc = header(l, n);
  if (!rc)
    rc = integer(l, 0, MAX_VARS, "the number of factors", &nf);
  double numbers = 0;
  for (long i = 0; !rc && i < nf; i++)
    rc = scope(l, n, (int)i, &numbers);
  for (long i = 0; !rc && i < nf; i++)
    rc = table(l, &n->factors[i].f, (int)i);
  if (!rc && lex_next(l) != LEX_EOF)
    rc = bad(l, "the end of the file after the last table");
  return rc;
}

int es_network_read_uai_buffer(const char *buf, size_t len, const char *name, EsNetwork **out,
                               EsError *err) {
  const char *slash = name ? strrchr(name, '/') : NULL;
  char base[256];
  snprintf(base, sizeof base, "%s", slash ? slash + 1 : name ? name : "network");
  char *dot = strstr(base, ".uai");
  if (dot && dot != base)
    *dot = '\0';
  EsNetwork *n = es_network_new(base);
  if (!n)
    return es_error_set(err, ES_ENOMEM, name, 0, 0, "out of memory");
  n->file = name ? es_network_intern(n, name) : NULL;
  Lexer l;
  lex_init(&l, buf, len, n->file, false, err);
  int rc = body(&l, n);
  if (rc) {
    es_network_free(n);
    return rc;
  }
  *out = n;
  return ES_OK;
}

int es_network_read_uai(const char *path, EsNetwork **out, EsError *err) {
  char *buf;
  size_t len;
  int rc = es_textfile_read(path, &buf, &len, err);
  if (rc)
    return rc;
  rc = es_network_read_uai_buffer(buf, len, path, out, err);
  free(buf);
  return rc;
}
