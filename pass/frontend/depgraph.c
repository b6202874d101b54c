/* The dependency analysis (depgraph.h). */
#include "pass/frontend/depgraph.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/strmap.h"
#include "scheduler/base/vec.h"

enum { OUTPUT_ID = INT_MAX, HOST_COPY = -1 };

/* A version of an item (node HOST_COPY: the host's copy before the first
 * task) or a read of one. */
typedef struct Use {
  int node;
  const XAccess *acc;
} Use;

typedef struct Item {
  const char *name;
  Use *live, *readers;
  int nlive, live_cap, nreaders, readers_cap;
  bool dead; /* freed, or a local of the scope */
  int input; /* its input node, or -1 */
} Item;

typedef struct Edge {
  int from, to;
  EsEdgeKind kind;
  const char *data;
  double bytes;
} Edge;

typedef struct Builder {
  const XUnit *u;
  const Source *src;
  const XGraph *xg;
  const int *scope; /* every node of the graph, in program order */
  int nscope;
  int *nodes; /* static nodes: XNode indices in program order */
  int nnodes;
  Item *items;
  int nitems, items_cap;
  EsStrMap item_index;
  Edge *edges;
  int nedges, edges_cap;
  int *input_item; /* per input node */
  int ninputs, inputs_cap;
  bool paths; /* some item is a member path (p->v): related names share data */
  bool nomem;
} Builder;

static const XNode *node_of(const Builder *b, int id) { return &b->u->nodes[b->nodes[id]]; }

static bool is_static_task(const XGraph *g, const XNode *n) {
  return n->kind == X_TASK && !n->deferred && !g->multi_run;
}

/* ---- sections ---- */

static bool same_text(const char *a, const char *b) {
  return (!a && !b) || (a && b && !strcmp(a, b));
}

static bool constant(const XAccess *a) { return !a->whole && a->lo_val >= 0 && a->len_val >= 0; }

static bool overlap(const XAccess *a, const XAccess *b) {
  if (!a || !b || !constant(a) || !constant(b))
    return true;
  return a->lo_val < b->lo_val + b->len_val && b->lo_val < a->lo_val + a->len_val;
}

/* Whether writing w replaces all of version v. */
static bool covers(const XAccess *w, const XAccess *v) {
  if (w->whole)
    return true;
  if (!v || v->whole || (w->ninner > 0 && !w->inner_full))
    return false;
  if (same_text(w->a.lo, v->a.lo) && same_text(w->a.len, v->a.len))
    return true;
  return constant(w) && constant(v) && w->lo_val <= v->lo_val &&
         v->lo_val + v->len_val <= w->lo_val + w->len_val;
}

/* ---- items and edges ---- */

static int item_find(Builder *b, const char *name) { return es_strmap_get(&b->item_index, name); }

/* The next item from i on whose data an access to name touches (itself,
 * or one related through members), or -1. */
static int item_next(Builder *b, const char *name, int i) {
  if (!b->paths)
    return i == 0 ? item_find(b, name) : -1;
  for (; i < b->nitems; i++)
    if (x_items_related(b->items[i].name, name))
      return i;
  return -1;
}

static void item_add(Builder *b, const char *name) {
  if (item_find(b, name) >= 0)
    return;
  if (es_vec_reserve(&b->items, &b->items_cap, b->nitems + 1, sizeof *b->items) ||
      es_strmap_put(&b->item_index, name, b->nitems)) {
    b->nomem = true;
    return;
  }
  Item *it = &b->items[b->nitems++];
  memset(it, 0, sizeof *it);
  it->name = name;
  b->paths |= strpbrk(name, ".-") != NULL;
  it->input = -1;
  for (int i = 0; i < b->xg->nlocals; i++)
    if (!strcmp(b->xg->locals[i], name))
      it->dead = true; /* marked now, takes effect at the end */
}

static void push_use(Builder *b, Use **v, int *n, int *cap, int node, const XAccess *acc) {
  if (es_vec_reserve(v, cap, *n + 1, sizeof **v))
    b->nomem = true;
  else
    (*v)[(*n)++] = (Use){node, acc};
}

