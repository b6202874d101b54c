/* The clause parser (clause.h): a recursive descent over the annotation
 * text with one byte of lookahead. Errors are collected, not printed; after
 * an error inside a clause the parser skips to the clause's closing
 * parenthesis and goes on, so one run reports every clause's error. */
#include "annotations/clause.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/error.h"

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
static char char_at(const Parser *p, size_t i) { return i < p->len ? p->s[i] : '\0'; }
static char next_char(const Parser *p) { return char_at(p, p->pos + 1); }

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
 * cannot be part of an expression (reported; `what` names the context:
 * "an array section", "width"). */
static bool scan_expr(Parser *p, const char *stops, const char *what, size_t *begin, size_t *end) {
  skip_space(p);
  *begin = p->pos;
  int depth = 0;
  while (!at_end(p)) {
    char c = cur(p);
    if (depth == 0 && strchr(stops, c))
      break;
    if (c == ';' || c == '{' || c == '}') {
      error_at(p, p->pos, "unexpected '%c' in %s", c, what);
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
      error_at(p, p->pos, "expected '%s' in %s", stops[0] == ':' ? ":" : "]", what);
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

/* The offset of the first `c` in [b, e) outside parentheses, brackets and
 * literals, after `skip` of them, or e. */
static size_t find_top(const Parser *p, size_t b, size_t e, char c, int skip) {
  int depth = 0;
  for (size_t k = b; k < e; k++) {
    char x = p->s[k];
    if (x == '"' || x == '\'') { /* a literal: to its closing quote */
      for (k++; k < e && p->s[k] != x; k++)
        k += p->s[k] == '\\';
      continue;
    }
    depth += (x == '(' || x == '[') - (x == ')' || x == ']');
    if (depth == 0 && x == c && skip-- == 0)
      return k;
  }
  return e;
}

/* How many `c` [b, e) holds outside parentheses, brackets and literals. */
static int count_top(const Parser *p, size_t b, size_t e, char c) {
  int n = 0;
  while (find_top(p, b, e, c, n) < e)
    n++;
  return n;
}

/* section = "[" [expr] ":" [expr] "]" (the '[' is current): into d */
static bool parse_dim(Parser *p, const char *name, EsClauseDim *d) {
  d->bracket_col = col_of(p->pos);
  p->pos++;
  size_t b, e;
  if (!scan_expr(p, ":]", "an array section", &b, &e))
    return false;
  if (cur(p) == ']') {
    /* v[i].x: a member of an element, which a path cannot reach. */
    size_t after = p->pos + 1;
    while (char_at(p, after) == ' ' || char_at(p, after) == '\t')
      after++;
    if (char_at(p, after) == '.' || (char_at(p, after) == '-' && char_at(p, after + 1) == '>'))
      error_at(p, p->pos,
               "a data item is a variable or a member reached from one, not a member of an "
               "element of '%s': point a local variable at it (T *x = %s[...]...;) and name that",
               name, name);
    else
      error_at(p, p->pos, "expected ':' in array section (write %s[lo:len])", name);
    return false;
  }
  /* lo stops at the first ':', which a conditional's would be. */
  if (find_top(p, b, e, '?', 0) < e) {
    error_at(p, find_top(p, b, e, '?', 0),
             "put a conditional expression in an array section in parentheses: "
             "%s[(c ? a : b):len]",
             name);
    return false;
  }
  d->lo = dup_span(p, b, e);
  d->lo_col = d->lo ? col_of(b) : 0;
  p->pos++; /* ':' */
  if (!scan_expr(p, "]", "an array section", &b, &e))
    return false;
  int colons = count_top(p, b, e, ':');
  if (colons > count_top(p, b, e, '?')) { /* OpenMP's [lo:len:stride] */
    error_at(p, find_top(p, b, e, ':', colons - 1),
             "an array section is [lo:len], without a stride: name the rows or elements "
             "the task reaches with one section of '%s'",
             name);
    return false;
  }
  d->len = dup_span(p, b, e);
  d->len_col = d->len ? col_of(b) : 0;
  p->pos++; /* ']' */
  skip_space(p);
  return true;
}

/* section* : the first into the item's own fields, the others into inner. */
static bool parse_sections(Parser *p, EsClauseItem *it) {
  it->section = true;
  EsClauseDim first = {0};
  bool ok = parse_dim(p, it->name, &first);
  it->lo = first.lo, it->len = first.len;
  it->lo_col = first.lo_col, it->len_col = first.len_col, it->bracket_col = first.bracket_col;
  while (ok && cur(p) == '[') {
    EsClauseDim *grown = realloc(it->inner, sizeof *grown * (size_t)(it->ninner + 1));
    if (!grown) {
      p->nomem = true;
      return false;
    }
    it->inner = grown;
    EsClauseDim *d = &it->inner[it->ninner++];
    memset(d, 0, sizeof *d);
    ok = parse_dim(p, it->name, d);
  }
  return ok;
}

/* Appends text[0..n) to *s (a malloc'ed string of length *len). */
static bool append(Parser *p, char **s, size_t *len, const char *text, size_t n) {
  char *grown = realloc(*s, *len + n + 1);
  if (!grown) {
    p->nomem = true;
    return false;
  }
  memcpy(grown + *len, text, n);
  *len += n;
  grown[*len] = '\0';
  *s = grown;
  return true;
}

/* path = IDENT ( ("." | "->") IDENT )*: the members after the variable,
 * appended to it->name without blanks. */
static bool parse_members(Parser *p, EsClauseItem *it) {
  size_t len = strlen(it->name);
  for (;;) {
    skip_space(p);
    size_t op = cur(p) == '.' ? 1 : cur(p) == '-' && next_char(p) == '>' ? 2 : 0;
    if (!op)
      return true;
    if (!append(p, &it->name, &len, p->s + p->pos, op))
      return false;
    p->pos += op;
    size_t start;
    char *member = read_ident(p, &start);
    if (!member) {
      if (!at_end(p) && !p->nomem)
        error_at(p, start, "expected a member name after '%s'", op == 1 ? "." : "->");
      return false;
    }
    bool ok = append(p, &it->name, &len, member, strlen(member));
    free(member);
    if (!ok)
      return false;
  }
}

static void item_clear(EsClauseItem *it) {
  free(it->name);
  free(it->lo);
  free(it->len);
  for (int k = 0; k < it->ninner; k++) {
    free(it->inner[k].lo);
    free(it->inner[k].len);
  }
  free(it->inner);
}

/* item = path section*; an item whose path or sections are malformed is
 * dropped (its error is reported), so that nothing else is said of it. */
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
  it->root_len = (int)strlen(it->name);
  bool ok = parse_members(p, it);
  skip_space(p);
  if (ok && cur(p) == '[')
    ok = parse_sections(p, it);
  if (!ok) {
    item_clear(it);
    c->nitems--;
  }
  return ok;
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

/* launcher = "cuda" | "opencl", after a variant's ':' */
static bool parse_launcher(Parser *p, EsClause *c) {
  size_t start;
  char *kind = read_ident(p, &start);
  c->launcher_col = col_of(start);
  for (EsLauncher k = ES_LAUNCHER_CUDA; kind && k <= ES_LAUNCHER_OPENCL; k++)
    if (!strcmp(kind, es_launcher_name(k)))
      c->launcher = k;
  if (!c->launcher && kind)
    error_at(p, start, "unknown launcher kind '%s' (cuda, opencl)", kind);
  else if (!c->launcher && !at_end(p) && !p->nomem)
    error_at(p, start, "expected a launcher kind (cuda, opencl)");
  free(kind);
  return c->launcher != ES_LAUNCHER_NONE;
}

/* "(" IDENT [":" launcher] ")" after a device */
static bool parse_variant(Parser *p, EsClause *c) {
  size_t start;
  c->ident = read_ident(p, &start);
  c->ident_col = col_of(start);
  if (!c->ident) {
    if (!at_end(p) && !p->nomem)
      error_at(p, start, "expected a function name");
    return false;
  }
  skip_space(p);
  if (cur(p) == ':') {
    p->pos++;
    if (!parse_launcher(p, c))
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

/* ("width" | "cores") "(" expr ")": a C integer constant expression, kept
 * as text (the caller has clang evaluate it). */
static bool parse_expr_arg(Parser *p, EsClause *c) {
  size_t b, e;
  const char *what = c->kind == ES_CLAUSE_WIDTH ? "a width" : "a core count";
  if (!scan_expr(p, ")", what, &b, &e))
    return false;
  if (e == b) {
    error_at(p, p->pos, "expected %s: an integer constant", what);
    return false;
  }
  c->text = dup_span(p, b, e);
  c->text_col = col_of(b);
  p->pos++; /* ')' */
  return c->text != NULL;
}

static bool is_value_char(char c) { return c && !strchr(" \t\r\n\f\v,():/\"'", c); }

/* value = the characters up to space, ',' or ')': a number or a quantity
 * ("4e6", "2ms"), checked by the caller. Returns its span; empty when none. */
static void scan_value(Parser *p, size_t *begin, size_t *end) {
  skip_space(p);
  *begin = p->pos;
  while (!at_end(p) && is_value_char(cur(p)))
    p->pos++;
  *end = p->pos;
}

/* ("work" | "deadline") "(" value ")" */
static bool parse_value_arg(Parser *p, EsClause *c) {
  size_t b, e;
  scan_value(p, &b, &e);
  if (e == b) {
    if (!at_end(p))
      error_at(p, p->pos, "expected a number, with or without a unit (%s(2ms))",
               es_clause_kind_name(c->kind));
    return false;
  }
  c->text = dup_span(p, b, e);
  c->text_col = col_of(b);
  return c->text && expect(p, ')', "')'");
}

static EsClauseEntry *new_entry(Parser *p, EsClause *c) {
  EsClauseEntry *grown = realloc(c->entries, sizeof *grown * (size_t)(c->nentries + 1));
  if (!grown) {
    p->nomem = true;
    return NULL;
  }
  c->entries = grown;
  EsClauseEntry *en = &c->entries[c->nentries++];
  memset(en, 0, sizeof *en);
  return en;
}

/* The key of an efficiency entry: a word, or a width in decimal digits. */
static char *read_key(Parser *p, size_t *start) {
  skip_space(p);
  if (!(cur(p) >= '0' && cur(p) <= '9'))
    return read_ident(p, start);
  *start = p->pos;
  while (cur(p) >= '0' && cur(p) <= '9')
    p->pos++;
  return dup_span(p, *start, p->pos);
}

/* The value after an entry's key: ":" then a number, or NULL after an
 * error. */
static char *read_entry_value(Parser *p, int *col) {
  size_t b, e;
  if (!expect(p, ':', "':'"))
    return NULL;
  scan_value(p, &b, &e);
  if (e == b) {
    if (!at_end(p))
      error_at(p, p->pos, "expected a number after ':'");
    return NULL;
  }
  *col = col_of(b);
  return dup_span(p, b, e);
}

/* entry = "perfect" | "comm" ":" value | INTEGER ":" value. An entry joins
 * the clause only whole (a key, and a value unless "perfect"): the front end
 * reads the entries of a clause that has errors too. */
static bool parse_entry(Parser *p, EsClause *c) {
  size_t start;
  char *key = read_key(p, &start);
  if (!key) {
    if (!at_end(p) && !p->nomem)
      error_at(p, start, "expected 'perfect', 'comm:PSI' or WIDTH:EFFICIENCY entries");
    return false;
  }
  bool width = key[0] >= '0' && key[0] <= '9';
  bool ok = true;
  char *value = NULL;
  int value_col = 0;
  if (!width && strcmp(key, "comm") != 0 && strcmp(key, "perfect") != 0) {
    error_at(p, start, "unknown efficiency model '%s' (perfect, comm:PSI or WIDTH:EFFICIENCY)",
             key);
    ok = false;
  } else if (strcmp(key, "perfect") != 0) {
    ok = (value = read_entry_value(p, &value_col)) != NULL;
  }
  EsClauseEntry *en = ok ? new_entry(p, c) : NULL;
  if (!en) {
    free(key);
    free(value);
    return false;
  }
  en->key = key;
  en->key_col = col_of(start);
  en->value = value;
  en->value_col = value_col;
  return true;
}

/* Takes back the last entry, which parsed but is not allowed where it is. */
static void drop_last_entry(EsClause *c) {
  EsClauseEntry *en = &c->entries[--c->nentries];
  free(en->key);
  free(en->value);
}

/* A width of the table: a power of two, listed once. */
static bool check_width_entry(Parser *p, const EsClause *c, int k) {
  const EsClauseEntry *en = &c->entries[k];
  long q = strlen(en->key) <= 9 ? strtol(en->key, NULL, 10) : 0;
  if (q < 1 || (q & (q - 1)) != 0) {
    error_at(p, (size_t)en->key_col - 1, "efficiency width %s is not a power of two (1, 2, 4, ...)",
             en->key);
    return false;
  }
  for (int i = 0; i < k; i++)
    if (strtol(c->entries[i].key, NULL, 10) == q) {
      error_at(p, (size_t)en->key_col - 1, "efficiency of width %ld listed twice", q);
      return false;
    }
  return true;
}

/* efficiency = "perfect" | "comm" ":" value | entry ("," entry)* */
static bool parse_efficiency(Parser *p, EsClause *c) {
  for (;;) {
    if (!parse_entry(p, c))
      return false;
    const EsClauseEntry *en = &c->entries[c->nentries - 1];
    bool model = en->key[0] < '0' || en->key[0] > '9';
    if ((model && c->nentries > 1) || (!model && !check_width_entry(p, c, c->nentries - 1))) {
      if (model)
        error_at(p, (size_t)en->key_col - 1, "'%s' is a whole efficiency model: give it alone",
                 en->key);
      drop_last_entry(c);
      return false;
    }
    skip_space(p);
    if (cur(p) == ')') {
      p->pos++;
      return true;
    }
    if (model && cur(p) == ',')
      error_at(p, (size_t)en->key_col - 1, "'%s' is a whole efficiency model: give it alone",
               en->key);
    else if (cur(p) != ',' && !at_end(p))
      error_at(p, p->pos, model ? "expected ')'" : "expected ',' or ')'");
    if (cur(p) != ',' || model)
      return false;
    p->pos++;
  }
}

static bool clause_kind(const Parser *p, const char *id, EsClauseKind *k) {
  static const struct {
    const char *name;
    EsClauseKind kind;
  } words[] = {{"name", ES_CLAUSE_NAME},        {"in", ES_CLAUSE_IN},
               {"out", ES_CLAUSE_OUT},          {"inout", ES_CLAUSE_INOUT},
               {"pin", ES_CLAUSE_PIN},          {"width", ES_CLAUSE_WIDTH},
               {"work", ES_CLAUSE_WORK},        {"efficiency", ES_CLAUSE_EFFICIENCY},
               {"cores", ES_CLAUSE_CORES},      {"deadline", ES_CLAUSE_DEADLINE},
               {"noreplay", ES_CLAUSE_NOREPLAY}};
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
  case ES_CLAUSE_WIDTH:
  case ES_CLAUSE_CORES: return parse_expr_arg(p, c);
  case ES_CLAUSE_WORK:
  case ES_CLAUSE_DEADLINE: return parse_value_arg(p, c);
  case ES_CLAUSE_EFFICIENCY: return parse_efficiency(p, c);
  case ES_CLAUSE_NOREPLAY: break; /* parse_clause stops at its '(' */
  case ES_CLAUSE_VARIANT:
    if (!strcmp(c->device, "cpu")) {
      error_at(p, (size_t)c->col - 1, "'cpu' is the host: its variant is the task region itself");
      return false;
    }
    return parse_variant(p, c);
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

/* noreplay: a word alone. */
static void parse_flag_clause(Parser *p, EsClauseKind kind, size_t start, const char *word) {
  if (cur(p) == '(') {
    error_at(p, p->pos, "'%s' takes no arguments", word);
    skip_to_close(p, p->pos);
    return;
  }
  EsClause *c = new_clause(p);
  if (c) {
    c->kind = kind;
    c->col = col_of(start);
  }
}

/* clause = WORD "(" ... ")" | "noreplay" ; on an error, skip to the
 * clause's ')' */
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
  if (known && kind == ES_CLAUSE_NOREPLAY) {
    parse_flag_clause(p, kind, start, word);
    free(word);
    return;
  }
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
  static const struct {
    const char *word;
    EsAnnotKind kind;
  } directives[] = {
      {"task", ES_ANNOT_TASK}, {"region", ES_ANNOT_REGION}, {"stream", ES_ANNOT_STREAM}};
  bool ok = false;
  for (size_t i = 0; word && !ok && i < sizeof directives / sizeof directives[0]; i++)
    if (!strcmp(word, directives[i].word)) {
      *kind = directives[i].kind;
      ok = true;
    }
  if (!ok && !p->nomem)
    error_at(p, start, "expected 'task', 'region' or 'stream' after 'esched'%s%s%s",
             word ? ", not '" : "", word ? word : "", word ? "'" : "");
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
          const char *name = c->items[i].name;
          size_t at = (size_t)c->items[i].col - 1;
          if (d->items[j].section || c->items[i].section)
            error_at(p, at,
                     "'%s' is named twice: esched moves one range of each data item; name one "
                     "section that covers both (%s[lo:len]) with the stronger mode",
                     name, name);
          else if (cj == ci)
            error_at(p, at, "'%s' appears twice in one data clause", name);
          else
            error_at(p, at, "'%s' appears in more than one data clause (use inout)", name);
          return;
        }
    }
}

/* Whether clause kind k may appear on directive d: name on all; cores and
 * deadline on stream only; everything else on task only. */
static bool allowed(EsAnnotKind d, EsClauseKind k) {
  if (k == ES_CLAUSE_NAME)
    return true;
  if (k == ES_CLAUSE_CORES || k == ES_CLAUSE_DEADLINE)
    return d == ES_ANNOT_STREAM;
  return d == ES_ANNOT_TASK;
}

static const char *directive_name(EsAnnotKind d) {
  return d == ES_ANNOT_REGION ? "region" : d == ES_ANNOT_STREAM ? "stream" : "task";
}

/* Rules across clauses: at most one of each clause but the data clauses
 * (one variant per device), an item in one data clause, and each clause on
 * its directive. */
static void check_clauses(Parser *p) {
  EsAnnotation *a = p->a;
  for (int i = 0; i < a->nclauses; i++) {
    const EsClause *c = &a->clauses[i];
    if (!allowed(a->kind, c->kind)) {
      error_at(p, (size_t)c->col - 1, "clause '%s' is not allowed on '%s'",
               c->kind == ES_CLAUSE_VARIANT ? c->device : es_clause_kind_name(c->kind),
               directive_name(a->kind));
      continue;
    }
    bool data = c->kind == ES_CLAUSE_IN || c->kind == ES_CLAUSE_OUT || c->kind == ES_CLAUSE_INOUT;
    for (int j = 0; j < i && !data; j++) {
      const EsClause *d = &a->clauses[j];
      bool same = c->kind == d->kind;
      if (same && c->kind == ES_CLAUSE_VARIANT)
        same = !strcmp(c->device, d->device);
      if (same) {
        error_at(p, (size_t)c->col - 1, "second '%s' clause",
                 c->kind == ES_CLAUSE_VARIANT ? c->device : es_clause_kind_name(c->kind));
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
    for (int j = 0; j < c->nitems; j++)
      item_clear(&c->items[j]);
    free(c->items);
    for (int j = 0; j < c->nentries; j++) {
      free(c->entries[j].key);
      free(c->entries[j].value);
    }
    free(c->entries);
    free(c->device);
    free(c->ident);
    free(c->text);
  }
  free(a->clauses);
  free(a->errors);
  memset(a, 0, sizeof *a);
}

bool es_clause_stream_only(EsClauseKind k) {
  return k == ES_CLAUSE_WIDTH || k == ES_CLAUSE_WORK || k == ES_CLAUSE_EFFICIENCY;
}

const char *es_clause_kind_name(EsClauseKind k) {
  switch (k) {
  case ES_CLAUSE_NAME: return "name";
  case ES_CLAUSE_IN: return "in";
  case ES_CLAUSE_OUT: return "out";
  case ES_CLAUSE_INOUT: return "inout";
  case ES_CLAUSE_VARIANT: return "variant";
  case ES_CLAUSE_PIN: return "pin";
  case ES_CLAUSE_WIDTH: return "width";
  case ES_CLAUSE_WORK: return "work";
  case ES_CLAUSE_EFFICIENCY: return "efficiency";
  case ES_CLAUSE_CORES: return "cores";
  case ES_CLAUSE_DEADLINE: return "deadline";
  case ES_CLAUSE_NOREPLAY: return "noreplay";
  }
  return "?";
}

const char *es_launcher_name(EsLauncher k) {
  return k == ES_LAUNCHER_CUDA ? "cuda" : k == ES_LAUNCHER_OPENCL ? "opencl" : NULL;
}
