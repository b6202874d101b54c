/* Finding annotation candidates in the raw text (annot.h). */
#include "pass/frontend/annot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/error.h"
#include "scheduler/base/vec.h"

static bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* End of the logical line starting at pos: the first newline not escaped by
 * a backslash (its offset), or the end of the text. */
static size_t logical_line_end(const Source *s, size_t pos) {
  for (;;) {
    const char *nl = memchr(s->text + pos, '\n', s->len - pos);
    if (!nl)
      return s->len;
    size_t at = (size_t)(nl - s->text);
    size_t back = at > 0 && s->text[at - 1] == '\r' ? at - 1 : at;
    if (back == 0 || s->text[back - 1] != '\\')
      return at;
    pos = at + 1;
  }
}

/* Matches word at pos followed by a non-identifier byte. */
static bool word_at(const Source *s, size_t pos, const char *word) {
  size_t n = strlen(word);
  return pos + n <= s->len && !memcmp(s->text + pos, word, n) &&
         (pos + n == s->len || !ident_char(s->text[pos + n]));
}

static Annot *push(AnnotList *l) {
  if (es_vec_reserve(&l->v, &l->cap, l->len + 1, sizeof *l->v))
    return NULL;
  Annot *a = &l->v[l->len++];
  memset(a, 0, sizeof *a);
  return a;
}

/* A #define writing _Pragma("esched ...") itself: esched does not see what
 * it produces (esched.h's macros are the way), so its _Pragma is noted for a
 * warning. */
static bool scan_define(AnnotList *l, const Source *s, size_t p, size_t line_end) {
  for (; p + 7 < line_end; p++) {
    if (memcmp(s->text + p, "_Pragma", 7) != 0 || (p > 0 && ident_char(s->text[p - 1])))
      continue;
    size_t q = p + 7;
    while (q < line_end && strchr(" \t(\"", s->text[q]))
      q++;
    if (q + 6 <= line_end && !memcmp(s->text + q, "esched", 6)) {
      if (es_vec_reserve(&l->pragma_macros, &l->pragma_macros_cap, l->npragma_macros + 1,
                         sizeof *l->pragma_macros))
        return false;
      l->pragma_macros[l->npragma_macros++] = p;
    }
  }
  return true;
}

/* directive = "#" blanks "pragma" blanks "esched" rest-of-line */
static bool scan_pragma(AnnotList *l, const Source *s, size_t hash, size_t line_end) {
  size_t p = source_skip_blanks(s, hash + 1);
  if (word_at(s, p, "define"))
    return scan_define(l, s, p + 6, line_end);
  if (!word_at(s, p, "pragma"))
    return true;
  size_t q = source_skip_blanks(s, p + 6);
  if (q == p + 6 || !word_at(s, q, "esched"))
    return true;
  Annot *a = push(l);
  if (!a)
    return false;
  a->begin = hash;
  a->text = q + 6;
  a->end = line_end;
  return true;
}

static const struct {
  const char *name;
  EsAnnotKind kind;
} macros[] = {{"ESCHED_TASK", ES_ANNOT_TASK},
              {"ESCHED_REGION", ES_ANNOT_REGION},
              {"ESCHED_STREAM", ES_ANNOT_STREAM}};

/* The macro of esched.h named at pos, or -1. */
static int macro_at(const Source *s, size_t pos) {
  for (int i = 0; i < (int)(sizeof macros / sizeof macros[0]); i++)
    if (word_at(s, pos, macros[i].name))
      return i;
  return -1;
}

/* macro = ("ESCHED_TASK" | "ESCHED_REGION" | "ESCHED_STREAM") space "(" ... ")";
 * returns the offset to go on scanning from. */
static size_t scan_macro(AnnotList *l, const Source *s, size_t at, bool *ok) {
  int m = macro_at(s, at);
  if ((at > 0 && ident_char(s->text[at - 1])) || m < 0)
    return at + 1;
  size_t p = at + strlen(macros[m].name);
  while (p < s->len && strchr(" \t\r\n", s->text[p]))
    p++;
  if (p >= s->len || s->text[p] != '(')
    return p;
  Annot *a = push(l);
  if (!a) {
    *ok = false;
    return s->len;
  }
  a->begin = at;
  a->macro = true;
  a->text = p + 1;
  a->end = es_annotation_group_end(s->text, s->len, p);
  a->parsed.kind = macros[m].kind;
  return a->end > s->len ? p + 1 : a->end;
}

/* Tracks the nesting of conditional directives at the line start hash. */
static void track_conditional(const Source *s, size_t hash, int *depth) {
  size_t p = source_skip_blanks(s, hash + 1);
  if (word_at(s, p, "if") || word_at(s, p, "ifdef") || word_at(s, p, "ifndef"))
    ++*depth;
  else if (word_at(s, p, "endif") && *depth > 0)
    --*depth;
}

/* Candidates of one logical line [pos, end); returns where to go on. */
static size_t scan_line(AnnotList *l, const Source *s, size_t pos, size_t end, int *depth,
                        bool *ok) {
  size_t first = source_skip_blanks(s, pos);
  int before = l->len;
  if (first < end && s->text[first] == '#') {
    track_conditional(s, first, depth);
    *ok = scan_pragma(l, s, first, end);
    l->conditional |= *depth > 0 && l->len > before;
    return end + 1;
  }
  while (pos < end && *ok) {
    const char *e = memchr(s->text + pos, 'E', end - pos);
    if (!e)
      break;
    size_t at = (size_t)(e - s->text);
    pos = macro_at(s, at) >= 0 ? scan_macro(l, s, at, ok) : at + 1;
  }
  l->conditional |= *depth > 0 && l->len > before;
  return pos > end ? pos : end + 1;
}

