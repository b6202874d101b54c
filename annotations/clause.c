/* The clause parser (clause.h): a recursive descent over the annotation
 * text with one byte of lookahead. Errors are collected, not printed; after
 * an error inside a clause the parser skips to the clause's closing
 * parenthesis and goes on, so one run reports every clause's error. */
#include "annotations/clause.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/error.h"

const char *const es_annotation_default_devices[] = {"cpu", "gpu", NULL};

typedef struct Parser {
  const char *s;
  size_t len, pos;
  const char *const *devices;
  EsAnnotation *a;
  bool nomem;
  bool fatal; /* unbalanced parentheses: nothing after can be trusted */
} Parser;

static int col_of(size_t pos) { return (int)pos + 1; }

static void error_at(Parser *p, size_t pos, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void error_at(Parser *p, size_t pos, const char *fmt, ...) {
  EsAnnotation *a = p->a;
  EsClauseError *grown = realloc(a->errors, sizeof *grown * (size_t)(a->nerrors + 1));
  if (!grown) {
    p->nomem = true;
    return;
  }
  a->errors = grown;
  EsClauseError *e = &a->errors[a->nerrors++];
  e->col = col_of(pos);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->message, sizeof e->message, fmt, ap);
  va_end(ap);
}

static bool at_end(const Parser *p) { return p->pos >= p->len; }
static char cur(const Parser *p) { return at_end(p) ? '\0' : p->s[p->pos]; }
static char next_char(const Parser *p) { return p->pos + 1 < p->len ? p->s[p->pos + 1] : '\0'; }

static bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool is_ident_char(char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }

/* Skips a comment starting at pos (which holds '/'); false when none. */
static bool skip_comment(Parser *p) {
  if (cur(p) != '/' || (next_char(p) != '/' && next_char(p) != '*'))
    return false;
  bool line = next_char(p) == '/';
  p->pos += 2;
  while (!at_end(p)) {
    if (line && cur(p) == '\n')
      return true;
    if (!line && cur(p) == '*' && next_char(p) == '/') {
      p->pos += 2;
      return true;
    }
    p->pos++;
  }
  return true;
}

/* space = (whitespace | "\" newline | comment)* */
static void skip_space(Parser *p) {
  while (!at_end(p)) {
    char c = cur(p);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')
      p->pos++;
    else if (c == '\\' && (next_char(p) == '\n' || next_char(p) == '\r'))
      p->pos += 2;
    else if (!skip_comment(p))
      return;
  }
}

/* Reads an identifier at the current position (after space) into a fresh
 * string; NULL when there is none. */
static char *read_ident(Parser *p, size_t *start) {
  skip_space(p);
  *start = p->pos;
  if (!is_ident_start(cur(p)))
    return NULL;
  while (is_ident_char(cur(p)))
    p->pos++;
  size_t n = p->pos - *start;
  char *id = malloc(n + 1);
  if (!id) {
    p->nomem = true;
    return NULL;
  }
  memcpy(id, p->s + *start, n);
  id[n] = '\0';
  return id;
}

static bool expect(Parser *p, char c, const char *what) {
  skip_space(p);
  if (cur(p) == c) {
    p->pos++;
    return true;
  }
  if (!at_end(p)) /* at the end, the caller reports the unclosed '(' */
    error_at(p, p->pos, "expected %s", what);
  return false;
}

static bool is_device(const Parser *p, const char *name) {
  for (const char *const *d = p->devices; *d; d++)
    if (!strcmp(*d, name))
      return true;
  return false;
}

/* Skips a string or character literal starting at the quote. */
static void skip_literal(Parser *p) {
  char q = cur(p);
  p->pos++;
  while (!at_end(p) && cur(p) != q) {
    if (cur(p) == '\\')
      p->pos++;
    p->pos++;
  }
  if (!at_end(p))
    p->pos++;
}

/* Skips to just after the ')' matching the '(' at open; reports the
 * parenthesis as unbalanced when the text ends first. */
static void skip_to_close(Parser *p, size_t open) {
  int depth = 0;
  p->pos = open;
  while (!at_end(p)) {
    char c = cur(p);
    if (c == '"' || c == '\'') {
      skip_literal(p);
      continue;
    }
    if (skip_comment(p))
      continue;
    p->pos++;
    if (c == '(')
      depth++;
    else if (c == ')' && --depth == 0)
      return;
  }
  error_at(p, open, "unbalanced parentheses: this '(' is not closed");
  p->fatal = true;
}

