/* The AST walk: top-level declarations, function bodies statement by
 * statement, scopes, and the attachment of annotations to the statement
 * after them (walk.h).
 *
 * libclang does not keep unknown pragmas in the AST, so annotations are
 * found in the gaps between sibling statements: a candidate from the raw
 * text (annot.h) that lies in the gap before statement S is confirmed with
 * clang_tokenize over that gap only (the tokens start at a real token
 * boundary, so a comment or string around the candidate is seen as such)
 * and attached to S. Functions without candidates only get a light walk
 * that records their calls for the call graph.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "pass/frontend/callgraph.h"
#include "pass/frontend/refs.h"
#include "pass/frontend/stream.h"
#include "pass/frontend/task.h"
#include "pass/frontend/walk.h"
#include "scheduler/base/error.h"
#include "scheduler/base/vec.h"

static void walk_stmt(Walker *w, CXCursor c, size_t b, size_t e);
static void walk_region(Walker *w, int ann, CXCursor c, size_t b, size_t e);
static void walk_stream(Walker *w, int ann, CXCursor c, size_t b, size_t e);

/* ---- scopes ---- */

static void scope_push(Walker *w, CXCursor decl) {
  char *name = tu_string(clang_getCursorSpelling(decl));
  const char *interned = name ? walk_intern(w, name) : NULL;
  free(name);
  if (!interned || es_vec_reserve(&w->scope, &w->scope_cap, w->nscope + 1, sizeof *w->scope)) {
    w->nomem = true;
    return;
  }
  w->scope[w->nscope++] = (ScopeVar){interned, decl};
}

/* An automatic variable that is not a pointer dies with its scope: a task
 * that writes it needs no copy back to the host at the end. */
static void maybe_local(Walker *w, CXCursor decl) {
  if (w->graph < 0 || clang_Cursor_getStorageClass(decl) == CX_SC_Static ||
      clang_Cursor_getStorageClass(decl) == CX_SC_Extern)
    return;
  CXType t = clang_getCanonicalType(clang_getCursorType(decl));
  if (t.kind == CXType_Pointer)
    return;
  if (x_graph_local(w->x, w->graph, w->scope[w->nscope - 1].name))
    w->nomem = true;
}

static enum CXChildVisitResult declare_visitor(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Walker *w = d;
  if (clang_getCursorKind(c) == CXCursor_VarDecl) {
    scope_push(w, c);
    maybe_local(w, c);
  }
  return CXChildVisit_Continue;
}

/* ---- confirming annotations with tokens ---- */

/* Whether offset k is the start of one of the annotations i..last. */
static bool annot_at(const Walker *w, int i, int last, size_t k) {
  for (; i <= last; i++)
    if (w->annots->v[i].begin == k)
      return true;
  return false;
}

static void no_statement(Walker *w, Annot *a, const char *why) {
  a->attached = true; /* reported once */
  if (a->expanded)    /* most likely the macro writes the statement too */
    walk_error(w, a->begin,
               "the annotation this macro produces is not followed by a statement after the "
               "macro's use%s (a macro writing both the annotation and the statement is not "
               "supported: write the statement after the use)",
               why);
  else
    walk_error(w, a->begin, "%s is not followed by a statement%s", walk_annot_spelling(a), why);
}

/* A gap starts at a token boundary outside comments and literals (the end
 * of a statement, a '{'). When nothing before its last candidate could open
 * a comment, a literal or a directive, every candidate in it is an
 * annotation (unless a skipped #if block holds it): the common case needs
 * no tokens. */
