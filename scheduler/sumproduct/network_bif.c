/* The BIF reader (network.h): Bayesian networks in the Interchange Format
 * of JavaBayes / the bnlearn repository. The subset read:
 *
 *   file        = { network | variable | probability }
 *   network     = "network" NAME "{" { property } "}"
 *   variable    = "variable" NAME "{" { type | property } "}"
 *   type        = "type" "discrete" "[" INT "]" "{" NAME { "," NAME } "}" ";"
 *   property    = "property" { any token but ";" } ";"
 *   probability = "probability" "(" NAME [ "|" NAME { "," NAME } ] ")"
 *                 "{" { row | table | default | property } "}"
 *   row         = "(" NAME { "," NAME } ")" NUMBERS ";"   parents' values, then P(child)
 *   table       = "table" NUMBERS ";"     row-major over (child, parents...)
 *   default     = "default" NUMBERS ";"   P(child) of every parent row not given
 *   NUMBERS     = NUMBER { "," NUMBER }
 *
 * Two passes, so that a probability block may precede its variables: the
 * first declares variables (skipping probability blocks), the second fills
 * the tables. Each CPT becomes a factor over (parents..., child), child
 * fastest. After an error the reader skips to the end of the statement or
 * block and goes on, so one run reports every error of the file.
 *
 * A table is allocated when its block's head is read. All tables together
 * may have as many entries as the file could list (a byte and a separator
 * per number), and BIF_DEFAULT_ENTRIES more, which default rows may fill:
 * a small file cannot make the reader allocate gigabytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/sumproduct/network.h"
#include "scheduler/io/textfile.h"
#include "scheduler/io/textlex.h"

enum { BIF_DEFAULT_ENTRIES = 1 << 24 };

typedef struct Bif {
  Lexer lx;
  EsNetwork *net;
  size_t len;     /* of the text */
  double entries; /* of the tables allocated so far */
  bool declare; /* first pass: variables; second: probabilities */
  int errors;
} Bif;

static int fail(Bif *b, const char *fmt, const char *what) {
  char tok[64];
  b->errors++;
  return lex_error(&b->lx, fmt, what, lex_describe(&b->lx, tok, sizeof tok));
}

/* Error recovery and skipping: moves to the next top-level statement, the
 * first keyword that directly follows a '}'. */
static void next_statement(Bif *b) {
  Lexer *l = &b->lx;
  while (l->tok.kind != LEX_EOF && l->tok.kind != LEX_BAD) {
    bool closed = lex_is(l, '}');
    lex_next(l);
    if (closed &&
        (lex_is_word(l, "variable") || lex_is_word(l, "probability") || lex_is_word(l, "network")))
      return;
  }
}

static bool expect(Bif *b, char c) {
  char what[4] = {'\'', c, '\'', '\0'};
  if (lex_is(&b->lx, c)) {
    lex_next(&b->lx);
    return true;
  }
  fail(b, "expected %s, found %s", what);
  return false;
}

/* A NAME (word or quoted string) copied into buf; false after an error. */
static bool name(Bif *b, char *buf, size_t len, const char *what) {
  LexToken *t = &b->lx.tok;
  bool quoted = t->kind == LEX_STRING;
  if (t->kind != LEX_WORD && !quoted)
    return fail(b, "expected %s, found %s", what), false;
  int n = quoted ? t->len - 2 : t->len;
  if ((size_t)n >= len)
    return fail(b, "%s is too long: %s", what), false;
  memcpy(buf, t->text + quoted, (size_t)n);
  buf[n] = '\0';
  lex_next(&b->lx);
  return true;
}

/* property = "property" { any token but ";" } ";" */
static void property(Bif *b) {
  Lexer *l = &b->lx;
  while (!lex_is(l, ';') && !lex_is(l, '}') && l->tok.kind != LEX_EOF && l->tok.kind != LEX_BAD)
    lex_next(l);
  if (lex_is(l, ';'))
    lex_next(l);
  else
    fail(b, "expected ';' after a property%s, found %s", "");
}

/* network = "network" NAME "{" { property } "}" */
static bool network(Bif *b) {
  char buf[256];
  lex_next(&b->lx);
  if (!name(b, buf, sizeof buf, "the network's name") || !expect(b, '{'))
    return false;
  if (strcmp(buf, "unknown") != 0 && !(b->net->name = es_network_intern(b->net, buf)))
    return false;
  while (lex_is_word(&b->lx, "property"))
    property(b);
  return expect(b, '}');
}

