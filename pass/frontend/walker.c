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