static bool plain_gap(Walker *w, size_t from, size_t to) {
  int i = annots_lower_bound(w->annots, from), last = i;
  while (last + 1 < w->annots->len && w->annots->v[last + 1].begin < to)
    last++;
  for (size_t k = from; k < w->annots->v[last].begin; k++) {
    char c = w->src->text[k];
    if (c == '/' || c == '"' || c == '\'' || c == '\\' || (c == '#' && !annot_at(w, i, last, k)))
      return false;
  }
  for (int k = i; k <= last; k++)
    if (w->annots->v[k].status == ANNOT_CANDIDATE)
      w->annots->v[k].status = walk_in_skipped(w, w->annots->v[k].begin) ? ANNOT_FALSE : ANNOT_REAL;
  return true;
}

/* The real annotation in the gap [from, to) that the statement at `to`
 * belongs to, or -1. Earlier annotations in the same gap have no statement. */
static int gap_annotation(Walker *w, size_t from, size_t to) {
  AnnotList *l = w->annots;
  int i = annots_lower_bound(l, from);
  if (i >= l->len || l->v[i].begin >= to)
    return -1;
  if (!plain_gap(w, from, to))
    walk_confirm(w, from, to);
  int last = -1;
  for (; i < l->len && l->v[i].begin < to; i++) {
    if (l->v[i].status != ANNOT_REAL || l->v[i].attached)
      continue;
    if (last >= 0)
      no_statement(w, &l->v[last], " (another annotation follows it)");
    last = i;
  }
  return last;
}

static bool has_candidates(const Walker *w, size_t begin, size_t end) {
  int i = annots_lower_bound(w->annots, begin);
  return i < w->annots->len && w->annots->v[i].begin < end;
}

/* ---- statements ---- */

static enum CXChildVisitResult collect_visitor(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Walker *w = d;
  if (es_vec_reserve(&w->stack, &w->stack_cap, w->nstack + 1, sizeof *w->stack)) {
    w->nomem = true;
    return CXChildVisit_Break;
  }
  w->stack[w->nstack++] = c;
  return CXChildVisit_Continue;
}

static void value_arguments(Walker *w, CXCursor c, size_t b, size_t e);

/* Walks the children of parent in order; annotations in the gap before a
 * child attach to it; those after the last child have no statement. */
static void walk_children(Walker *w, CXCursor parent, size_t from, size_t to) {
  int base = w->nstack;
  clang_visitChildren(parent, collect_visitor, w);
  int top = w->nstack;
  size_t prev = from;
  for (int i = base; i < top; i++) {
    CXCursor c = w->stack[i];
    size_t b, e;
    if (!tu_extent(w->tu, c, &b, &e))
      continue;
    int ann = b >= prev ? gap_annotation(w, prev, b) : -1;
    EsAnnotKind kind = ann >= 0 ? w->annots->v[ann].parsed.kind : ES_ANNOT_TASK;
    if (ann >= 0 && kind == ES_ANNOT_REGION)
      walk_region(w, ann, c, b, e);
    else if (ann >= 0 && kind == ES_ANNOT_STREAM)
      walk_stream(w, ann, c, b, e);
    else if (ann >= 0) {
      value_arguments(w, c, b, e);
      task_attach(w, ann, c, b, e);
    } else
      walk_stmt(w, c, b, e);
    prev = e > prev ? e : prev;
  }
  int ann = to > prev ? gap_annotation(w, prev, to) : -1;
  if (ann >= 0)
    no_statement(w, &w->annots->v[ann], "");
  w->nstack = base;
}

/* Host code: its accesses go to the open host node (or a new one), and to
 * the enclosing loop's block. In a loop with deferred tasks the host node is
 * marked deferred: it is not in the static graph, but the rewriter needs it
 * to bring the data of pending tasks to the host before the code runs. A
 * statement touching no variable makes no node. The node's range is settled
 * when the graph is built: it spans the statements that touch the graph's
 * data. */
static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* The start of the line holding offset at of text t. */
static size_t line_start(const char *t, size_t at) {
  while (at > 0 && t[at - 1] != '\n')
    at--;
  return at;
}