/* The value names of "{" NAME { "," NAME } "}" into the arena; count in *n. */
static const char **value_names(Bif *b, int *n) {
  enum { MAX_VALUES = 4096 };
  const char *tmp[MAX_VALUES];
  char buf[256];
  *n = 0;
  if (!expect(b, '{'))
    return NULL;
  do {
    LexToken at = b->lx.tok;
    if (!name(b, buf, sizeof buf, "a value name"))
      return NULL;
    for (int k = 0; k < *n; k++)
      if (strcmp(tmp[k], buf) == 0)
        return b->errors++, lex_error_at(&b->lx, &at, "value '%s' is listed twice", buf), NULL;
    if (*n == MAX_VALUES)
      return b->errors++, lex_error_at(&b->lx, &at, "more than %d values", MAX_VALUES), NULL;
    if (!(tmp[(*n)++] = es_network_intern(b->net, buf)))
      return NULL;
  } while (lex_is(&b->lx, ',') && lex_next(&b->lx));
  if (!expect(b, '}'))
    return NULL;
  const char **v = es_arena_alloc(&b->net->arena, sizeof(char *) * (size_t)*n);
  if (v)
    memcpy(v, tmp, sizeof(char *) * (size_t)*n);
  return v;
}

/* type = "type" "discrete" "[" INT "]" "{" NAME { "," NAME } "}" ";"
 * Declares variable vname; returns false after an error. */
static bool type(Bif *b, const char *vname, EsMark mark) {
  Lexer *l = &b->lx;
  lex_next(l);
  if (!lex_is_word(l, "discrete"))
    return fail(b, "expected 'discrete'%s (the only type esched reads), found %s", ""), false;
  lex_next(l);
  long card;
  if (!expect(b, '['))
    return false;
  LexToken count = l->tok;
  if (!lex_int(&count, 1 << 20, &card) || card < 1)
    return fail(b, "expected the number of values%s, found %s", ""), false;
  lex_next(l);
  int n;
  const char **values;
  if (!expect(b, ']') || !(values = value_names(b, &n)))
    return false;
  if (n != card) {
    b->errors++;
    lex_error_at(l, &count, "variable '%s' declares %ld values but lists %d", vname, card, n);
    return false;
  }
  int v = es_network_add_var(b->net, vname, (int)card, mark);
  if (v < 0)
    return es_error_set(l->err, ES_ENOMEM, l->file, 0, 0, "out of memory"), false;
  b->net->vars[v].values = values;
  return expect(b, ';');
}

/* variable = "variable" NAME "{" { type | property } "}" */
static bool variable(Bif *b) {
  Lexer *l = &b->lx;
  char vname[256];
  lex_next(l);
  EsMark mark = {l->tok.line, l->tok.col};
  LexToken at = l->tok;
  if (!name(b, vname, sizeof vname, "the variable's name") || !expect(b, '{'))
    return false;
  if (es_network_find_var(b->net, vname) >= 0) {
    b->errors++;
    lex_error_at(l, &at, "variable '%s' is declared twice", vname);
    return false;
  }
  bool typed = false;
  while (!lex_is(l, '}') && l->tok.kind != LEX_EOF && l->tok.kind != LEX_BAD) {
    if (lex_is_word(l, "property"))
      property(b);
    else if (lex_is_word(l, "type") && !typed) {
      typed = true;
      if (!type(b, vname, mark))
        return false;
    } else
      return fail(b, "expected 'type' or 'property'%s, found %s", ""), false;
  }
  if (!typed) {
    b->errors++;
    lex_error_at(l, &at, "variable '%s' has no type", vname);
  }
  return expect(b, '}');
}

/* ---- probability blocks (second pass) ---- */

/* The CPT being filled. */
typedef struct Cpt {
  int child, nparents;
  int parents[64];
  EsFactor *f;
  long nrows;          /* parent configurations */
  unsigned char *seen; /* [nrows] */
  double *buf;         /* numbers of the current entry */
  long buf_cap;
} Cpt;

