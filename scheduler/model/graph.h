/* The task graph: tasks, the edges between them and the data items the edges
 * carry, as read from a graph file (docs/formats.md) or built by the front end
 * and the generators.
 *
 * A graph names devices by string ("cpu", "gpu"); binding it to a platform
 * (problem.h) turns names into indices and costs into energies. The graph owns
 * every string and record it points to (one arena), so a graph is freed with
 * one call and borrowed pointers live until es_graph_free.
 */
#ifndef ESCHED_SCHEDULER_GRAPH_H
#define ESCHED_SCHEDULER_GRAPH_H

#include <stdbool.h>
#include <stddef.h>

#include "scheduler/base/arena.h"
#include "scheduler/base/error.h"
#include "scheduler/base/strmap.h"

/* A position in the input file, 1-based; {0, 0} when the object was not read
 * from a file. */
typedef struct EsMark {
  int line, col;
} EsMark;

/* One per-device value of a task: an abstract energy (`cost:`) or an
 * execution time in seconds (`time:`). level is the DVFS level index
 * (0 = highest) when the file gave a list per level, or -1 when it gave one
 * scalar (for times: the top level, scaled to the others by the platform). */
typedef struct EsDeviceValue {
  int device; /* index into EsGraph.device_names */
  int level;
  double value;
  EsMark mark;
} EsDeviceValue;

typedef enum EsAccessMode {
  ES_ACCESS_IN = 1,
  ES_ACCESS_OUT = 2,
  ES_ACCESS_INOUT = 3,
} EsAccessMode;

/* One data item a task reads or writes (front end). lo and len are C
 * expression text of an array section `p[lo:len]`, NULL for a whole
 * variable; bytes is the size when known at compile time, else -1. */
typedef struct EsAccess {
  const char *item;
  EsAccessMode mode;
  const char *lo, *len;
  const char *elem_type; /* C type of one element, e.g. "float" */
  double bytes;
  bool inferred; /* mode came from the callee's prototype, not a clause */
} EsAccess;

/* The implementation of a task on one device (front end): the region itself
 * on the CPU, a named function elsewhere. */
typedef struct EsVariant {
  int device; /* index into EsGraph.device_names */
  const char *function;
} EsVariant;

/* Source range of a task region (front end), 1-based lines and columns; end
 * is one past the last character; offsets are byte offsets in the file. */
typedef struct EsSourceRange {
  const char *file;
  int line, col, end_line, end_col;
  long begin_offset, end_offset;
} EsSourceRange;

typedef enum EsTaskKind {
  ES_TASK_REGION = 0, /* an annotated task region */
  ES_TASK_HOST = 1,   /* host code between tasks touching task data (CPU-pinned) */
  ES_TASK_INPUT = 2,  /* a node standing for input data in host memory */
} EsTaskKind;

/* What the front end knows of a task beyond its costs. NULL for tasks of plain
 * graph files. */
typedef struct EsTaskSourceInfo {
  const char *function; /* enclosing C function */
  const char *callee;   /* the called function when the region is one call */
  const char **args;    /* the call's argument texts (front end), or NULL */
  int nargs;
  EsVariant *variants;
  int nvariants;
  EsAccess *accesses;
  int naccesses;
  EsSourceRange range;
  bool deferred; /* in a loop or recursion: scheduled at run time */
  /* Why the task must never run twice: "clause" (the noreplay clause) or
   * the effect the front end found ("fprintf in report"); NULL when it may. */
  const char *noreplay;
} EsTaskSourceInfo;

typedef struct EsTask {
  const char *name; /* unique in the graph; NULL for a task known by its index
                       alone (the runtime's deferred tasks, named only when
                       an error must name them) */
  const char *key;  /* stable profile key; NULL means name. The graph's own
                       copy, or a string the caller keeps alive longer */
  int pin;          /* device index the task must run on, or -1 */
  EsTaskKind kind;
  int cost_begin, cost_len; /* abstract energies in EsGraph.values */
  int time_begin, time_len; /* times in seconds in EsGraph.values */
  double mem_bound;         /* fraction of time that does not scale with frequency */
  EsMark mark;
  EsTaskSourceInfo *source;
} EsTask;

typedef enum EsEdgeKind {
  ES_EDGE_DATA = 0,  /* read after write: carries a data item */
  ES_EDGE_ORDER = 1, /* write after read / write after write: order only */
} EsEdgeKind;

/* 56 bytes: the ints side by side, no padding (a large DAG has more edges
 * than tasks). */
typedef struct EsEdge {
  int from, to; /* task indices */
  EsEdgeKind kind;
  int data_id;      /* > 0: the item by number instead of by name, for callers
                       that number items (the runtime): edges with the same
                       number carry the same item; 0: by data */
  const char *data; /* data item name; edges from one producer naming the same
                       item share one transfer per destination device */
  double bytes;     /* physical size; -1 when not given */
  double cost;      /* abstract transfer energy; NAN when not given */
  double time;      /* abstract transfer time; NAN when not given */
  EsMark mark;
} EsEdge;