/* Whether [b, e) of text t is a macro's use alone on its line, NAME or
 * NAME(...): within a function only a macro that writes a _Pragma (or an
 * attribute) for the statement after it is written so (OMP_FOR, with
 * #define OMP_FOR _Pragma("omp parallel for")). */
static bool macro_line(const char *t, size_t b, size_t e) {
  while (e > b && (blank(t[e - 1]) || t[e - 1] == '\n'))
    e--;
  size_t k = b;
  if (k >= e || !(isalpha((unsigned char)t[k]) || t[k] == '_'))
    return false;
  while (k < e && (isalnum((unsigned char)t[k]) || t[k] == '_'))
    k++;
  static const char *const keywords[] = {"if", "for", "while", "switch", "else", "do", NULL};
  for (const char *const *kw = keywords; *kw; kw++) /* if (c) owns the statement */
    if (k - b == strlen(*kw) && !strncmp(t + b, *kw, k - b))
      return false;
  while (k < e && blank(t[k]))
    k++;
  if (k == e)
    return true;
  if (t[k] != '(' || t[e - 1] != ')')
    return false;
  for (; k < e; k++)
    if (t[k] == ';' || t[k] == '{' || t[k] == '}')
      return false;
  return true;
}

/* The first of the #pragma lines right before a statement starting at b
 * (#pragma omp parallel for, #pragma GCC unroll 4), or of the macros that
 * write one: they belong to the statement, so what goes before it goes
 * before them. b when there are none. */
static size_t pragmas_before(const Walker *w, size_t b) {
  const char *t = w->src->text;
  size_t at = b;
  for (;;) {
    size_t line = line_start(t, at);
    for (size_t k = line; k < at; k++)
      if (!blank(t[k]))
        return at;
    if (line == 0)
      return at;
    size_t prev = line_start(t, line - 1);
    while (prev >= 2 && t[prev - 2] == '\\') /* a backslash continued the line above */
      prev = line_start(t, prev - 1);
    while (prev < line && blank(t[prev]))
      prev++;
    bool pragma = !strncmp(t + prev, "#pragma", 7) && strncmp(t + prev, "#pragma esched", 14);
    if (!pragma && !macro_line(t, prev, line))
      return at;
    at = prev;
  }
}

static void host_stmt(Walker *w, CXCursor c, size_t b, size_t e) {
  bool own = w->graph >= 0;
  b = pragmas_before(w, b);
  int n = own ? w->open_host : -1;
  bool fresh = own && n < 0;
  if (fresh && (n = x_node_add(w->x, X_HOST, w->graph)) < 0) {
    w->nomem = true;
    return;
  }
  if (fresh) {
    w->x->nodes[n].range = source_range(w->src, b, b);
    w->x->nodes[n].deferred = w->loop_depth > 0;
  }
  int before = n >= 0 ? w->x->nodes[n].nacc : 0;
  refs_scan(w, c, b, source_after_semicolon(w->src, e), n, false);
  if (n >= 0 && w->x->nodes[n].nacc > before) {
    w->open_host = n;
  } else if (fresh) {
    w->x->nnodes--; /* the last node: refs_scan adds none */
  }
  if (clang_getCursorKind(c) == CXCursor_DeclStmt)
    clang_visitChildren(c, declare_visitor, w);
}

/* The values a call task's arguments read (scale(x, n, s[k]) reads s[k])
 * are read when the task starts or is submitted, before it runs: host code
 * just before the task, waiting for the tasks that write them. Pointers and
 * arrays passed are the task's own data, which its clauses name. */
static void value_arguments(Walker *w, CXCursor c, size_t b, size_t e) {
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return;
  int n = clang_Cursor_getNumArguments(c);
  for (int i = 0; i < n; i++) {
    CXCursor arg = clang_Cursor_getArgument(c, (unsigned)i);
    if (!tu_pointer_like(clang_getCursorType(arg)))
      host_stmt(w, arg, b, e);
  }
  walk_close_host(w);
}

