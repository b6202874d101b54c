/* The AST walk of the front end (libclang): the state shared by its files.
 *
 *   walk.c      top level, statements, scopes, attaching annotations
 *   refs.c      the variables a piece of host code reads and writes, and
 *               the calls it makes (for the call graph)
 *   task.c      one annotated region: its accesses (clauses or inference
 *               from the callee's prototype), variants and checks
 *   callgraph.c which functions run many times (loops, recursion)
 *   stream.c    `stream` regions and their tasks (crown collections)
 *
 * Diagnostics are collected in a DiagList and printed sorted by position
 * once the walk is over, so that every error of the file shows in order.
 */
#ifndef ESCHED_PASS_WALK_H
#define ESCHED_PASS_WALK_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "pass/annot.h"
#include "pass/diag.h"
#include "pass/extract.h"
#include "pass/tu.h"
#include "scheduler/strmap.h"

typedef struct DiagEntry {
  size_t key; /* offset of the error a note belongs to */
  int seq;
  DiagLevel level;
  size_t offset;
  char *message;
} DiagEntry;

typedef struct DiagList {
  DiagEntry *v;
  int len, cap;
  int errors;
} DiagList;

/* A variable in scope (locals; globals live in Walker.globals). */
typedef struct ScopeVar {
  const char *name;
  CXCursor decl;
} ScopeVar;

/* A direct call between functions of the main file. */
typedef struct Call {
  int caller;
  const char *callee;
  bool in_loop;
} Call;

/* What the front end needs of a variable's type, computed once per type. */
typedef struct TypeInfo {
  CXType type;
  const char *elem_type;             /* element (pointee) type without qualifiers */
  long long elem_size, count, bytes; /* -1 when unknown */
  bool pointer;
} TypeInfo;

/* What refs.c needs of a variable, computed once per function walk. */
typedef struct DeclInfo {
  CXCursor decl;
  const char *name;
  size_t declared; /* offset of its declaration */
  bool main_file;  /* declared in the main file */
  const TypeInfo *type;
} DeclInfo;

typedef struct Func {
  const char *name;
  CXCursor cursor;
  size_t begin, end; /* its extent */
  bool annotated;    /* walked in full */
  bool multi_run;
} Func;

typedef struct Walker {
  Tu *tu;
  const Source *src;
  AnnotList *annots;
  XUnit *x;
  DiagList diags;
  bool nomem;

  /* Top-level declarations named in some clause (items, variants). */
  EsStrMap wanted;  /* name -> 1 */
  EsStrMap globals; /* name -> index into global_decls */
  CXCursor *global_decls;
  int nglobals, globals_cap;
  EsStrMap task_names; /* task name -> node, for duplicates */

  Func *funcs;
  int nfuncs, funcs_cap;
  Call *calls;
  int ncalls, calls_cap;

  TypeInfo *types; /* a small cache: a file uses few distinct types */
  int ntypes, types_cap;
  DeclInfo *decls; /* the variables referenced in the current function */
  int ndecls, decls_cap;

  /* Skipped preprocessor blocks (#if 0) as offset pairs. */
  size_t *skipped;
  int nskipped;
  /* Tokens of the whole file, for annotations outside any statement gap. */
  CXToken *all_tokens;
  unsigned nall_tokens;

  /* The function being walked. */
  int func;
  const char *func_name;
  ScopeVar *scope;
  int nscope, scope_cap;
  int graph;   /* current graph, -1 outside task functions */
  int *blocks; /* enclosing X_BLOCK nodes receiving every access */
  int nblocks, blocks_cap;
  int loop_depth;    /* loops around the current statement within the function */
  int open_host;     /* the X_HOST node host statements extend, or -1 */
  EsStrMap ordinals; /* "callee" -> count of tasks calling it in this function */
  int nregions;
  int nstreams;    /* stream regions of the function so far (default names) */
  CXCursor *stack; /* children of the statements being walked */
  int nstack, stack_cap;

  /* replay.c: function USR -> verdict, and the effects found. */
  EsStrMap replay_memo;
  const char **replay_effects;
  int nreplay_effects;
} Walker;