static bool add_expr(AnnotList *l, const char *expr) {
  if (!expr || es_strmap_get(&l->expr_index, expr) >= 0)
    return true;
  if (es_vec_reserve(&l->exprs, &l->exprs_cap, l->nexprs + 1, sizeof *l->exprs) ||
      es_strmap_put(&l->expr_index, expr, l->nexprs))
    return false;
  l->exprs[l->nexprs++] = expr;
  return true;
}

static bool parse_all(AnnotList *l, const Source *s, const char *const *devices) {
  for (int i = 0; i < l->len; i++) {
    Annot *a = &l->v[i];
    size_t stop = a->macro ? (a->end > s->len ? s->len : a->end - 1) : a->end;
    const char *t = s->text + a->text;
    a->parse_rc = a->macro ? es_annotation_parse_clauses(a->parsed.kind, t, stop - a->text, devices,
                                                         &a->parsed)
                           : es_annotation_parse(t, stop - a->text, devices, &a->parsed);
    if (a->parse_rc == ES_ENOMEM)
      return false;
    for (int c = 0; c < a->parsed.nclauses; c++) {
      const EsClause *cl = &a->parsed.clauses[c];
      bool integer = cl->kind == ES_CLAUSE_WIDTH || cl->kind == ES_CLAUSE_CORES;
      if (integer && !add_expr(l, cl->text))
        return false;
      for (int k = 0; k < cl->nitems; k++) {
        const EsClauseItem *it = &cl->items[k];
        if (!add_expr(l, it->lo) || !add_expr(l, it->len))
          return false;
        for (int d = 0; d < it->ninner; d++)
          if (!add_expr(l, it->inner[d].lo) || !add_expr(l, it->inner[d].len))
            return false;
      }
    }
  }
  l->value = calloc((size_t)l->nexprs + 1, sizeof *l->value);
  l->known = calloc((size_t)l->nexprs + 1, sizeof *l->known);
  return l->value && l->known;
}

bool annots_scan(AnnotList *l, const Source *s, const char *const *devices) {
  memset(l, 0, sizeof *l);
  bool ok = true;
  int depth = 0;
  for (size_t pos = 0; pos < s->len && ok;)
    pos = scan_line(l, s, pos, logical_line_end(s, pos), &depth, &ok);
  return ok && parse_all(l, s, devices);
}

void annots_free(AnnotList *l) {
  if (!l)
    return;
  for (int i = 0; i < l->len; i++)
    es_annotation_clear(&l->v[i].parsed);
  free(l->v);
  free(l->exprs);
  free(l->value);
  free(l->known);
  free(l->pragma_macros);
  es_strmap_free(&l->expr_index);
  memset(l, 0, sizeof *l);
}

const EsClause *annot_clause(const Annot *a, EsClauseKind k) {
  for (int i = 0; i < a->parsed.nclauses; i++)
    if (a->parsed.clauses[i].kind == k)
      return &a->parsed.clauses[i];
  return NULL;
}

size_t annot_at_col(const Annot *a, int col) {
  return a->expanded ? a->begin : a->text + (size_t)col - 1;
}

/* The end of a macro's use at begin: after its arguments, or its name. */
static size_t use_end(const Source *s, size_t begin) {
  size_t p = begin;
  while (p < s->len && ident_char(s->text[p]))
    p++;
  size_t name_end = p;
  while (p < s->len && strchr(" \t\r\n", s->text[p]))
    p++;
  if (p >= s->len || s->text[p] != '(')
    return name_end;
  size_t end = es_annotation_group_end(s->text, s->len, p);
  return end > s->len ? s->len : end;
}

bool annots_add_expanded(AnnotList *l, const Source *s, size_t at, const char *text,
                         const char *const *devices) {
  int i = annots_lower_bound(l, at);
  if (i < l->len && l->v[i].begin == at)
    return true; /* written in the source: read from there */
  if (!push(l))
    return false;
  memmove(&l->v[i + 1], &l->v[i], sizeof *l->v * (size_t)(l->len - 1 - i));
  Annot *a = &l->v[i];
  memset(a, 0, sizeof *a);
  a->begin = a->text = at;
  a->end = use_end(s, at);
  a->macro = a->expanded = true;
  a->status = ANNOT_REAL; /* clang expanded it */
  a->parse_rc = es_annotation_parse(text, strlen(text), devices, &a->parsed);
  return a->parse_rc != ES_ENOMEM;
}

int annots_lower_bound(const AnnotList *l, size_t offset) {
  int lo = 0, hi = l->len;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (l->v[mid].begin < offset)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

char *annots_appendix(const AnnotList *l) {
  size_t cap = 2;
  for (int i = 0; i < l->nexprs; i++)
    cap += strlen(l->exprs[i]) + 80;
  char *out = malloc(cap);
  if (!out)
    return NULL;
  size_t used = (size_t)snprintf(out, cap, "\n");
  for (int i = 0; i < l->nexprs; i++)
    used += (size_t)snprintf(out + used, cap - used,
                             "static const long long " ANNOT_EVAL_PREFIX "%d_ = (long long)(%s);\n",
                             i, l->exprs[i]);
  return out;
}

/* An expanded annotation's expressions were not in the appendix: only
 * plain integers are known there. */
static bool integer(const char *expr, long long *value) {
  char *end;
  *value = strtoll(expr, &end, 0);
  return end != expr && *end == '\0';
}

bool annots_constant(const AnnotList *l, const char *expr, long long *value) {
  int i = expr ? es_strmap_get(&l->expr_index, expr) : -1;
  if (i < 0)
    return expr && integer(expr, value);
  if (!l->known[i])
    return false;
  *value = l->value[i];
  return true;
}