/* NUMBERS ";" into c->buf, expecting want of them; false after an error. */
static bool numbers(Bif *b, Cpt *c, long want) {
  Lexer *l = &b->lx;
  LexToken first = l->tok;
  long n = 0;
  while (l->tok.kind == LEX_WORD) {
    double x;
    if (!lex_double(&l->tok, &x) || x < 0)
      return fail(b, "expected a probability%s (a non-negative number), found %s", ""), false;
    if (n < c->buf_cap)
      c->buf[n] = x;
    n++;
    lex_next(l);
    if (lex_is(l, ','))
      lex_next(l);
  }
  if (!lex_is(l, ';'))
    return fail(b, "expected a number or ';'%s, found %s", ""), false;
  if (n != want) {
    b->errors++;
    lex_error_at(l, &first, "expected %ld probabilities, found %ld", want, n);
    return false;
  }
  lex_next(l);
  return true;
}

/* row = "(" NAME { "," NAME } ")" NUMBERS ";" */
static bool row(Bif *b, Cpt *c) {
  Lexer *l = &b->lx;
  LexToken open = l->tok;
  long r = 0;
  int k = 0;
  lex_next(l);
  while (!lex_is(l, ')')) {
    if (k > 0 && !expect(b, ','))
      return false;
    if (k == c->nparents)
      return fail(b, "more values than parents%s: %s", ""), false;
    const EsVariable *p = &b->net->vars[c->parents[k]];
    int x = l->tok.kind == LEX_WORD
                ? es_network_find_value(b->net, c->parents[k], l->tok.text, (size_t)l->tok.len)
                : -1;
    if (x < 0)
      return fail(b, "expected a value of '%s', found %s", p->name), false;
    r = r * p->card + x;
    k++;
    lex_next(l);
  }
  if (k != c->nparents) {
    b->errors++;
    lex_error_at(l, &open, "expected values of %d parents, found %d", c->nparents, k);
    return false;
  }
  lex_next(l);
  if (c->seen[r]) {
    b->errors++;
    lex_error_at(l, &open, "this parent configuration is given twice");
    return false;
  }
  int card = b->net->vars[c->child].card;
  if (!numbers(b, c, card))
    return false;
  c->seen[r] = 1;
  memcpy(c->f->table + r * card, c->buf, sizeof(double) * (size_t)card);
  return true;
}

/* table = "table" NUMBERS ";", row-major over (child, parents...), stored
 * transposed into (parents..., child). */
static bool table(Bif *b, Cpt *c) {
  lex_next(&b->lx);
  int card = b->net->vars[c->child].card;
  if (!numbers(b, c, c->f->size))
    return false;
  for (long r = 0; r < c->nrows; r++) {
    for (int x = 0; x < card; x++)
      c->f->table[r * card + x] = c->buf[x * c->nrows + r];
    c->seen[r] = 1;
  }
  return true;
}

/* default = "default" NUMBERS ";": fills the rows not given (at the end). */
static bool default_row(Bif *b, Cpt *c, double *def, bool *have) {
  lex_next(&b->lx);
  int card = b->net->vars[c->child].card;
  if (!numbers(b, c, card))
    return false;
  memcpy(def, c->buf, sizeof(double) * (size_t)card);
  *have = true;
  return true;
}

/* After an error in an entry: skip to its ';' without leaving the block. */
static void skip_entry(Bif *b) {
  Lexer *l = &b->lx;
  while (!lex_is(l, ';') && !lex_is(l, '}') && l->tok.kind != LEX_EOF && l->tok.kind != LEX_BAD)
    lex_next(l);
  if (lex_is(l, ';'))
    lex_next(l);
}

/* Reports the first parent configuration without a row. */
static void missing_rows(Bif *b, const Cpt *c, const LexToken *at) {
  long first = -1, count = 0;
  for (long r = 0; r < c->nrows; r++)
    if (!c->seen[r] && count++ == 0)
      first = r;
  if (count == 0)
    return;
  char buf[300] = "";
  size_t used = 0;
  long rest = first;
  const char *names[64];
  for (int k = c->nparents - 1; k >= 0; k--) {
    const EsVariable *p = &b->net->vars[c->parents[k]];
    names[k] = p->values[rest % p->card];
    rest /= p->card;
  }
  for (int k = 0; k < c->nparents && used < sizeof buf; k++)
    used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s", k ? ", " : "", names[k]);
  char more[48] = "";
  if (count > 1)
    snprintf(more, sizeof more, " (and %ld more)", count - 1);
  b->errors++;
  lex_error_at(&b->lx, at, "probability of '%s': no row for parent values (%s)%s",
               b->net->vars[c->child].name, buf, more);
}