/* expr = C expression text up to one of stops outside (), [], {} and
 * literals. Returns false at the end of the text or on a character that
 * cannot be part of an expression (reported). */
static bool scan_expr(Parser *p, const char *stops, size_t *begin, size_t *end) {
  skip_space(p);
  *begin = p->pos;
  int depth = 0;
  while (!at_end(p)) {
    char c = cur(p);
    if (depth == 0 && strchr(stops, c))
      break;
    if (c == ';' || c == '{' || c == '}') {
      error_at(p, p->pos, "unexpected '%c' in an array section", c);
      return false;
    }
    if (c == '"' || c == '\'') {
      skip_literal(p);
      continue;
    }
    if (skip_comment(p))
      continue;
    if (c == '(' || c == '[')
      depth++;
    else if ((c == ')' || c == ']') && --depth < 0) {
      error_at(p, p->pos, "expected '%s' in an array section", stops[0] == ':' ? ":" : "]");
      return false;
    }
    p->pos++;
  }
  if (at_end(p))
    return false;
  *end = p->pos;
  while (*end > *begin && strchr(" \t\r\n\f\v", p->s[*end - 1]))
    (*end)--;
  return true;
}

static char *dup_span(Parser *p, size_t begin, size_t end) {
  if (end <= begin)
    return NULL;
  char *s = malloc(end - begin + 1);
  if (!s) {
    p->nomem = true;
    return NULL;
  }
  memcpy(s, p->s + begin, end - begin);
  s[end - begin] = '\0';
  return s;
}

/* section = "[" [expr] ":" [expr] "]" (the '[' is current) */
static bool parse_section(Parser *p, EsClauseItem *it) {
  it->section = true;
  it->bracket_col = col_of(p->pos);
  p->pos++;
  size_t b, e;
  if (!scan_expr(p, ":]", &b, &e))
    return false;
  if (cur(p) == ']') {
    error_at(p, p->pos, "expected ':' in array section (write %s[lo:len])", it->name);
    return false;
  }
  it->lo = dup_span(p, b, e);
  it->lo_col = it->lo ? col_of(b) : 0;
  p->pos++; /* ':' */
  if (!scan_expr(p, "]", &b, &e))
    return false;
  it->len = dup_span(p, b, e);
  it->len_col = it->len ? col_of(b) : 0;
  p->pos++; /* ']' */
  skip_space(p);
  if (cur(p) == '[') {
    error_at(p, p->pos, "only one-dimensional array sections are supported");
    return false;
  }
  return true;
}

/* item = IDENT [section] */
static bool parse_item(Parser *p, EsClause *c) {
  EsClauseItem *grown = realloc(c->items, sizeof *grown * (size_t)(c->nitems + 1));
  if (!grown) {
    p->nomem = true;
    return false;
  }
  c->items = grown;
  EsClauseItem *it = &c->items[c->nitems];
  memset(it, 0, sizeof *it);
  size_t start;
  it->name = read_ident(p, &start);
  if (!it->name) {
    if (!at_end(p) && !p->nomem)
      error_at(p, start, "expected a variable name");
    return false;
  }
  c->nitems++;
  it->col = col_of(start);
  skip_space(p);
  return cur(p) != '[' || parse_section(p, it);
}

/* list = item ("," item)* ")" */
static bool parse_list(Parser *p, EsClause *c) {
  for (;;) {
    if (!parse_item(p, c))
      return false;
    skip_space(p);
    if (cur(p) == ')') {
      p->pos++;
      return true;
    }
    if (cur(p) != ',') {
      if (!at_end(p))
        error_at(p, p->pos, "expected ',' or ')' after '%s'", c->items[c->nitems - 1].name);
      return false;
    }
    p->pos++;
  }
}

/* "(" IDENT ")" after name, pin and a device */
static bool parse_ident_arg(Parser *p, EsClause *c, const char *what) {
  size_t start;
  c->ident = read_ident(p, &start);
  c->ident_col = col_of(start);
  if (!c->ident) {
    if (!at_end(p) && !p->nomem)
      error_at(p, start, "expected %s", what);
    return false;
  }
  return expect(p, ')', "')'");
}

static bool parse_pin(Parser *p, EsClause *c) {
  if (!parse_ident_arg(p, c, "a device name"))
    return false;
  if (!is_device(p, c->ident)) {
    error_at(p, (size_t)c->ident_col - 1, "unknown device '%s'", c->ident);
    return false;
  }
  c->device = malloc(strlen(c->ident) + 1);
  if (!c->device) {
    p->nomem = true;
    return false;
  }
  strcpy(c->device, c->ident);
  return true;
}

