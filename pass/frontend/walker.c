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

/* Where token t begins and ends in the file. */
static void token_span(const Walker *w, CXToken t, size_t *begin, size_t *end) {
  CXSourceRange r = clang_getTokenExtent(w->tu->tu, t);
  *begin = tu_offset(clang_getRangeStart(r)), *end = tu_offset(clang_getRangeEnd(r));
}

/* Whether token t is the punctuator p. */
static bool punct(const Walker *w, CXToken t, const char *p) {
  if (clang_getTokenKind(t) != CXToken_Punctuation)
    return false;
  CXString s = clang_getTokenSpelling(w->tu->tu, t);
  bool is = !strcmp(clang_getCString(s), p);
  clang_disposeString(s);
  return is;
}

/* The text of tokens [from, to) as the file writes them, in the unit's
 * arena; a comment between two of them becomes blanks. */
static const char *token_text(Walker *w, const CXToken *tok, unsigned from, unsigned to) {
  size_t b, e, gap, next, unused;
  token_span(w, tok[from], &b, &unused);
  token_span(w, tok[to - 1], &unused, &e);
  char *s = walk_text(w, b, e);
  for (unsigned k = from + 1; s && k < to; k++) {
    token_span(w, tok[k - 1], &unused, &gap);
    token_span(w, tok[k], &next, &unused);
    if (gap < next)
      memset(s + (gap - b), ' ', next - gap);
  }
  return s ? s : "";
}

/* The tokens of [b, e) but comments (clang_tokenize keeps them), in a
 * copy the caller frees; *n their number. */
static CXToken *code_tokens(const Walker *w, size_t b, size_t e, unsigned *n) {
  CXToken *all = NULL;
  unsigned nall = 0;
  clang_tokenize(w->tu->tu, clang_getRange(tu_location(w->tu, b), tu_location(w->tu, e)), &all,
                 &nall);
  CXToken *code = malloc(((size_t)nall + 1) * sizeof *code);
  *n = 0;
  for (unsigned k = 0; code && k < nall; k++) {
    size_t tb, te;
    token_span(w, all[k], &tb, &te);
    if (clang_getTokenKind(all[k]) != CXToken_Comment && tb < e) /* tokenize may add one at e */
      code[(*n)++] = all[k];
  }
  clang_disposeTokens(w->tu->tu, all, nall);
  return code;
}

/* Splits the last parenthesized group of the call's text [cb, ce), which
 * must close at its end, at its top-level commas, by libclang's tokens
 * (strings, character constants and comments are never split): the
 * argument texts of a call written out. Returns false when the group does
 * not hold exactly nargs arguments of at least one token each. */
static bool split_arguments(Walker *w, size_t cb, size_t ce, const char **args, int nargs) {
  unsigned n = 0, open = 0, *start = calloc((size_t)nargs + 1, sizeof *start);
  CXToken *tok = code_tokens(w, cb, ce, &n);
  size_t b, e = 0;
  if (tok && n > 0)
    token_span(w, tok[n - 1], &b, &e);
  int depth = 0, found = -1;
  bool ok = start && tok && n > 0 && e == ce && punct(w, tok[n - 1], ")");
  for (unsigned k = 0; ok && k < n; k++) {
    if (punct(w, tok[k], "(") || punct(w, tok[k], "[") || punct(w, tok[k], "{")) {
      if (depth++ == 0 && punct(w, tok[k], "("))
        open = k, found = 0, start[0] = k + 1; /* the last group at depth 0 is the arguments' */
    } else if (punct(w, tok[k], ")") || punct(w, tok[k], "]") || punct(w, tok[k], "}")) {
      ok = --depth >= 0;
    } else if (depth == 1 && found >= 0 && punct(w, tok[k], ",")) {
      ok = found + 1 < nargs;
      if (ok)
        start[++found] = k + 1;
    }
  }
  ok = ok && depth == 0 && open > 0 && found == nargs - 1;
  for (int i = 0; ok && i < nargs; i++) {
    unsigned end = (i + 1 < nargs ? start[i + 1] : n) - 1; /* its comma or the ')' */
    ok = start[i] < end;
    if (ok)
      args[i] = token_text(w, tok, start[i], end);
  }
  free(tok);
  free(start);
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