static bool has_edge(const Builder *b, int from, int to, const char *data) {
  for (int i = b->nedges - 1; i >= 0; i--) {
    const Edge *e = &b->edges[i];
    if (e->from == from && e->to == to && (!data || (e->data && !strcmp(e->data, data))))
      return true;
  }
  return false;
}

static void add_edge(Builder *b, int from, int to, const char *data, double bytes) {
  if (from == to || has_edge(b, from, to, data))
    return;
  if (es_vec_reserve(&b->edges, &b->edges_cap, b->nedges + 1, sizeof *b->edges)) {
    b->nomem = true;
    return;
  }
  b->edges[b->nedges++] =
      (Edge){from, to, data ? ES_EDGE_DATA : ES_EDGE_ORDER, data, data ? bytes : -1};
}

/* The input node of item i, added the first time a task reads the host's
 * copy. Ids of inputs follow the static nodes. */
static int input_of(Builder *b, int i) {
  if (b->items[i].input >= 0)
    return b->items[i].input;
  if (es_vec_reserve(&b->input_item, &b->inputs_cap, b->ninputs + 1, sizeof *b->input_item)) {
    b->nomem = true;
    return -1;
  }
  b->input_item[b->ninputs] = i;
  return b->items[i].input = b->nnodes + b->ninputs++;
}

/* ---- the analysis ---- */

/* The part of constant section r not yet covered by [lo, hi) ranges of
 * newer versions: cov holds up to 8 such ranges (then coverage is no
 * longer tracked, which only keeps more edges). */
typedef struct Cover {
  long long lo[8], hi[8];
  int n;
} Cover;

static bool uncovered_overlap(const Cover *cv, long long lo, long long hi) {
  for (long long at = lo; at < hi;) {
    bool moved = false;
    for (int i = 0; i < cv->n; i++)
      if (cv->lo[i] <= at && at < cv->hi[i]) {
        at = cv->hi[i];
        moved = true;
      }
    if (!moved)
      return true;
  }
  return false;
}

/* Whether version w still shows through the newer versions in cv for a
 * read of acc; records w's part. */
static bool shows_through(Cover *cv, const XAccess *w, const XAccess *acc) {
  bool whole = !w || w->whole; /* the host's copy, or a whole write */
  if (!constant(acc) || (!whole && !constant(w)))
    return true;
  long long lo = acc->lo_val, hi = acc->lo_val + acc->len_val;
  if (!whole) {
    lo = w->lo_val > lo ? w->lo_val : lo;
    hi = w->lo_val + w->len_val < hi ? w->lo_val + w->len_val : hi;
  }
  bool shows = uncovered_overlap(cv, lo, hi);
  if (cv->n < 8) {
    cv->lo[cv->n] = lo;
    cv->hi[cv->n++] = hi;
  }
  return shows;
}

/* Newest version first: an older version matters only for the part of the
 * read that no newer version covers. */
static void read_item(Builder *b, int v, Item *it, int i, const XAccess *acc) {
  bool task = node_of(b, v)->kind == X_TASK;
  Cover cv = {.n = 0};
  for (int k = it->nlive - 1; k >= 0; k--) {
    const Use *w = &it->live[k];
    if (!overlap(w->acc, acc) || !shows_through(&cv, w->acc, acc))
      continue;
    if (w->node != HOST_COPY)
      add_edge(b, w->node, v, it->name, w->acc->a.bytes);
    else if (task) /* host code already has the host's copy */
      add_edge(b, input_of(b, i), v, it->name, -1);
    if (w->acc && covers(w->acc, acc))
      break;
  }
  push_use(b, &it->readers, &it->nreaders, &it->readers_cap, v, acc);
}