static void push_block(Walker *w, int n) {
  if (es_vec_reserve(&w->blocks, &w->blocks_cap, w->nblocks + 1, sizeof *w->blocks))
    w->nomem = true;
  else
    w->blocks[w->nblocks++] = n;
}

/* A block node standing for a loop or a region in the current graph. */
static int new_block(Walker *w, size_t b, size_t e) {
  int n = x_node_add(w->x, X_BLOCK, w->graph);
  if (n < 0) {
    w->nomem = true;
    return -1;
  }
  w->x->nodes[n].range = source_range(w->src, b, e);
  return n;
}

/* A loop holding annotations: its tasks are deferred, and the outermost
 * such loop is one block node of the graph. */
static void walk_loop(Walker *w, CXCursor c, size_t b, size_t e) {
  walk_close_host(w);
  int blk = w->loop_depth == 0 && w->graph >= 0 ? new_block(w, b, e) : -1;
  if (blk >= 0)
    push_block(w, blk);
  int scope = w->nscope;
  if (w->loop_depth == 0) /* its #pragma omp parallel for lines are the loop's */
    w->loop_begin = pragmas_before(w, b), w->loop_end = source_after_semicolon(w->src, e);
  w->loop_depth++;
  walk_children(w, c, b, e);
  w->loop_depth--;
  w->nscope = scope;
  if (blk >= 0)
    w->nblocks--;
  walk_close_host(w);
}

/* `region` annotation: the compound statement c gets a graph of its own; in
 * the enclosing graph a block node stands for it. */
static void walk_region(Walker *w, int ann, CXCursor c, size_t b, size_t e) {
  Annot *a = &w->annots->v[ann];
  a->attached = true;
  if (clang_getCursorKind(c) != CXCursor_CompoundStmt || w->graph < 0) {
    walk_error(w, b, "%s must be followed by a compound statement { ... }", walk_annot_spelling(a));
    walk_stmt(w, c, b, e);
    return;
  }
  const char *name = task_default_region_name(w, a);
  int g = name ? x_graph_add(w->x, name, w->func_name) : -1;
  if (g < 0) {
    w->nomem = true;
    return;
  }
  w->x->graphs[g].range = source_range(w->src, b, e);
  walk_close_host(w);
  int blk = w->loop_depth == 0 ? new_block(w, b, e) : -1;
  if (blk >= 0) {
    w->x->nodes[blk].name = name;
    push_block(w, blk);
  }
  int saved = w->graph;
  w->graph = g;
  walk_stmt(w, c, b, e);
  w->graph = saved;
  if (blk >= 0)
    w->nblocks--;
  walk_close_host(w);
}

/* Marks the annotations inside [b, e) as handled: an error about their
 * enclosing statement explains them. */
static void swallow(Walker *w, size_t b, size_t e) {
  walk_confirm(w, b, e);
  for (int i = annots_lower_bound(w->annots, b); i < w->annots->len; i++) {
    if (w->annots->v[i].begin >= e)
      break;
    w->annots->v[i].attached = true;
  }
}

/* One statement of a stream region: a task, or an error. */
static void stream_child(Walker *w, int s, int ann, CXCursor c, size_t b, size_t e) {
  const Annot *a = ann >= 0 ? &w->annots->v[ann] : NULL;
  if (a && a->parsed.kind == ES_ANNOT_TASK) {
    stream_task(w, s, ann, c, b, e);
    return;
  }
  if (a) {
    w->annots->v[ann].attached = true;
    walk_error(w, a->begin, "a stream region holds only tasks: %s cannot be inside it",
               walk_annot_spelling(a));
  } else if (clang_getCursorKind(c) != CXCursor_NullStmt) {
    walk_error(w, b,
               "a stream region holds only tasks: this statement needs "
               "'#pragma esched task'");
  }
  swallow(w, b, e);
  refs_calls(w, c);
}

