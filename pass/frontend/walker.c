/* The operations on the walker's state that every part of the walk uses
 * (walker.h): interning, source text, name lookup in scope, accesses and
 * calls, and confirming annotation candidates with clang's tokens. */
#include "pass/frontend/walker.h"

#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"

const char *walk_intern(Walker *w, const char *s) {
  const char *copy = x_intern(w->x, s);
  if (!copy)
    w->nomem = true;
  return copy;
}

char *walk_text(Walker *w, size_t begin, size_t end) {
  if (end < begin || end > w->src->len)
    end = begin;
  char *s = es_arena_strndup(&w->x->arena, w->src->text + begin, end - begin);
  if (!s)
    w->nomem = true;
  return s;
}

char *walk_text_dup(Walker *w, const char *s, size_t n) {
  char *copy = es_arena_strndup(&w->x->arena, s, n);
  if (!copy)
    w->nomem = true;
  return copy;
}

/* Whether location loc is where clang expands it: a token of the file, not
 * one of a macro's body or argument. */
static bool written_here(CXSourceLocation loc, size_t *offset) {
  CXFile ef, sf;
  unsigned e, s;
  clang_getExpansionLocation(loc, &ef, NULL, NULL, &e);
  clang_getSpellingLocation(loc, &sf, NULL, NULL, &s);
  *offset = e;
  return ef && sf && clang_File_isEqual(ef, sf) && e == s;
}

/* Offset just past the comment, string or character literal at i, or i
 * when none starts there. */
static size_t skip_lexeme(const char *t, size_t i, size_t end) {
  if (t[i] == '/' && i + 1 < end && (t[i + 1] == '*' || t[i + 1] == '/')) {
    const char *close = t[i + 1] == '*' ? "*/" : "\n";
    for (size_t j = i + 2; j < end; j++)
      if (!strncmp(t + j, close, strlen(close)))
        return j + strlen(close);
    return end;
  }
  if (t[i] == '"' || t[i] == '\'') {
    size_t j = i + 1;
    while (j < end && t[j] != t[i])
      j += t[j] == '\\' ? 2 : 1;
    return j < end ? j + 1 : end;
  }
  return i;
}

/* The text [b, e) trimmed, its comments blanked, in the unit's arena. */
static const char *piece(Walker *w, size_t b, size_t e) {
  const char *t = w->src->text;
  char *s = walk_text(w, b, e);
  if (!s)
    return "";
  for (size_t i = b; i < e;) {
    size_t next = skip_lexeme(t, i, e);
    if (next > i && t[i] == '/')
      memset(s + (i - b), ' ', next - i);
    i = next > i ? next : i + 1;
  }
  size_t n = strlen(s), k = 0;
  while (n > 0 && strchr(" \t\r\n", s[n - 1]))
    s[--n] = 0;
  while (s[k] && strchr(" \t\r\n", s[k]))
    k++;
  return s + k;
}

/* Splits the last parenthesized group of [cb, ce), which must close at
 * ce - 1, at its top-level commas: the argument texts of a call written
 * out. Returns false when the group does not hold exactly nargs pieces. */
static bool split_arguments(Walker *w, size_t cb, size_t ce, const char **args, int nargs) {
  const char *t = w->src->text;
  size_t open = 0, *commas = nargs > 1 ? calloc((size_t)nargs - 1, sizeof *commas) : NULL;
  int depth = 0, ncommas = 0;
  bool ok = ce > cb && t[ce - 1] == ')' && (nargs <= 1 || commas);
  for (size_t i = cb; ok && i < ce;) {
    size_t next = skip_lexeme(t, i, ce);
    if (next > i) {
      i = next;
      continue;
    }
    if (t[i] && strchr("([{", t[i])) {
      if (depth++ == 0 && t[i] == '(')
        open = i, ncommas = 0; /* the last group at depth 0 is the arguments' */
    } else if (t[i] && strchr(")]}", t[i])) {
      ok = --depth >= 0;
    } else if (t[i] == ',' && depth == 1) {
      ok = ncommas < nargs - 1;
      if (ok)
        commas[ncommas++] = i;
    }
    i++;
  }
  ok = ok && depth == 0 && open > cb && ncommas == nargs - 1;
  for (int i = 0; ok && i < nargs; i++)
    args[i] = piece(w, i ? commas[i - 1] + 1 : open + 1, i < nargs - 1 ? commas[i] : ce - 1);
  free(commas);
  return ok;
}

/* Whether the argument extents [b[i], e[i]) lie strictly inside the call's
 * [cb, ce), in order and apart: not so when a macro's use holds several
 * (f(AB, n) with #define AB A, B gives A and B the extent of AB). */
static bool extents_apart(const size_t *b, const size_t *e, int nargs, size_t cb, size_t ce) {
  for (int i = 0; i < nargs; i++)
    if (!(cb < b[i] && b[i] < e[i] && e[i] < ce && (i == 0 || e[i - 1] <= b[i])))
      return false;
  return true;
}

