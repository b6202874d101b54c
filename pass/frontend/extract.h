/* What the front end finds in one translation unit, between the AST walk
 * (walk.c, libclang) and the graph builder (depgraph.c, no libclang):
 * graph scopes (functions and `region` blocks) and, per scope, its nodes in
 * program order — task regions, host code touching variables, and blocks
 * (a loop holding deferred tasks, a nested region) that stand for their
 * contents in the enclosing graph.
 *
 * Everything lives in the unit's arena and is freed with it.
 */
#ifndef ESCHED_PASS_EXTRACT_H
#define ESCHED_PASS_EXTRACT_H

#include <stdbool.h>

#include "scheduler/base/arena.h"
#include "scheduler/crown/crown.h"
#include "scheduler/model/graph.h"

/* An access of a node to a data item. kill: the item's data is dead after
 * the node (free(p)); a.mode is 0 when the node does nothing else to it.
 * a.item is a variable's name or a member path ("p->v", "s.a"), which is
 * also the C expression of the item. A section of several dimensions
 * (A[lo:len][lo2:len2]) keeps its first in a.lo and a.len and the others
 * in inner_*: the task touches the bytes from A[lo][lo2] to the last
 * element of the section. */
typedef struct XAccess {
  EsAccess a;
  bool kill;
  const char **inner_lo, **inner_len; /* [ninner]: texts, NULL when omitted */
  long long *inner_count;             /* [ninner]: elements of that dimension, or -1 */
  int ninner;
  bool inner_full;             /* every inner dimension is whole: the section is a run of rows */
  long long lo_val, len_val;   /* the section's constant bounds, or -1 */
  long long elem_size;         /* sizeof one element, or -1 */
  long long count;             /* elements of a constant-size array, or -1 */
  size_t span_begin, span_end; /* host code: the statements making the access */
  bool whole;                  /* the whole variable (no section) */
  bool len_omitted;            /* a[lo:] of an array: the length is the rest */
  bool pointer;                /* the variable is a pointer */
  bool indirect;               /* its elements are pointers (T **): data reached through them */
  /* Its bytes are volatile (volatile int flag, const volatile double *p):
   * generated code hands its address to the runtime through ESRT_ADDR. */
  bool volatile_data;
  /* The bytes of one innermost element (arrays stripped: every range of a
   * section starts at one) that carry its value, as value_elem-periodic
   * [begin, end) pairs, when some bytes carry none (a structure's padding,
   * an x87 long double's last 6): ESCHED_CHECK does not call the others
   * unwritten (EsrtTask.values). NULL, 0: every byte carries value. */
  const long long *value_spans;
  int nvalue_spans;
  long long value_elem;
  /* A task's pointer item made from another pointer (blk = a + k: "a";
   * p = m.data: "m.data"), as a C expression valid at the task: the
   * runtime files the item's ranges under it, where host code naming that
   * pointer finds them (esrt_host_whole). NULL: the item itself. */
  const char *anchor;
  /* A deferred task's variable that is no pointer and is declared inside
   * the task's loop: its storage dies at every iteration, so the task must
   * be done with it, and devices must drop their copies, before then. */
  bool loop_local;
} XAccess;

typedef enum XKind {
  X_TASK,  /* an annotated task region */
  X_HOST,  /* host statements touching variables */
  X_BLOCK, /* a loop with deferred tasks, or a nested region: host code here */
} XKind;

typedef struct XVariant {
  const char *device, *function;
  const char *launcher; /* "cuda" or "opencl" for a launcher of kernels; NULL: plain C */
} XVariant;

typedef struct XNode {
  XKind kind;
  const char *name; /* tasks: name(ID) or the default key; others: set by the builder */
  int graph;
  bool deferred;
  const char *callee; /* a call region's function, or NULL */
  const char *via;    /* a call through a pointer: the callee expression (fp, ops->run) */
  /* A deferred task naming data through a pointer declared inside its
   * outermost loop [sync_loop, sync_after): after that loop the data has no
   * name esched knows, so the rewriter ends the region there; else 0. */
  size_t sync_loop, sync_after;
  const char **args;
  int nargs;
  XVariant *variants;
  int nvariants;
  const char *pin; /* device name or NULL */
  /* Why the task must never run twice (ESRT_NO_REPLAY): "clause", or the
   * effect replay.c found ("fprintf in report"); NULL when it may. */
  const char *noreplay;
  /* A deferred task with an argument pointing into a compound literal,
   * whose storage ends with its block: the task runs before the next
   * statement. */
  bool literal_args;
  /* Its data holds pointers into the process's memory (a T ** row table, a
   * structure with pointer members): the task works on host memory through
   * them, which another process (an MPI rank) does not share. */
  bool host_memory;
  EsSourceRange range;
  XAccess *acc;
  int nacc, acc_cap;
  int line, col; /* the annotation, for diagnostics */
} XNode;

typedef struct XGraph {
  const char *name;     /* function name, or the region's name */
  const char *function; /* the enclosing function */
  EsSourceRange range;
  bool multi_run;      /* the function runs many times: every task deferred */
  const char **locals; /* automatic non-pointer variables: dead at the scope's end */
  int nlocals, locals_cap;
  int ntasks; /* task regions in it (static or deferred) */
} XGraph;

/* A number of a stream clause as written: a plain number in the crown
 * model's units, or a time (with a unit: 2ms) that the collection turns
 * into work at the fastest level (seconds * F_max). */
typedef struct XAmount {
  double value; /* < 0 when the clause is absent */
  bool time;
} XAmount;