/* `stream` annotation: the compound statement c is one round of its tasks;
 * it holds nothing else. No node of the enclosing graph stands for it: a
 * round starts with the end of the pending region (docs/runtime.md). */
static void walk_stream(Walker *w, int ann, CXCursor c, size_t b, size_t e) {
  Annot *a = &w->annots->v[ann];
  a->attached = true;
  if (clang_getCursorKind(c) != CXCursor_CompoundStmt || w->graph < 0) {
    walk_error(w, b, "%s must be followed by a compound statement { ... }", walk_annot_spelling(a));
    walk_stmt(w, c, b, e);
    return;
  }
  int s = stream_begin(w, ann, b, e);
  if (s < 0)
    return;
  walk_close_host(w);
  int base = w->nstack;
  clang_visitChildren(c, collect_visitor, w);
  int top = w->nstack;
  size_t prev = b + 1;
  for (int i = base; i < top; i++) {
    size_t cb, ce;
    if (!tu_extent(w->tu, w->stack[i], &cb, &ce))
      continue;
    stream_child(w, s, cb >= prev ? gap_annotation(w, prev, cb) : -1, w->stack[i], cb, ce);
    prev = ce > prev ? ce : prev;
  }
  int last = e - 1 > prev ? gap_annotation(w, prev, e - 1) : -1;
  if (last >= 0)
    no_statement(w, &w->annots->v[last], "");
  w->nstack = base;
  walk_close_host(w);
}

static bool is_loop(enum CXCursorKind k) {
  return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
}

static bool is_container(enum CXCursorKind k) {
  return k == CXCursor_IfStmt || k == CXCursor_SwitchStmt || k == CXCursor_CaseStmt ||
         k == CXCursor_DefaultStmt || k == CXCursor_LabelStmt;
}

/* Statement c, whose extent is [b, e). */
static void walk_stmt(Walker *w, CXCursor c, size_t b, size_t e) {
  enum CXCursorKind k = clang_getCursorKind(c);
  bool annotated = has_candidates(w, b, e);
  if (k == CXCursor_CompoundStmt) {
    int scope = w->nscope;
    walk_close_host(w);
    walk_children(w, c, b + 1, e > b ? e - 1 : e);
    walk_close_host(w);
    w->nscope = scope;
  } else if (annotated && is_loop(k)) {
    walk_loop(w, c, b, e);
  } else if (annotated && is_container(k)) {
    int scope = w->nscope;
    walk_close_host(w);
    walk_children(w, c, b, e);
    walk_close_host(w);
    w->nscope = scope;
  } else if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt || k == CXCursor_LabelStmt) {
    /* The statement a label marks: its waits go after the label, where a
     * goto or a switch jumping there runs them too. */
    CXCursor sub = tu_last_child(c);
    size_t sb, se;
    walk_close_host(w);
    if (!clang_Cursor_isNull(sub) && tu_extent(w->tu, sub, &sb, &se) && sb > b)
      walk_stmt(w, sub, sb, se);
    else
      host_stmt(w, c, b, e);
  } else {
    host_stmt(w, c, b, e);
  }
}

/* ---- functions and the translation unit ---- */

static enum CXChildVisitResult params_visitor(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Walker *w = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_ParmDecl)
    scope_push(w, c);
  size_t b, e;
  if (k == CXCursor_CompoundStmt && tu_extent(w->tu, c, &b, &e))
    walk_stmt(w, c, b, e);
  return CXChildVisit_Continue;
}

static int add_func(Walker *w, const char *name, CXCursor fn, size_t b, size_t e, bool annotated) {
  if (es_vec_reserve(&w->funcs, &w->funcs_cap, w->nfuncs + 1, sizeof *w->funcs)) {
    w->nomem = true;
    return -1;
  }
  w->funcs[w->nfuncs] = (Func){name, fn, b, e, annotated, false};
  return w->nfuncs++;
}