static void write_item(Builder *b, int v, Item *it, const XAccess *acc) {
  int keep = 0;
  for (int k = 0; k < it->nreaders; k++) {
    Use r = it->readers[k];
    if (r.node != v && overlap(r.acc, acc))
      add_edge(b, r.node, v, NULL, -1);
    if (r.node == v || !covers(acc, r.acc))
      it->readers[keep++] = r;
  }
  it->nreaders = keep;
  keep = 0;
  for (int k = 0; k < it->nlive; k++) {
    Use w = it->live[k];
    if (w.node != HOST_COPY && w.node != v && overlap(w.acc, acc))
      add_edge(b, w.node, v, NULL, -1);
    if (!covers(acc, w.acc) && w.node != v)
      it->live[keep++] = w;
  }
  it->nlive = keep;
  push_use(b, &it->live, &it->nlive, &it->live_cap, v, acc);
}

static void kill_item(Item *it) {
  it->nlive = it->nreaders = 0;
  it->dead = true;
}

/* Reads first, then writes: a task reading and writing one item depends on
 * the earlier writers and orders the later ones. */
static void visit(Builder *b, int v) {
  const XNode *n = node_of(b, v);
  for (int pass = 0; pass < 3; pass++)
    for (int k = 0; k < n->nacc; k++) {
      const XAccess *acc = &n->acc[k];
      for (int i = item_next(b, acc->a.item, 0); i >= 0; i = item_next(b, acc->a.item, i + 1)) {
        Item *it = &b->items[i];
        if (pass == 0 && (acc->a.mode & ES_ACCESS_IN))
          read_item(b, v, it, i, acc);
        else if (pass == 1 && (acc->a.mode & ES_ACCESS_OUT))
          write_item(b, v, it, acc);
        else if (pass == 2 && acc->kill)
          kill_item(it);
      }
    }
}

/* Whether host code read version w after it was written: then the data is
 * in host memory already. */
static bool read_on_host(const Builder *b, const Item *it, const Use *w) {
  for (int k = 0; k < it->nreaders; k++) {
    const Use *r = &it->readers[k];
    if (r->node > w->node && node_of(b, r->node)->kind != X_TASK && covers(r->acc, w->acc))
      return true;
  }
  return false;
}

/* The output node reads the last version of every item that outlives the
 * scope and was written by a node of the graph (and not read by host code
 * since, which brought it back already). */
static void outputs(Builder *b) {
  for (int i = 0; i < b->nitems; i++) {
    const Item *it = &b->items[i];
    if (it->dead)
      continue;
    for (int k = 0; k < it->nlive; k++)
      if (it->live[k].node != HOST_COPY && !read_on_host(b, it, &it->live[k]))
        add_edge(b, it->live[k].node, OUTPUT_ID, it->name, it->live[k].acc->a.bytes);
  }
}

static bool select_nodes(Builder *b) {
  const XUnit *u = b->u;
  b->nodes = malloc(sizeof *b->nodes * ((size_t)b->nscope + 1));
  if (!b->nodes)
    return false;
  bool started = false;
  for (int s = 0; s < b->nscope; s++) {
    int i = b->scope[s];
    const XNode *n = &u->nodes[i];
    if (is_static_task(b->xg, n)) {
      started = true;
      for (int k = 0; k < n->nacc; k++)
        item_add(b, n->acc[k].a.item);
    }
    if (is_static_task(b->xg, n) || (started && n->kind != X_TASK && !n->deferred))
      b->nodes[b->nnodes++] = i;
  }
  return !b->nomem;
}

/* ---- building the EsGraph ---- */

typedef struct Emit {
  Builder *b;
  EsGraph *g;
  int *id_to_task; /* static node id -> task index, or -1 when dropped */
  int output;
  int nhost, nloop;
} Emit;

static const char *intern(Emit *e, const char *s) {
  const char *c = s ? es_graph_intern(e->g, s) : NULL;
  if (s && !c)
    e->b->nomem = true;
  return c;
}

static EsTaskSourceInfo *source_info(Emit *e, int t) {
  EsTaskSourceInfo *si = es_arena_alloc(&e->g->arena, sizeof *si);
  if (!si)
    e->b->nomem = true;
  e->g->tasks[t].source = si;
  return si;
}