/* One task of a stream region: a call run by a team of cores. */
typedef struct XStreamTask {
  const char *name;
  const char *callee;
  const char **args;  /* argument texts, as written */
  const char **types; /* the callee's parameter types, spelled (capture) */
  int nargs;
  bool team_params; /* the callee's last two parameters are int (member, members) */
  const char *width_text;
  size_t width_at; /* file offset of the width expression */
  long long width; /* W, once clang evaluated it; -1 when unknown */
  XAmount work;
  EsCrownEffKind eff;
  XAmount comm;                    /* ES_CROWN_EFF_COMM */
  double table[ES_CROWN_ZMAX + 1]; /* ES_CROWN_EFF_TABLE: e(2^z), 0 = not listed */
  size_t at;                       /* the annotation's offset */
  size_t call_at;                  /* the call statement's first byte */
  EsSourceRange range;             /* the call statement, with its ';' */
} XStreamTask;

/* A `#pragma esched stream` region: one round of its tasks (docs/annotations.md). */
typedef struct XStream {
  const char *name;
  const char *function;   /* the enclosing function */
  size_t fn_begin;        /* its first byte: outlined team functions go before it */
  size_t at;              /* the annotation's offset */
  EsSourceRange range;    /* the compound statement */
  const char *cores_text; /* NULL: the default */
  size_t cores_at;
  long long cores; /* once evaluated; 0 when absent, -1 when unknown */
  double deadline; /* seconds; 0 when absent */
  XStreamTask *tasks;
  int ntasks, tasks_cap;
} XStream;

/* A pointer variable of a function made from another's address
 * (T *q = p + k; q = &p[k]; q = m.data): host code touching either touches
 * the data tasks name through the other. base is a variable or a member
 * path; base_decl is where its variable is declared (a source offset).
 * declaration: made where it is declared (T *q = ...), not assigned. An
 * assignment esched cannot follow (q = malloc(n)) is recorded with base
 * NULL: the pointer then has another origin too. at: where (an offset).
 * loaded: the pointer was loaded from memory esched cannot name
 * (row = rows[i], q = a[k].v): what it points to may be any task's data. */
typedef struct XAlias {
  const char *function, *pointer, *base;
  size_t base_decl, at;
  bool declaration, loaded;
} XAlias;

typedef struct XUnit {
  XGraph *graphs;
  int ngraphs, graphs_cap;
  XNode *nodes; /* program order within each graph */
  int nnodes, nodes_cap;
  XStream *streams; /* in program order */
  int nstreams, streams_cap;
  XAlias *aliases;
  int naliases, aliases_cap;
  EsArena arena;
} XUnit;

void x_unit_free(XUnit *u);

/* Appends a graph or node (zeroed but for the given fields); returns its
 * index or -1 when out of memory. */
int x_graph_add(XUnit *u, const char *name, const char *function);
int x_node_add(XUnit *u, XKind kind, int graph);

/* Adds access to node n, merging it into an access to the same item: modes
 * combine (in + out = inout), differing sections widen to the whole item.
 * Returns 0 or ES_ENOMEM. */
int x_node_access(XUnit *u, int n, const XAccess *acc);

/* Appends a stream (zeroed) or a task of stream s (zeroed but for width
 * -1 and absent amounts); index or -1 when out of memory. */
int x_stream_add(XUnit *u);
int x_stream_task_add(XUnit *u, int s);

/* Records a variable that dies at the end of graph g's scope. */
int x_graph_local(XUnit *u, int g, const char *name);

const char *x_intern(XUnit *u, const char *s);

/* Whether data items a and b share bytes by their names: the same path, or
 * one reached from the other through members ("p" and "p->v", "s" and
 * "s.a.b"); "p->v" and "p->w" are different data. */
bool x_items_related(const char *a, const char *b);

/* Records that pointer `pointer` of function fn is made from the address
 * in `base` (a variable or member path, its variable declared at source
 * offset base_decl; NULL: from something esched cannot follow), at source
 * offset at, where it is declared or by an assignment. Returns 0 or
 * ES_ENOMEM. */
int x_alias_add(XUnit *u, const char *fn, const char *pointer, const char *base, size_t base_decl,
                size_t at, bool declaration);
/* Records that pointer variable `pointer` of function fn was loaded from
 * memory esched cannot name, at source offset at (XAlias.loaded). */
int x_alias_loaded(XUnit *u, const char *fn, const char *pointer, size_t at);
/* Whether item's variable is such a pointer somewhere in function fn. */
bool x_item_loaded(const XUnit *u, const char *fn, const char *item);
/* Drops the anchors (XAccess.anchor) that a pointer's value may not come
 * from: reached through a pointer the function also assigns, or ending at
 * a pointer assigned after the declaration made from it (src = dst in a
 * loop after half = src + n/2). */
void x_settle_anchors(XUnit *u);
/* Whether member paths a and b name the same members below different
 * roots (w->cells and world.cells, p->q.v and s.q.v): through a pointer to
 * the other's root, the same data. */
bool x_items_same_member(const char *a, const char *b);
/* Whether pointer is made, through aliases of function fn, from base (end
 * = a + 4: end from a). */
bool x_item_derived_from(const XUnit *u, const char *fn, const char *pointer, const char *base);
/* Whether items a and b of function fn may share bytes: related by name,
 * or joined by aliases (transitively). *meet (when meet is not NULL)
 * receives the name related to b where the search reached it: b itself,
 * or a member path below b (a task on p, made from m.data, meets host
 * code on m at "m.data"), or a name of which b is a member. */
bool x_items_may_share(const XUnit *u, const char *fn, const char *a, const char *b,
                       const char **meet);

#endif