static void walk_function(Walker *w, CXCursor fn, const char *name) {
  size_t b, e;
  if (!tu_extent(w->tu, fn, &b, &e))
    return;
  w->func_name = walk_intern(w, name);
  bool annotated = has_candidates(w, b, e);
  if (!w->func_name || (w->func = add_func(w, w->func_name, fn, b, e, annotated)) < 0)
    return;
  if (!annotated)
    return; /* callgraph_walk_callers walks it if it may call a task */
  w->nscope = w->nblocks = w->loop_depth = w->nregions = w->ndecls = w->nstreams = 0;
  w->open_host = -1;
  es_strmap_free(&w->ordinals);
  w->graph = x_graph_add(w->x, w->func_name, w->func_name);
  if (w->graph < 0) {
    w->nomem = true;
    return;
  }
  w->x->graphs[w->graph].range = source_range(w->src, b, e);
  clang_visitChildren(fn, params_visitor, w);
  w->graph = -1;
}

/* A declaration appended for constant evaluation (annot.h). */
static void evaluate_appendix(Walker *w, CXCursor c) {
  char *name = tu_string(clang_getCursorSpelling(c));
  size_t plen = strlen(ANNOT_EVAL_PREFIX);
  int k = name && !strncmp(name, ANNOT_EVAL_PREFIX, plen) ? atoi(name + plen) : -1;
  free(name);
  if (k < 0 || k >= w->annots->nexprs)
    return;
  CXEvalResult r = clang_Cursor_Evaluate(c);
  if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
    w->annots->value[k] = clang_EvalResult_getAsLongLong(r);
    w->annots->known[k] = true;
  }
  if (r)
    clang_EvalResult_dispose(r);
}

static void remember_global(Walker *w, CXCursor c, const char *name) {
  if (es_strmap_get(&w->wanted, name) >= 0) {
    const char *key = walk_intern(w, name);
    if (key &&
        !es_vec_reserve(&w->global_decls, &w->globals_cap, w->nglobals + 1,
                        sizeof *w->global_decls) &&
        !es_strmap_put(&w->globals, key, w->nglobals))
      w->global_decls[w->nglobals++] = c;
    else
      w->nomem = true;
  }
}

static enum CXChildVisitResult top_visitor(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Walker *w = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k != CXCursor_VarDecl && k != CXCursor_FunctionDecl)
    return CXChildVisit_Continue;
  CXSourceLocation loc = clang_getCursorLocation(c);
  bool main_file = clang_Location_isFromMainFile(loc);
  if (main_file && k == CXCursor_VarDecl && tu_offset(loc) >= w->src->len) {
    evaluate_appendix(w, c);
    return CXChildVisit_Continue;
  }
  char *name = tu_string(clang_getCursorSpelling(c));
  if (!name) {
    w->nomem = true;
    return CXChildVisit_Break;
  }
  remember_global(w, c, name);
  if (k == CXCursor_FunctionDecl && main_file && clang_isCursorDefinition(c))
    walk_function(w, c, name);
  free(name);
  return w->nomem ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Names the clauses mention: only those top-level declarations are kept. */
static bool collect_wanted(Walker *w) {
  for (int i = 0; i < w->annots->len; i++) {
    const EsAnnotation *a = &w->annots->v[i].parsed;
    for (int c = 0; c < a->nclauses; c++) {
      const EsClause *cl = &a->clauses[c];
      if (cl->kind == ES_CLAUSE_VARIANT && cl->ident && es_strmap_put(&w->wanted, cl->ident, 1))
        return false;
      for (int k = 0; k < cl->nitems; k++) {
        char *root = walk_text_dup(w, cl->items[k].name, (size_t)cl->items[k].root_len);
        if (!root || es_strmap_put(&w->wanted, root, 1))
          return false;
      }
    }
  }
  return true;
}