void walk_call_args(Walker *w, CXCursor call, const char **args, int nargs) {
  CXSourceRange r = clang_getCursorExtent(call);
  size_t cb = 0, ce = 0, first, last;
  size_t *b = calloc((size_t)nargs + 1, sizeof *b), *e = calloc((size_t)nargs + 1, sizeof *e);
  bool call_text = tu_extent(w->tu, call, &cb, &ce), own = call_text && b && e;
  for (int i = 0; own && i < nargs; i++)
    own = tu_extent(w->tu, clang_Cursor_getArgument(call, (unsigned)i), &b[i], &e[i]);
  own = own && extents_apart(b, e, nargs, cb, ce);
  for (int i = 0; i < nargs; i++)
    args[i] = own ? walk_text(w, b[i], e[i]) : "";
  free(b);
  free(e);
  if (own || !call_text || !written_here(clang_getRangeStart(r), &first) ||
      !written_here(clang_getRangeEnd(r), &last))
    return;
  const char **split = calloc((size_t)nargs + 1, sizeof *split);
  if (split && split_arguments(w, cb, ce, split, nargs))
    memcpy(args, split, sizeof *args * (size_t)nargs);
  free(split);
}

CXCursor walk_lookup(Walker *w, const char *name) {
  for (int i = w->nscope - 1; i >= 0; i--)
    if (!strcmp(w->scope[i].name, name))
      return w->scope[i].decl;
  int g = es_strmap_get(&w->globals, name);
  return g >= 0 ? w->global_decls[g] : clang_getNullCursor();
}

bool walk_in_skipped(const Walker *w, size_t offset) {
  for (int i = 0; i < w->nskipped; i++)
    if (w->skipped[2 * i] <= offset && offset < w->skipped[2 * i + 1])
      return true;
  return false;
}

/* Candidates in [from, to) become real or false: real when a token starts
 * at the candidate ('#' or the macro's name) outside a skipped block. */
void walk_confirm_tokens(Walker *w, const CXToken *tok, unsigned n, size_t from, size_t to) {
  int i = annots_lower_bound(w->annots, from);
  unsigned k = 0;
  for (; i < w->annots->len && w->annots->v[i].begin < to; i++) {
    Annot *a = &w->annots->v[i];
    if (a->status != ANNOT_CANDIDATE)
      continue;
    a->status = ANNOT_FALSE;
    for (; k < n; k++) {
      size_t off = tu_offset(clang_getTokenLocation(w->tu->tu, tok[k]));
      if (off > a->begin)
        break;
      CXTokenKind kind = clang_getTokenKind(tok[k]);
      if (off == a->begin && (kind == (a->macro ? CXToken_Identifier : CXToken_Punctuation)))
        a->status = walk_in_skipped(w, off) ? ANNOT_FALSE : ANNOT_REAL;
    }
  }
}

void walk_confirm(Walker *w, size_t from, size_t to) {
  CXToken *tok = NULL;
  unsigned n = 0;
  CXSourceRange r = clang_getRange(tu_location(w->tu, from), tu_location(w->tu, to));
  clang_tokenize(w->tu->tu, r, &tok, &n);
  walk_confirm_tokens(w, tok, n, from, to);
  clang_disposeTokens(w->tu->tu, tok, n);
}

const char *walk_annot_spelling(const Annot *a) {
  switch (a->parsed.kind) {
  case ES_ANNOT_REGION: return a->macro ? "ESCHED_REGION" : "'#pragma esched region'";
  case ES_ANNOT_STREAM: return a->macro ? "ESCHED_STREAM" : "'#pragma esched stream'";
  default: return a->macro ? "ESCHED_TASK" : "'#pragma esched task'";
  }
}

void walk_add_access(Walker *w, int n, const XAccess *acc) {
  if (n >= 0 && x_node_access(w->x, n, acc))
    w->nomem = true;
  for (int i = 0; i < w->nblocks; i++)
    if (w->blocks[i] != n && x_node_access(w->x, w->blocks[i], acc))
      w->nomem = true;
}

void walk_record_call(Walker *w, CXCursor call, bool in_loop) {
  CXCursor fn = tu_called_function(call);
  if (clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
      !clang_Location_isFromMainFile(clang_getCursorLocation(fn)))
    return;
  char *name = tu_string(clang_getCursorSpelling(fn));
  const char *callee = name ? walk_intern(w, name) : NULL;
  free(name);
  if (!callee || es_vec_reserve(&w->calls, &w->calls_cap, w->ncalls + 1, sizeof *w->calls)) {
    w->nomem = true;
    return;
  }
  w->calls[w->ncalls++] = (Call){w->func, callee, in_loop};
}

void walk_close_host(Walker *w) { w->open_host = -1; }