static bool clause_kind(const Parser *p, const char *id, EsClauseKind *k) {
  static const struct {
    const char *name;
    EsClauseKind kind;
  } words[] = {{"name", ES_CLAUSE_NAME},
               {"in", ES_CLAUSE_IN},
               {"out", ES_CLAUSE_OUT},
               {"inout", ES_CLAUSE_INOUT},
               {"pin", ES_CLAUSE_PIN}};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (!strcmp(id, words[i].name)) {
      *k = words[i].kind;
      return true;
    }
  *k = ES_CLAUSE_VARIANT;
  return is_device(p, id);
}

/* Parses the argument list of clause c, whose '(' is current. */
static bool parse_clause_body(Parser *p, EsClause *c) {
  p->pos++;
  switch (c->kind) {
  case ES_CLAUSE_NAME: return parse_ident_arg(p, c, "a task name");
  case ES_CLAUSE_IN:
  case ES_CLAUSE_OUT:
  case ES_CLAUSE_INOUT: return parse_list(p, c);
  case ES_CLAUSE_PIN: return parse_pin(p, c);
  case ES_CLAUSE_VARIANT:
    if (!strcmp(c->device, "cpu")) {
      error_at(p, (size_t)c->col - 1, "'cpu' is the host: its variant is the task region itself");
      return false;
    }
    return parse_ident_arg(p, c, "a function name");
  }
  return false;
}

static EsClause *new_clause(Parser *p) {
  EsAnnotation *a = p->a;
  EsClause *grown = realloc(a->clauses, sizeof *grown * (size_t)(a->nclauses + 1));
  if (!grown) {
    p->nomem = true;
    return NULL;
  }
  a->clauses = grown;
  EsClause *c = &a->clauses[a->nclauses++];
  memset(c, 0, sizeof *c);
  return c;
}

/* clause = WORD "(" ... ")" ; on an error, skip to the clause's ')' */
static void parse_clause(Parser *p) {
  int at_start = p->a->nerrors;
  size_t start;
  char *word = read_ident(p, &start);
  if (!word) {
    if (p->nomem)
      return;
    if (cur(p) == ')')
      error_at(p, p->pos, "unbalanced parentheses: ')' without a matching '('");
    else
      error_at(p, p->pos, "expected a clause");
    p->fatal = true;
    return;
  }
  EsClauseKind kind;
  bool known = clause_kind(p, word, &kind);
  skip_space(p);
  size_t open = p->pos;
  if (!known)
    error_at(p, start, "unknown clause or device '%s'", word);
  else if (cur(p) != '(')
    error_at(p, p->pos, "expected '(' after '%s'", word);
  EsClause *c = known && cur(p) == '(' ? new_clause(p) : NULL;
  if (c) {
    c->kind = kind;
    c->col = col_of(start);
    c->device = kind == ES_CLAUSE_VARIANT ? word : NULL;
    word = kind == ES_CLAUSE_VARIANT ? NULL : word;
    if (parse_clause_body(p, c)) {
      free(word);
      return;
    }
  }
  free(word);
  if (cur(p) == '(' || c)
    skip_to_close(p, open);
  if (p->fatal && p->a->nerrors > at_start + 1) {
    /* An unclosed '(' explains the clause's other errors: keep only it. */
    p->a->errors[at_start] = p->a->errors[p->a->nerrors - 1];
    p->a->nerrors = at_start + 1;
  }
}

static bool directive(Parser *p, EsAnnotKind *kind) {
  size_t start;
  char *word = read_ident(p, &start);
  bool ok = word && (!strcmp(word, "task") || !strcmp(word, "region"));
  if (ok)
    *kind = !strcmp(word, "task") ? ES_ANNOT_TASK : ES_ANNOT_REGION;
  else if (!p->nomem)
    error_at(p, start, "expected 'task' or 'region' after 'esched'%s%s%s", word ? ", not '" : "",
             word ? word : "", word ? "'" : "");
  p->a->col = col_of(start);
  free(word);
  return ok;
}

static void report_duplicate_items(Parser *p, const EsClause *c, int ci) {
  for (int i = 0; i < c->nitems; i++)
    for (int cj = 0; cj <= ci; cj++) {
      const EsClause *d = &p->a->clauses[cj];
      if (d->kind != ES_CLAUSE_IN && d->kind != ES_CLAUSE_OUT && d->kind != ES_CLAUSE_INOUT)
        continue;
      for (int j = 0; j < (cj == ci ? i : d->nitems); j++)
        if (!strcmp(d->items[j].name, c->items[i].name)) {
          error_at(p, (size_t)c->items[i].col - 1,
                   "'%s' appears in more than one data clause (use inout)", c->items[i].name);
          return;
        }
    }
}

