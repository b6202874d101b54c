/* The state of the front end's AST walk (libclang), and the few operations
 * on it that every part of the walk uses (walker.c, diaglist.c). The parts
 * sit above it, each with its own header, and call each other only
 * downward in this list:
 *
 *   walk.c      top level, statements, scopes, attaching annotations
 *   stream.c    `stream` regions and their tasks (crown collections)
 *   task.c      one annotated region: its accesses (clauses or inference
 *               from the callee's prototype), variants and checks
 *   items.c     one item of a data clause: variable or member path, type,
 *               section
 *   callgraph.c which functions run many times (loops, recursion)
 *   replay.c    which tasks must never run twice
 *   refs.c      the variables a piece of host code reads and writes, and
 *               the calls it makes (for the call graph)
 *   value_bytes.c  which bytes of a type carry value (refs.c's TypeInfo)
 *
 * Diagnostics are collected in a DiagList and printed sorted by position
 * once the walk is over, so that every error of the file shows in order.
 */
#ifndef ESCHED_PASS_FRONTEND_WALKER_H
#define ESCHED_PASS_FRONTEND_WALKER_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "pass/diag/diag.h"
#include "pass/frontend/annot.h"
#include "pass/frontend/extract.h"
#include "pass/frontend/tu.h"
#include "scheduler/base/strmap.h"

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

/* What the front end needs of a variable's type, computed once per type.
 * A parameter declared as an array is a pointer (C11 6.7.6.3p7): its
 * declared outer bound is only the author's word for its extent. */
typedef struct TypeInfo {
  CXType type;
  bool param;                        /* the type of a parameter, adjusted */
  const char *elem_type;             /* element (pointee) type without qualifiers */
  long long elem_size, count, bytes; /* -1 when unknown */
  long long bound;                   /* a parameter declared T a[N]: N; else -1 */
  bool pointer;
  bool pointee_pointer; /* its elements are pointers (T **, T *a[N]): data reached through them */
  bool holds_pointers;  /* its elements (or it) are structures with pointer members, at any depth */
  bool volatile_data;   /* its elements (its pointee, or it) are volatile */
  /* value_bytes.h: the bytes of its innermost element that carry value,
   * when some do not (padding); NULL, 0 when all do. In the unit's arena. */
  const long long *value_spans;
  int nvalue_spans;
  long long value_elem; /* that element's sizeof */
} TypeInfo;

/* What refs.c needs of a variable, computed once per function walk. */
typedef struct DeclInfo {
  CXCursor decl;
  const char *name;
  size_t declared; /* offset of its declaration */
  bool main_file;  /* declared in the main file */
  const TypeInfo *type;
} DeclInfo;

/* What a function of the file does to the file-scope variables named in
 * some clause, itself or through the functions it calls (refs.c): host
 * code calling it does that too. */
typedef struct CalleeUses {
  XAccess *v;
  int n, cap;
} CalleeUses;

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

  TypeInfo **types; /* a small cache: a file uses few distinct types */
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
  int loop_depth;              /* loops around the current statement within the function */
  size_t loop_begin, loop_end; /* the outermost of them (with loop_depth > 0) */
  int open_host;               /* the X_HOST node host statements extend, or -1 */
  EsStrMap ordinals;           /* "callee" -> count of tasks calling it in this function */
  int nregions;
  int nstreams;    /* stream regions of the function so far (default names) */
  CXCursor *stack; /* children of the statements being walked */
  int nstack, stack_cap;

  EsStrMap callee_memo; /* function name -> index into callees */
  CalleeUses *callees;
  int ncallees, callees_cap;
  int summary_depth;     /* summaries being scanned, one inside the other */
  int nglobals_seen;     /* global_decls looked at for clause_variables */
  int nodes_seen;        /* nodes looked at for clause_variables */
  bool clause_variables; /* one of them is a variable */

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

/* walker.c */
const char *walk_intern(Walker *w, const char *s);
char *walk_text(Walker *w, size_t begin, size_t end);    /* source text in the unit's arena */
char *walk_text_dup(Walker *w, const char *s, size_t n); /* s[0..n) in the unit's arena */
/* The text of each of the nargs arguments of call into args (the unit's
 * arena): their own extents when each lies strictly inside the call's,
 * apart from the others; else, when the call is written out in the file
 * (an argument whose last token is a macro's argument, as in
 * POLYBENCH_ARRAY(A), has an empty extent), the texts between the commas
 * of its parentheses, comments blanked; else "" for every one (a call a
 * macro writes, CALL(f, a, n), or arguments a macro writes, f(AB, n)). */
void walk_call_args(Walker *w, CXCursor call, const char **args, int nargs);
/* The variable name refers to at the current point, or a null cursor. */
CXCursor walk_lookup(Walker *w, const char *name);
/* Adds access to node n and to every enclosing block. */
void walk_add_access(Walker *w, int n, const XAccess *acc);
void walk_record_call(Walker *w, CXCursor call, bool in_loop);
/* Whether offset lies in a skipped preprocessor block (#if 0). */
bool walk_in_skipped(const Walker *w, size_t offset);
/* Confirms the annotation candidates in [from, to) with tokens: real when a
 * token starts at the candidate outside a skipped block, else false. */
void walk_confirm(Walker *w, size_t from, size_t to);
/* The same with tokens the caller has (n of them, covering [from, to)). */
void walk_confirm_tokens(Walker *w, const CXToken *tok, unsigned n, size_t from, size_t to);
/* Ends the run of host statements that the next one would extend. */
void walk_close_host(Walker *w);

/* How annotation a is spelled in messages ('#pragma esched task', ESCHED_TASK, ...). */
const char *walk_annot_spelling(const Annot *a);

#endif