/* diag list: printed sorted by key, then in order of addition. */
void walk_error(Walker *w, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void walk_note(Walker *w, size_t key, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
void walk_warning(Walker *w, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void diags_print(const DiagList *d, const Source *src);
void diags_free(DiagList *d);

/* walk.c */
const char *walk_intern(Walker *w, const char *s);
char *walk_text(Walker *w, size_t begin, size_t end); /* source text in the unit's arena */
/* The variable name refers to at the current point, or a null cursor. */
CXCursor walk_lookup(Walker *w, const char *name);
/* Adds access to node n and to every enclosing block. */
void walk_add_access(Walker *w, int n, const XAccess *acc);
void walk_record_call(Walker *w, CXCursor call, bool in_loop);
/* Confirms the annotation candidates in [from, to) with tokens. */
void walk_confirm(Walker *w, size_t from, size_t to);
/* Ends the run of host statements that the next one would extend. */
void walk_close_host(Walker *w);

/* replay.c: why a task whose code is function fn (a declaration) must not
 * run twice -- "fprintf in report", a C library call with effects beyond
 * memory reached from fn's definition in this file -- or NULL. */
const char *replay_effect(Walker *w, CXCursor fn);

/* refs.c: the accesses of host code c to variables (mode in or inout, whole
 * variables), added to node n (when n >= 0; tasks pass inferred = true) and
 * to the enclosing blocks, and the calls made in c. With no node and no
 * block (a function without annotations) only the calls are recorded. */
void refs_scan(Walker *w, CXCursor c, size_t begin, size_t end, int n, bool inferred);
/* Only the calls made in c. */
void refs_calls(Walker *w, CXCursor c);
/* Fills acc for a whole variable declared by decl (type, element type,
 * bytes when the variable is an array or a scalar). */
bool refs_whole_access(Walker *w, CXCursor decl, const char *name, EsAccessMode mode, XAccess *acc);
/* The facts of type t (cached), or NULL when out of memory. */
const TypeInfo *refs_type_info(Walker *w, CXType t);
/* Strips implicit casts and parentheses. */
CXCursor refs_strip(CXCursor c);
/* The first child of c, or a null cursor. */
CXCursor refs_first_child(CXCursor c);

/* task.c: the annotation ann attached to statement c. */
void task_attach(Walker *w, int ann, CXCursor c, size_t begin, size_t end);
/* A task's key: its name() clause, else FUNCTION.CALLEE.K (FUNCTION.block.K
 * for a block), the K-th task of the function calling CALLEE. */
const char *task_key(Walker *w, int ann, const char *callee);
/* Reports name as a duplicate when a task, region or stream already has it
 * (task, region and stream names share one namespace: profile keys). */
void task_check_unique(Walker *w, const char *name, int ann);
/* The file offset of column col of annotation a's text. */
size_t task_at_col(const Annot *a, int col);
/* How annotation a is spelled in messages ('#pragma esched task', ESCHED_TASK, ...). */
const char *walk_annot_spelling(const Annot *a);
/* The name of a region: its name() clause, else FUNCTION.region.K. */
const char *task_default_region_name(Walker *w, const Annot *a);
/* The node's accesses with constant sections: bytes, once clang evaluated
 * the section expressions (after the walk). */
void task_resolve_constants(Walker *w);

/* stream.c: a `stream` annotation ann before compound statement [begin,
 * end): records the stream; returns its index or -1. */
int stream_begin(Walker *w, int ann, size_t begin, size_t end);
/* Task annotation ann of stream s before statement c. */
void stream_task(Walker *w, int s, int ann, CXCursor c, size_t begin, size_t end);
/* Clauses that only tasks of a stream take (width, work, efficiency). */
bool stream_only_clause(EsClauseKind k);
/* After the walk: widths and core counts from clang's constants, and the
 * checks that need them. */
void stream_resolve(Walker *w);

/* callgraph.c: walks (for their calls only) the functions that may call an
 * annotated function, directly or through others. */
bool callgraph_walk_callers(Walker *w);
/* Marks the graphs of functions that run many times. */
bool callgraph_mark_multi_run(Walker *w);

/* walk.c: the whole translation unit. Returns false when out of memory. */
bool walk_unit(Walker *w);
void walk_free(Walker *w);

#endif