static bool load_skipped(Walker *w) {
  CXSourceRangeList *l = clang_getSkippedRanges(w->tu->tu, w->tu->file);
  if (!l)
    return true;
  w->skipped = malloc(sizeof *w->skipped * 2 * (l->count + 1));
  if (w->skipped)
    for (unsigned i = 0; i < l->count; i++) {
      w->skipped[2 * w->nskipped] = tu_offset(clang_getRangeStart(l->ranges[i]));
      w->skipped[2 * w->nskipped + 1] = tu_offset(clang_getRangeEnd(l->ranges[i]));
      w->nskipped++;
    }
  clang_disposeSourceRangeList(l);
  return w->skipped != NULL;
}

/* Candidates no statement gap contained (file scope, inside an expression):
 * the whole file's tokens decide whether they are annotations. */
static void leftovers(Walker *w) {
  for (int i = 0; i < w->annots->len; i++) {
    Annot *a = &w->annots->v[i];
    if (a->status == ANNOT_CANDIDATE && !w->all_tokens) {
      CXSourceRange r = clang_getRange(tu_location(w->tu, 0), tu_location(w->tu, w->src->len));
      clang_tokenize(w->tu->tu, r, &w->all_tokens, &w->nall_tokens);
      walk_confirm_tokens(w, w->all_tokens, w->nall_tokens, 0, w->src->len);
    }
    if (a->status == ANNOT_REAL && !a->attached)
      no_statement(w, a, " in a function body");
  }
}

/* Clause errors of every real annotation, at their file positions. */
static void report_clause_errors(Walker *w) {
  for (int i = 0; i < w->annots->len; i++) {
    Annot *a = &w->annots->v[i];
    if (a->status != ANNOT_REAL)
      continue;
    if (a->macro && a->end > w->src->len)
      walk_error(w, a->text - 1, "unbalanced parentheses: this '(' is not closed");
    for (int k = 0; k < a->parsed.nerrors; k++)
      walk_error(w, annot_at_col(a, a->parsed.errors[k].col), "%s%s",
                 a->expanded ? "in the expansion of this macro: " : "",
                 a->parsed.errors[k].message);
  }
  for (int i = 0; i < w->annots->npragma_macros; i++)
    if (!walk_in_skipped(w, w->annots->pragma_macros[i]))
      walk_warning(w, w->annots->pragma_macros[i],
                   "esched does not see the annotations this macro writes with _Pragma; write "
                   "them with ESCHED_TASK(...), ESCHED_REGION(...) or ESCHED_STREAM(...) from "
                   "<esched.h>");
}

bool walk_unit(Walker *w) {
  w->graph = -1;
  w->open_host = -1;
  if (!collect_wanted(w) || !load_skipped(w))
    return false;
  clang_visitChildren(clang_getTranslationUnitCursor(w->tu->tu), top_visitor, w);
  if (w->nomem)
    return false;
  leftovers(w);
  report_clause_errors(w);
  task_resolve_constants(w);
  task_member_data(w);
  x_settle_anchors(w->x);
  stream_resolve(w);
  return callgraph_walk_callers(w) && callgraph_mark_multi_run(w) && !w->nomem;
}

void walk_free(Walker *w) {
  if (w->all_tokens)
    clang_disposeTokens(w->tu->tu, w->all_tokens, w->nall_tokens);
  es_strmap_free(&w->wanted);
  es_strmap_free(&w->globals);
  es_strmap_free(&w->task_names);
  es_strmap_free(&w->ordinals);
  es_strmap_free(&w->replay_memo);
  es_strmap_free(&w->callee_memo);
  for (int i = 0; i < w->ncallees; i++)
    free(w->callees[i].v);
  free(w->callees);
  free(w->replay_effects);
  free(w->global_decls);
  for (int i = 0; i < w->ntypes; i++)
    free(w->types[i]);
  free(w->types);
  free(w->decls);
  free(w->funcs);
  free(w->calls);
  free(w->skipped);
  free(w->scope);
  free(w->blocks);
  free(w->stack);
  diags_free(&w->diags);
}