/* Rules across clauses: one name, one pin, one variant per device, an item
 * in one data clause, and only name() on a region. */
static void check_clauses(Parser *p) {
  EsAnnotation *a = p->a;
  for (int i = 0; i < a->nclauses; i++) {
    const EsClause *c = &a->clauses[i];
    if (a->kind == ES_ANNOT_REGION && c->kind != ES_CLAUSE_NAME) {
      error_at(p, (size_t)c->col - 1, "clause '%s' is not allowed on 'region'",
               c->device ? c->device : es_clause_kind_name(c->kind));
      continue;
    }
    for (int j = 0; j < i; j++) {
      const EsClause *d = &a->clauses[j];
      bool same = c->kind == d->kind && (c->kind == ES_CLAUSE_NAME || c->kind == ES_CLAUSE_PIN);
      if (c->kind == ES_CLAUSE_VARIANT && d->kind == ES_CLAUSE_VARIANT)
        same = !strcmp(c->device, d->device);
      if (same) {
        error_at(p, (size_t)c->col - 1, "second '%s' clause",
                 c->device && c->kind == ES_CLAUSE_VARIANT ? c->device
                                                           : es_clause_kind_name(c->kind));
        break;
      }
    }
    report_duplicate_items(p, c, i);
  }
}

static int cmp_error(const void *x, const void *y) {
  const EsClauseError *a = x, *b = y;
  return (a->col > b->col) - (a->col < b->col);
}

static int parse(Parser *p, bool with_directive, EsAnnotKind kind) {
  if (with_directive && !directive(p, &kind))
    p->fatal = true;
  p->a->kind = kind;
  /* Commas between clauses are optional, as in OpenMP. */
  for (skip_space(p); !p->fatal && !p->nomem && !at_end(p); skip_space(p)) {
    parse_clause(p);
    skip_space(p);
    if (cur(p) == ',')
      p->pos++;
  }
  if (!p->fatal && !p->nomem)
    check_clauses(p);
  if (p->nomem)
    return ES_ENOMEM;
  if (p->a->nerrors > 1)
    qsort(p->a->errors, (size_t)p->a->nerrors, sizeof *p->a->errors, cmp_error);
  return p->a->nerrors ? ES_EINVAL : ES_OK;
}

int es_annotation_parse(const char *text, size_t len, const char *const *devices,
                        EsAnnotation *out) {
  memset(out, 0, sizeof *out);
  Parser p = {text, len, 0, devices ? devices : es_annotation_default_devices, out, false, false};
  return parse(&p, true, ES_ANNOT_TASK);
}

int es_annotation_parse_clauses(EsAnnotKind kind, const char *text, size_t len,
                                const char *const *devices, EsAnnotation *out) {
  memset(out, 0, sizeof *out);
  Parser p = {text, len, 0, devices ? devices : es_annotation_default_devices, out, false, false};
  return parse(&p, false, kind);
}

size_t es_annotation_group_end(const char *text, size_t len, size_t open) {
  EsAnnotation a = {0};
  Parser p = {text, len, open, es_annotation_default_devices, &a, false, false};
  skip_to_close(&p, open);
  size_t end = p.fatal || p.nomem ? len + 1 : p.pos;
  es_annotation_clear(&a);
  return end;
}

void es_annotation_clear(EsAnnotation *a) {
  if (!a)
    return;
  for (int i = 0; i < a->nclauses; i++) {
    EsClause *c = &a->clauses[i];
    for (int j = 0; j < c->nitems; j++) {
      free(c->items[j].name);
      free(c->items[j].lo);
      free(c->items[j].len);
    }
    free(c->items);
    free(c->device);
    free(c->ident);
  }
  free(a->clauses);
  free(a->errors);
  memset(a, 0, sizeof *a);
}

const char *es_clause_kind_name(EsClauseKind k) {
  switch (k) {
  case ES_CLAUSE_NAME: return "name";
  case ES_CLAUSE_IN: return "in";
  case ES_CLAUSE_OUT: return "out";
  case ES_CLAUSE_INOUT: return "inout";
  case ES_CLAUSE_VARIANT: return "variant";
  case ES_CLAUSE_PIN: return "pin";
  }
  return "?";
}