typedef enum EsGraphShape {
  ES_SHAPE_EMPTY = 0,
  ES_SHAPE_IN_TREE,  /* connected, every task feeds at most one task */
  ES_SHAPE_OUT_TREE, /* connected, every task is fed by at most one task */
  ES_SHAPE_TREE,     /* connected, undirected acyclic, neither of the above */
  ES_SHAPE_FOREST,   /* several components, each undirected acyclic */
  ES_SHAPE_DAG,      /* anything else without a cycle */
} EsGraphShape;

typedef struct EsGraph {
  const char *file;        /* name of the input, for diagnostics (may be NULL) */
  const char *name;        /* the graph's name (e.g. the C function), may be NULL */
  const char *fingerprint; /* front end: hash of the task structure, or NULL */
  /* Front end: the enclosing C function and the source range of the graph's
   * scope (the function, or a `#pragma esched region` block); range.line 0
   * when unknown. noalias lists the data items the graph assumes distinct
   * (docs/annotations.md): the rewriter checks them in debug builds. */
  const char *function;
  EsSourceRange range;
  const char **noalias;
  int nnoalias;

  EsTask *tasks;
  int ntasks, tasks_cap;
  EsEdge *edges;
  int nedges, edges_cap;
  EsDeviceValue *values;
  int nvalues, values_cap;
  const char **device_names; /* every device the graph names */
  int ndevices, devices_cap;
  /* Deferred tasks found by the front end: not part of the static graph. */
  EsTask *deferred;
  int ndeferred, deferred_cap;

  EsArena arena;
  /* Task name -> index. Readers drop it once a graph is complete
   * (es_graph_drop_index): scheduling never looks a name up, and at 10^6
   * tasks it is 32 MB; es_graph_find_task builds it again when asked. */
  EsStrMap task_index;
  bool index_dropped;
} EsGraph;

/* Allocation. es_graph_new returns NULL when out of memory; es_graph_free
 * accepts NULL. */
EsGraph *es_graph_new(void);
void es_graph_free(EsGraph *g);

/* Removes every task, edge, value and deferred task, keeping the devices and
 * the arrays' capacity: a caller that builds graph after graph (the runtime,
 * at each flush) reuses the memory. Strings interned so far stay until
 * es_graph_free. */
void es_graph_clear(EsGraph *g);

/* Copies s into the graph's arena. */
const char *es_graph_intern(EsGraph *g, const char *s);

/* Returns the index of device name (adding it), or -1 when out of memory. */
int es_graph_device(EsGraph *g, const char *name);
/* Returns the index of device name, or -1 if the graph does not name it. */
int es_graph_find_device(const EsGraph *g, const char *name);

/* Appends a task named name (copied; NULL: unnamed, see EsTask) and returns
 * its index; -1 when out of memory. Duplicate names are the caller's to check
 * (es_graph_find_task). */
int es_graph_add_task(EsGraph *g, const char *name);
/* Index of the task named name, or -1. O(1) expected (after an O(n)
 * rebuild of the index the first time after es_graph_drop_index). */
int es_graph_find_task(EsGraph *g, const char *name);
/* Starts loading the index entry es_graph_find_task(g, name) will read: a
 * reader calls it an item before it looks name up. Only a hint. */
void es_graph_prefetch_task(const EsGraph *g, const char *name);
/* Frees the name index until the next es_graph_find_task (or
 * es_graph_add_task) needs it. */
void es_graph_drop_index(EsGraph *g);
/* Appends a per-device value to the cost (is_time false) or time list of
 * task t, which must be the last task added or have no values yet. */
int es_graph_add_value(EsGraph *g, int t, bool is_time, int device, int level, double value,
                       EsMark mark);
/* Appends an edge with bytes = -1, cost = time = NAN, kind DATA, data_id 0.
 * Returns its index or -1. */
int es_graph_add_edge(EsGraph *g, int from, int to, const char *data);

/* The stable key of a task: its key, else its name. */
const char *es_task_key(const EsTask *t);

/* Topological order of the tasks (Kahn's algorithm, ties by index) into
 * order[ntasks]. On a cycle returns ES_ECYCLE with the error at one edge of
 * the cycle and the cycle spelled out in the message. O(V + E). */
int es_graph_topo_order(const EsGraph *g, int *order, EsError *err);

/* 0 when the graph has no cycle, else es_graph_topo_order's error. O(V + E),
 * without building an order when every edge to a lower index leaves a task
 * that nothing feeds (the runtime's graphs). */
int es_graph_check_acyclic(const EsGraph *g, EsError *err);

/* Shape of the graph (undirected structure and edge directions). Edges of
 * both kinds count. O(V + E). */
EsGraphShape es_graph_shape(const EsGraph *g);
const char *es_graph_shape_name(EsGraphShape s);

/* A 64-bit FNV-1a hash of the tasks' names, keys and edges, as 16 hex digits
 * into buf[17]: the fingerprint the rewriter uses to detect a stale schedule. */
void es_graph_compute_fingerprint(const EsGraph *g, char buf[17]);

/* A list of graphs, one per YAML document of a graph file. */
typedef struct EsGraphList {
  EsGraph **v;
  int len, cap;
} EsGraphList;

int es_graph_list_push(EsGraphList *l, EsGraph *g);
void es_graph_list_free(EsGraphList *l);

#endif