/* The head: "(" NAME [ "|" NAME { "," NAME } ] ")", resolved to variables. */
static bool head(Bif *b, Cpt *c) {
  Lexer *l = &b->lx;
  char buf[256];
  if (!expect(b, '('))
    return false;
  c->nparents = 0;
  c->child = -1;
  for (int k = 0; !lex_is(l, ')'); k++) {
    if (k == 1 && !expect(b, '|'))
      return false;
    if (k > 1 && !expect(b, ','))
      return false;
    LexToken at = l->tok;
    if (!name(b, buf, sizeof buf, "a variable's name"))
      return false;
    int v = es_network_find_var(b->net, buf);
    if (v < 0)
      return b->errors++, lex_error_at(l, &at, "unknown variable '%s'", buf), false;
    bool repeated = v == c->child;
    for (int j = 0; j < c->nparents; j++)
      repeated |= c->parents[j] == v;
    if (repeated)
      return b->errors++, lex_error_at(l, &at, "variable '%s' appears twice", buf), false;
    if (k == 0)
      c->child = v;
    else if (c->nparents == 63)
      return b->errors++, lex_error_at(l, &at, "more than 63 parents"), false;
    else
      c->parents[c->nparents++] = v;
  }
  if (c->child < 0)
    return fail(b, "expected a variable's name%s, found %s", ""), false;
  lex_next(l);
  return true;
}

/* Creates the factor of c once its head is known; false after an error. */
static bool cpt_factor(Bif *b, Cpt *c, const LexToken *at) {
  EsNetwork *n = b->net;
  for (int i = 0; i < n->nfactors; i++)
    if (n->factors[i].child == c->child)
      return b->errors++,
             lex_error_at(&b->lx, at, "second probability block of '%s'", n->vars[c->child].name),
             false;
  int vars[64], card = n->vars[c->child].card;
  memcpy(vars, c->parents, sizeof(int) * (size_t)c->nparents);
  vars[c->nparents] = c->child;
  char fname[300];
  snprintf(fname, sizeof fname, "cpt_%s", n->vars[c->child].name);
  EsMark mark = {at->line, at->col};
  int cards[64];
  for (int k = 0; k <= c->nparents; k++)
    cards[k] = n->vars[vars[k]].card;
  double entries = es_factor_entries(c->nparents + 1, cards);
  b->entries += entries;
  if (b->entries > (double)(b->len / 2 + 1) + BIF_DEFAULT_ENTRIES)
    return b->errors++,
           lex_error_at(&b->lx, at,
                        "the table of '%s' would have %.3g entries: with the tables before it, "
                        "more than the file can list and default rows may fill (%d more)",
                        n->vars[c->child].name, entries, BIF_DEFAULT_ENTRIES),
           false;
  int f = es_network_add_factor(n, fname, c->nparents + 1, vars, c->child, mark, b->lx.err);
  if (f < 0)
    return b->errors++, false;
  c->f = &n->factors[f].f;
  c->nrows = c->f->size / card;
  c->buf_cap = c->f->size;
  c->seen = calloc((size_t)c->nrows, 1);
  c->buf = malloc(sizeof(double) * (size_t)c->buf_cap);
  if (!c->seen || !c->buf)
    return b->errors++, es_error_set(b->lx.err, ES_ENOMEM, NULL, 0, 0, "out of memory"), false;
  return true;
}

/* The entries of a probability block up to its '}' (not consumed). */
static void entries(Bif *b, Cpt *c, const LexToken *at) {
  Lexer *l = &b->lx;
  int card = b->net->vars[c->child].card;
  double *def = malloc(sizeof(double) * (size_t)card);
  bool have_default = false, failed = false;
  while (def && !lex_is(l, '}') && l->tok.kind != LEX_EOF && l->tok.kind != LEX_BAD) {
    bool ok;
    if (lex_is(l, '('))
      ok = row(b, c);
    else if (lex_is_word(l, "table"))
      ok = table(b, c);
    else if (lex_is_word(l, "default"))
      ok = default_row(b, c, def, &have_default);
    else if (lex_is_word(l, "property"))
      property(b), ok = true;
    else {
      fail(b, "expected '(', 'table', 'default' or 'property'%s, found %s", "");
      ok = false;
    }
    if (!ok)
      skip_entry(b), failed = true;
  }
  for (long r = 0; def && have_default && r < c->nrows; r++)
    if (!c->seen[r]) {
      memcpy(c->f->table + r * card, def, sizeof(double) * (size_t)card);
      c->seen[r] = 1;
    }
  if (lex_is(l, '}') && !failed) /* a bad entry would count as missing too */
    missing_rows(b, c, at);
  free(def);
}