static void copy_access(Emit *e, EsAccess *dst, const XAccess *src) {
  *dst = src->a;
  dst->item = intern(e, src->a.item);
  dst->lo = intern(e, src->a.lo);
  dst->len = intern(e, src->a.len);
  dst->elem_type = intern(e, src->a.elem_type);
}

/* Accesses of n to the graph's items (host code touches other variables
 * too; only the items matter). */
static void copy_accesses(Emit *e, EsTaskSourceInfo *si, const XNode *n, bool all) {
  si->accesses = es_arena_alloc(&e->g->arena, sizeof *si->accesses * ((size_t)n->nacc + 1));
  if (!si->accesses) {
    e->b->nomem = true;
    return;
  }
  for (int k = 0; k < n->nacc; k++)
    if (n->acc[k].a.mode && (all || item_next(e->b, n->acc[k].a.item, 0) >= 0))
      copy_access(e, &si->accesses[si->naccesses++], &n->acc[k]);
}

static int add_task(Emit *e, const char *name, EsTaskKind kind, bool pinned) {
  int t = es_graph_add_task(e->g, name);
  if (t < 0) {
    e->b->nomem = true;
    return -1;
  }
  e->g->tasks[t].kind = kind;
  if (pinned)
    e->g->tasks[t].pin = es_graph_device(e->g, "cpu");
  return t;
}

/* A task region: its source facts for the rewriter and the profile. */
static void emit_region(Emit *e, const XNode *n, int t) {
  EsTaskSourceInfo *si = source_info(e, t);
  if (!si)
    return;
  si->callee = intern(e, n->callee); /* the function: the graph's */
  si->args = es_arena_alloc(&e->g->arena, sizeof *si->args * ((size_t)n->nargs + 1));
  for (int i = 0; si->args && i < n->nargs; i++)
    si->args[si->nargs++] = intern(e, n->args[i]);
  si->variants = es_arena_alloc(&e->g->arena, sizeof *si->variants * ((size_t)n->nvariants + 1));
  for (int i = 0; si->variants && i < n->nvariants; i++)
    si->variants[si->nvariants++] = (EsVariant){es_graph_device(e->g, n->variants[i].device),
                                                intern(e, n->variants[i].function)};
  copy_accesses(e, si, n, true);
  si->range = n->range;
  si->range.file = intern(e, n->range.file);
  si->deferred = n->deferred || e->b->xg->multi_run;
  si->noreplay = intern(e, n->noreplay);
  /* Without a variant the region itself is the only implementation. */
  const char *pin = n->pin ? n->pin : n->nvariants == 0 ? "cpu" : NULL;
  if (pin)
    e->g->tasks[t].pin = es_graph_device(e->g, pin);
}

static const char *host_name(Emit *e, const XNode *n, char *buf, size_t len) {
  if (n->name)
    return n->name;
  bool loop = n->kind == X_BLOCK;
  snprintf(buf, len, "%s.%s.%d", e->b->xg->name, loop ? "loop" : "host",
           loop ? ++e->nloop : ++e->nhost);
  return buf;
}

/* Host statements: from the first to the last that touches the graph's
 * data (the run may hold statements touching other variables only). */
static EsSourceRange host_range(Emit *e, const XNode *n) {
  size_t b = (size_t)-1, end = 0;
  for (int k = 0; k < n->nacc; k++) {
    const XAccess *a = &n->acc[k];
    if (!a->a.mode || item_next(e->b, a->a.item, 0) < 0)
      continue;
    b = a->span_begin < b ? a->span_begin : b;
    end = a->span_end > end ? a->span_end : end;
  }
  if (end == 0)
    return n->range;
  return source_range(e->b->src, b, end);
}

static void emit_host(Emit *e, const XNode *n, int id) {
  char buf[512];
  int t = add_task(e, host_name(e, n, buf, sizeof buf), ES_TASK_HOST, true);
  e->id_to_task[id] = t;
  EsTaskSourceInfo *si = t >= 0 ? source_info(e, t) : NULL;
  if (!si)
    return;
  copy_accesses(e, si, n, false);
  si->range = n->kind == X_HOST ? host_range(e, n) : n->range;
  si->range.file = intern(e, n->range.file);
}

