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

#include "scheduler/arena.h"
#include "scheduler/graph.h"

/* An access of a node to a data item. kill: the item's data is dead after
 * the node (free(p)); a.mode is 0 when the node does nothing else to it. */
typedef struct XAccess {
  EsAccess a;
  bool kill;
  long long lo_val, len_val;   /* the section's constant bounds, or -1 */
  long long elem_size;         /* sizeof one element, or -1 */
  long long count;             /* elements of a constant-size array, or -1 */
  size_t span_begin, span_end; /* host code: the statements making the access */
  bool whole;                  /* the whole variable (no section) */
  bool len_omitted;            /* a[lo:] of an array: the length is the rest */
  bool pointer;                /* the variable is a pointer */
} XAccess;

typedef enum XKind {
  X_TASK,  /* an annotated task region */
  X_HOST,  /* host statements touching variables */
  X_BLOCK, /* a loop with deferred tasks, or a nested region: host code here */
} XKind;

typedef struct XVariant {
  const char *device, *function;
} XVariant;

typedef struct XNode {
  XKind kind;
  const char *name; /* tasks: name(ID) or the default key; others: set by the builder */
  int graph;
  bool deferred;
  const char *callee; /* a call region's function, or NULL */
  const char **args;
  int nargs;
  XVariant *variants;
  int nvariants;
  const char *pin; /* device name or NULL */
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

typedef struct XUnit {
  XGraph *graphs;
  int ngraphs, graphs_cap;
  XNode *nodes; /* program order within each graph */
  int nnodes, nodes_cap;
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

/* Records a variable that dies at the end of graph g's scope. */
int x_graph_local(XUnit *u, int g, const char *name);

const char *x_intern(XUnit *u, const char *s);

#endif