/* probability = "probability" head "{" { row | table | default | property } "}" */
static bool probability(Bif *b) {
  LexToken at = b->lx.tok;
  Cpt c = {0};
  lex_next(&b->lx);
  bool ok = head(b, &c) && cpt_factor(b, &c, &at);
  if (ok && (ok = expect(b, '{'))) {
    entries(b, &c, &at);
    ok = expect(b, '}');
  }
  free(c.seen);
  free(c.buf);
  return ok;
}

/* ---- the file ---- */

/* One top-level statement of this pass; false to skip to the next one
 * (after an error, or a statement of the other pass). */
static bool statement(Bif *b) {
  Lexer *l = &b->lx;
  if (lex_is_word(l, "variable"))
    return b->declare && variable(b);
  if (lex_is_word(l, "network"))
    return b->declare && network(b);
  if (lex_is_word(l, "probability"))
    return !b->declare && probability(b);
  if (b->declare)
    fail(b, "expected 'network', 'variable' or 'probability'%s, found %s", "");
  return false;
}

static void pass(Bif *b) {
  Lexer *l = &b->lx;
  lex_next(l);
  while (l->tok.kind != LEX_EOF && l->tok.kind != LEX_BAD)
    if (!statement(b))
      next_statement(b);
  if (l->tok.kind == LEX_BAD)
    b->errors++;
}

/* Every variable needs a probability block. */
static void check_complete(Bif *b) {
  EsNetwork *n = b->net;
  unsigned char *has = calloc((size_t)n->nvars + 1, 1);
  if (!has) {
    b->errors++;
    es_error_set(b->lx.err, ES_ENOMEM, NULL, 0, 0, "out of memory");
    return;
  }
  for (int i = 0; i < n->nfactors; i++)
    has[n->factors[i].child] = 1;
  for (int v = 0; v < n->nvars; v++)
    if (!has[v]) {
      b->errors++;
      es_error_set(b->lx.err, ES_EINVAL, n->file, n->vars[v].mark.line, n->vars[v].mark.col,
                   "variable '%s' has no probability block", n->vars[v].name);
    }
  free(has);
}

/* The base name of path without its folder and format extensions. */
static void base_name(const char *path, char *buf, size_t len) {
  const char *slash = strrchr(path, '/');
  snprintf(buf, len, "%s", slash ? slash + 1 : path);
  static const char *const ext[] = {".gz", ".bif", ".uai", NULL};
  for (int i = 0; ext[i]; i++) {
    size_t n = strlen(buf), e = strlen(ext[i]);
    if (n > e && strcmp(buf + n - e, ext[i]) == 0)
      buf[n - e] = '\0';
  }
}

int es_network_read_bif_buffer(const char *buf, size_t len, const char *name, EsNetwork **out,
                               EsError *err) {
  char base[256];
  base_name(name ? name : "network", base, sizeof base);
  Bif b = {.net = es_network_new(NULL), .len = len};
  if (!b.net)
    return es_error_set(err, ES_ENOMEM, name, 0, 0, "out of memory");
  b.net->file = name ? es_network_intern(b.net, name) : NULL;
  b.net->bayesian = true;
  /* Probabilities are read only when every variable was: an error in a
   * declaration would otherwise repeat at each use of the variable. */
  for (int k = 0; k < 2 && !b.errors; k++) {
    b.declare = k == 0;
    lex_init(&b.lx, buf, len, b.net->file, true, err);
    pass(&b);
  }
  if (!b.errors)
    check_complete(&b);
  if (!b.errors && b.net->nvars == 0) {
    b.errors++;
    es_error_set(err, ES_EINVAL, b.net->file, 1, 1, "no variables: not a BIF file?");
  }
  if (!b.errors && !b.net->name && !(b.net->name = es_network_intern(b.net, base)))
    b.errors++;
  if (b.errors) {
    es_network_free(b.net);
    return err && err->code ? err->code : ES_EINVAL;
  }
  *out = b.net;
  return ES_OK;
}

int es_network_read_bif(const char *path, EsNetwork **out, EsError *err) {
  char *buf;
  size_t len;
  int rc = es_textfile_read(path, &buf, &len, err);
  if (rc)
    return rc;
  rc = es_network_read_bif_buffer(buf, len, path, out, err);
  free(buf);
  return rc;
}