static bool touched(const Builder *b, int id) {
  for (int i = 0; i < b->nedges; i++)
    if (b->edges[i].from == id || b->edges[i].to == id)
      return true;
  return false;
}

static void emit_nodes(Emit *e) {
  Builder *b = e->b;
  char buf[512];
  for (int k = 0; k < b->ninputs; k++) {
    const char *item = b->items[b->input_item[k]].name;
    snprintf(buf, sizeof buf, "%s.in.%s", b->xg->name, item);
    add_task(e, buf, ES_TASK_INPUT, true); /* its item: the data of its edges */
  }
  for (int id = 0; id < b->nnodes; id++) {
    const XNode *n = node_of(b, id);
    e->id_to_task[id] = -1;
    if (n->kind == X_TASK) {
      int t = add_task(e, n->name, ES_TASK_REGION, false);
      e->id_to_task[id] = t;
      if (t >= 0)
        emit_region(e, n, t);
    } else if (touched(b, id)) {
      emit_host(e, n, id);
    }
  }
  e->output = -1;
  for (int i = 0; i < b->nedges && e->output < 0; i++)
    if (b->edges[i].to == OUTPUT_ID) {
      snprintf(buf, sizeof buf, "%s.out", b->xg->name);
      e->output = add_task(e, buf, ES_TASK_HOST, true);
    }
}

static int task_of(const Emit *e, int id) {
  if (id == OUTPUT_ID)
    return e->output;
  if (id >= e->b->nnodes)
    return id - e->b->nnodes; /* inputs come first */
  return e->id_to_task[id];
}

/* An input's size is the largest section its readers read, when all of them
 * are known: edges from one producer agree on the item's size. */
static double input_bytes(const Builder *b, int id) {
  double bytes = -1;
  for (int i = 0; i < b->nedges; i++) {
    const Edge *ed = &b->edges[i];
    if (ed->from != id)
      continue;
    const XNode *n = node_of(b, ed->to);
    for (int k = 0; k < n->nacc; k++)
      if (!strcmp(n->acc[k].a.item, ed->data)) {
        if (n->acc[k].a.bytes < 0)
          return -1;
        bytes = n->acc[k].a.bytes > bytes ? n->acc[k].a.bytes : bytes;
      }
  }
  return bytes;
}

static void emit_edges(Emit *e) {
  const Builder *b = e->b;
  for (int i = 0; i < b->nedges; i++) {
    const Edge *ed = &b->edges[i];
    int from = task_of(e, ed->from), to = task_of(e, ed->to);
    if (from < 0 || to < 0)
      continue;
    int k = es_graph_add_edge(e->g, from, to, ed->data);
    if (k < 0) {
      e->b->nomem = true;
      return;
    }
    e->g->edges[k].kind = ed->kind;
    e->g->edges[k].bytes =
        ed->from >= b->nnodes && ed->from != OUTPUT_ID ? input_bytes(b, ed->from) : ed->bytes;
  }
}

/* Deferred tasks are added like tasks, then moved out of the static graph
 * (their names stay indexed, as es_graph_read does). */
static void emit_deferred(Emit *e) {
  EsGraph *g = e->g;
  int before = g->ntasks;
  for (int k = 0; k < e->b->nscope; k++) {
    const XNode *n = &e->b->u->nodes[e->b->scope[k]];
    if (n->kind != X_TASK || is_static_task(e->b->xg, n))
      continue;
    int t = add_task(e, n->name, ES_TASK_REGION, false);
    if (t >= 0)
      emit_region(e, n, t);
  }
  int n = g->ntasks - before;
  if (n == 0)
    return;
  g->deferred = malloc(sizeof *g->deferred * (size_t)n);
  if (!g->deferred) {
    e->b->nomem = true;
    return;
  }
  memcpy(g->deferred, g->tasks + before, sizeof *g->deferred * (size_t)n);
  g->ndeferred = g->deferred_cap = n;
  g->ntasks = before;
}

/* Pointer items may alias; the graph assumes they do not. */
static void emit_noalias(Emit *e) {
  const Builder *b = e->b;
  e->g->noalias = es_arena_alloc(&e->g->arena, sizeof *e->g->noalias * ((size_t)b->nitems + 1));
  for (int i = 0; e->g->noalias && i < b->nitems; i++) {
    bool pointer = false;
    for (int id = 0; id < b->nnodes && !pointer; id++) {
      const XNode *n = node_of(b, id);
      for (int k = 0; k < n->nacc; k++)
        pointer |=
            n->kind == X_TASK && n->acc[k].pointer && !strcmp(n->acc[k].a.item, b->items[i].name);
    }
    if (pointer)
      e->g->noalias[e->g->nnoalias++] = intern(e, b->items[i].name);
  }
}

static EsGraph *emit(Builder *b, const char *file) {
  EsGraph *g = es_graph_new();
  Emit e = {b, g, NULL, -1, 0, 0};
  if (!g || !(e.id_to_task = malloc(sizeof *e.id_to_task * ((size_t)b->nnodes + 1)))) {
    es_graph_free(g);
    b->nomem = true;
    return NULL;
  }
  g->file = intern(&e, file);
  g->name = intern(&e, b->xg->name);
  g->function = intern(&e, b->xg->function);
  g->range = b->xg->range;
  g->range.file = intern(&e, b->xg->range.file);
  emit_nodes(&e);
  emit_edges(&e);
  emit_deferred(&e);
  emit_noalias(&e);
  char fp[17];
  es_graph_compute_fingerprint(g, fp);
  g->fingerprint = intern(&e, fp);
  free(e.id_to_task);
  if (b->nomem) {
    es_graph_free(g);
    return NULL;
  }
  return g;
}

static void builder_free(Builder *b) {
  for (int i = 0; i < b->nitems; i++) {
    free(b->items[i].live);
    free(b->items[i].readers);
  }
  free(b->items);
  free(b->nodes);
  free(b->edges);
  free(b->input_item);
  es_strmap_free(&b->item_index);
}

static int build_one(const XUnit *u, const Source *src, int gi, const int *scope, int nscope,
                     EsGraphList *out) {
  Builder b = {0};
  b.u = u;
  b.src = src;
  b.xg = &u->graphs[gi];
  b.scope = scope;
  b.nscope = nscope;
  EsGraph *g = NULL;
  if (select_nodes(&b)) {
    for (int i = 0; i < b.nitems; i++)
      push_use(&b, &b.items[i].live, &b.items[i].nlive, &b.items[i].live_cap, HOST_COPY, NULL);
    for (int v = 0; v < b.nnodes && !b.nomem; v++)
      visit(&b, v);
    outputs(&b);
    g = b.nomem ? NULL : emit(&b, src->path);
  }
  bool ok = g && !es_graph_list_push(out, g);
  if (!ok)
    es_graph_free(g);
  builder_free(&b);
  return ok ? ES_OK : ES_ENOMEM;
}

int depgraph_build(const XUnit *u, const Source *src, EsGraphList *out) {
  /* The nodes of each graph (CSR), in program order. */
  int *first = calloc((size_t)u->ngraphs + 2, sizeof *first);
  int *node = malloc(((size_t)u->nnodes + 1) * sizeof *node);
  int rc = first && node ? ES_OK : ES_ENOMEM;
  for (int i = 0; !rc && i < u->nnodes; i++)
    first[u->nodes[i].graph + 2]++;
  for (int g = 0; !rc && g < u->ngraphs; g++)
    first[g + 2] += first[g + 1];
  for (int i = 0; !rc && i < u->nnodes; i++)
    node[first[u->nodes[i].graph + 1]++] = i;
  for (int gi = 0; !rc && gi < u->ngraphs; gi++)
    if (u->graphs[gi].ntasks > 0) /* else its candidates were comments */
      rc = build_one(u, src, gi, node + first[gi], first[gi + 1] - first[gi], out);
  free(first);
  free(node);
  return rc;
}
