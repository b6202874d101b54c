/* Graph files: reading and writing (docs/formats.md, "Graph file"). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"
#include "scheduler/io/files.h"
#include "scheduler/io/yaml_in.h"
#include "scheduler/io/yaml_out.h"

static const char *const top_keys[] = {"name",     "fingerprint", "shape",  "tasks",   "edges",
                                       "deferred", "function",    "source", "noalias", NULL};
static const char *const task_keys[] = {
    "name",   "key",      "pin",    "kind",   "cost",     "time", "mem_bound", "function",
    "callee", "variants", "access", "source", "deferred", "args", "noreplay",  NULL};
static const char *const edge_keys[] = {"from", "to",   "data", "bytes",
                                        "cost", "time", "kind", NULL};
static const char *const access_keys[] = {"item", "mode",  "lo",       "len",
                                          "type", "bytes", "inferred", NULL};
static const char *const source_keys[] = {"file",    "line",  "col", "end_line",
                                          "end_col", "begin", "end", NULL};

typedef struct Reader {
  YIn *in;
  EsGraphList *out;
  EsGraph *g; /* the graph of the document being read */
  bool ok;
  const YNode *root; /* its top-level keys so far */
  int last_ref[2];   /* the tasks the last edge's from and to named */
  bool ref_hit[2];   /* whether the last lookup of that end found it there */
  unsigned ref_tries[2];
  const YNode **held; /* edges that wait for `deferred` */
  int nheld, held_cap;
} Reader;

/* One value of a task on device dev (level -1: one for all levels). The
 * message's label is made only for an error: most files have none. */
static void read_value(Reader *r, int t, const YNode *x, const YNode *dev_key, int dev, int level,
                       bool is_time) {
  EsQuantity q = is_time ? ES_Q_TIME : ES_Q_NUMBER;
  double val;
  if (!(x->type == Y_SCALAR && es_parse_quantity(x->text, q, &val) && val >= 0 && val <= DBL_MAX)) {
    char label[160];
    snprintf(label, sizeof label, "%s of task '%s' on device '%s'", is_time ? "time" : "cost",
             r->g->tasks[t].name, y_text(dev_key));
    if (!y_amount(r->in, x, q, label, &val)) {
      r->ok = false;
      return;
    }
  }
  if (es_graph_add_value(r->g, t, is_time, dev, level, val, y_mark(x)))
    r->ok = false;
}

/* cost: {DEVICE: NUMBER | [NUMBER per level]} ; time: likewise, seconds */
static void read_values(Reader *r, int t, const YNode *map, bool is_time) {
  if (!y_expect_map(r->in, map, is_time ? "time" : "cost")) {
    r->ok = false;
    return;
  }
  Y_EACH_KEY(k, map) {
    const YNode *v = k->next;
    if (!y_expect_scalar(r->in, k, "a device name")) {
      r->ok = false;
      continue;
    }
    int dev = es_graph_device(r->g, y_text(k));
    if (v->type != Y_SEQ) {
      read_value(r, t, v, k, dev, -1, is_time);
      continue;
    }
    int level = 0;
    for (const YNode *x = v->first; x; x = x->next, level++)
      read_value(r, t, x, k, dev, level, is_time);
  }
}

static const char *text_of(Reader *r, const YNode *n, const char *what) {
  if (!n)
    return NULL;
  if (!y_expect_scalar(r->in, n, what)) {
    r->ok = false;
    return NULL;
  }
  return es_graph_intern(r->g, y_text(n));
}

static void read_access(Reader *r, EsAccess *a, const YNode *n) {
  if (!y_expect_map(r->in, n, "an access") || !y_check_keys(r->in, n, "an access", access_keys)) {
    r->ok = false;
    return;
  }
  a->item = text_of(r, y_get(n, "item"), "item");
  a->lo = text_of(r, y_get(n, "lo"), "lo");
  a->len = text_of(r, y_get(n, "len"), "len");
  a->elem_type = text_of(r, y_get(n, "type"), "type");
  a->bytes = -1;
  if (!a->item) {
    r->ok = false;
    y_error(r->in, n, "access without 'item'");
  }
  const char *mode = y_text(y_get(n, "mode"));
  a->mode = !mode                    ? 0
            : !strcmp(mode, "in")    ? ES_ACCESS_IN
            : !strcmp(mode, "out")   ? ES_ACCESS_OUT
            : !strcmp(mode, "inout") ? ES_ACCESS_INOUT
                                     : 0;
  if (!a->mode) {
    r->ok = false;
    y_error(r->in, y_get(n, "mode") ? y_get(n, "mode") : n, "access mode must be in, out or inout");
  }
  const YNode *b = y_get(n, "bytes"), *inf = y_get(n, "inferred");
  if (b && !y_quantity(r->in, b, ES_Q_BYTES, "bytes", &a->bytes))
    r->ok = false;
  if (inf && !y_bool(r->in, inf, "inferred", &a->inferred))
    r->ok = false;
}

static void read_range(Reader *r, EsSourceRange *s, const YNode *n) {
  if (!y_expect_map(r->in, n, "source") || !y_check_keys(r->in, n, "source", source_keys)) {
    r->ok = false;
    return;
  }
  s->file = text_of(r, y_get(n, "file"), "file");
  long v[6] = {0, 0, 0, 0, -1, -1};
  const char *names[6] = {"line", "col", "end_line", "end_col", "begin", "end"};
  for (int i = 0; i < 6; i++) {
    const YNode *x = y_get(n, names[i]);
    if (x && !y_int(r->in, x, names[i], &v[i]))
      r->ok = false;
  }
  s->line = (int)v[0], s->col = (int)v[1], s->end_line = (int)v[2], s->end_col = (int)v[3];
  s->begin_offset = v[4], s->end_offset = v[5];
}

static EsTaskSourceInfo *source_info(Reader *r, EsTask *t) {
  if (!t->source)
    t->source = es_arena_alloc(&r->g->arena, sizeof *t->source);
  return t->source;
}

/* A sequence of strings (args, noalias) into the graph's arena. */
static const char **read_strings(Reader *r, const YNode *x, const char *what, int *n) {
  *n = 0;
  if (!y_expect_seq(r->in, x, what)) {
    r->ok = false;
    return NULL;
  }
  const char **v = es_arena_alloc(&r->g->arena, sizeof *v * (size_t)(x->len + 1));
  for (const YNode *it = x->first; v && it; it = it->next) {
    const char *s = text_of(r, it, what);
    if (s)
      v[(*n)++] = s;
  }
  return v;
}

/* The front end's fields: function, callee, args, variants, access, source. */
static void read_source_fields(Reader *r, int ti, const YNode *n) {
  static const char *const any[] = {"function", "callee",   "variants", "access",
                                    "source",   "deferred", "args",     "noreplay"};
  bool present = false;
  for (size_t i = 0; i < sizeof any / sizeof *any; i++)
    present |= y_get(n, any[i]) != NULL;
  if (!present)
    return;
  EsTaskSourceInfo *si = source_info(r, &r->g->tasks[ti]);
  si->function = text_of(r, y_get(n, "function"), "function");
  si->callee = text_of(r, y_get(n, "callee"), "callee");
  const YNode *x = y_get(n, "args");
  if (x)
    si->args = read_strings(r, x, "args", &si->nargs);
  x = y_get(n, "variants");
  if (x && y_expect_map(r->in, x, "variants")) {
    si->variants = es_arena_alloc(&r->g->arena, sizeof *si->variants * (size_t)(x->len + 1));
    Y_EACH_KEY(k, x) {
      const char *dev = text_of(r, k, "a device name");
      const char *fn = text_of(r, k->next, "a function name");
      if (dev && fn && si->variants)
        si->variants[si->nvariants++] = (EsVariant){es_graph_device(r->g, dev), fn};
    }
  } else if (x)
    r->ok = false;
  if ((x = y_get(n, "access")) && y_expect_seq(r->in, x, "access")) {
    si->accesses = es_arena_alloc(&r->g->arena, sizeof *si->accesses * (size_t)(x->len + 1));
    for (const YNode *it = x->first; si->accesses && it; it = it->next)
      read_access(r, &si->accesses[si->naccesses++], it);
  } else if (x)
    r->ok = false;
  if ((x = y_get(n, "source")))
    read_range(r, &si->range, x);
  if ((x = y_get(n, "deferred")) && !y_bool(r->in, x, "deferred", &si->deferred))
    r->ok = false;
  si->noreplay = text_of(r, y_get(n, "noreplay"), "noreplay");
}

static int parse_kind(const char *s) {
  if (!strcmp(s, "task"))
    return ES_TASK_REGION;
  if (!strcmp(s, "host"))
    return ES_TASK_HOST;
  if (!strcmp(s, "input"))
    return ES_TASK_INPUT;
  return -1;
}

static void read_task(Reader *r, const YNode *n) {
  if (!y_expect_map(r->in, n, "a task") || !y_check_keys(r->in, n, "a task", task_keys)) {
    r->ok = false;
    return;
  }
  const YNode *name = y_get(n, "name");
  if (!name || !y_expect_scalar(r->in, name, "the task name")) {
    if (!name)
      y_error(r->in, n, "task without 'name'");
    r->ok = false;
    return;
  }
  if (es_graph_find_task(r->g, y_text(name)) >= 0) {
    y_error(r->in, name, "duplicate task name '%s'", y_text(name));
    r->ok = false;
    return;
  }
  int t = es_graph_add_task(r->g, y_text(name));
  if (t < 0) {
    y_out_of_memory(r->in);
    r->ok = false;
    return;
  }
  EsTask *task = &r->g->tasks[t];
  task->mark = y_mark(n);
  task->key = text_of(r, y_get(n, "key"), "key");
  const YNode *x;
  if ((x = y_get(n, "pin"))) {
    const char *pin = text_of(r, x, "pin");
    if (pin)
      task->pin = es_graph_device(r->g, pin);
  }
  if ((x = y_get(n, "kind")) && y_expect_scalar(r->in, x, "kind")) {
    int kind = parse_kind(y_text(x));
    if (kind < 0) {
      y_error(r->in, x, "task kind must be task, host or input, not '%s'", y_text(x));
      r->ok = false;
    }
    task->kind = kind < 0 ? ES_TASK_REGION : (EsTaskKind)kind;
  }
  if ((x = y_get(n, "mem_bound"))) {
    if (!y_quantity(r->in, x, ES_Q_NUMBER, "mem_bound", &task->mem_bound) ||
        !(task->mem_bound >= 0 && task->mem_bound <= 1)) {
      if (r->ok)
        y_error(r->in, x, "mem_bound must be a fraction between 0 and 1");
      r->ok = false;
    }
  }
  /* Value lists must be contiguous per task: costs, then times. */
  if ((x = y_get(n, "cost")))
    read_values(r, t, x, false);
  if ((x = y_get(n, "time")))
    read_values(r, t, x, true);
  read_source_fields(r, t, n);
}

/* The task an edge's key names: its index, -1 for none, -2 when the key
 * is missing or not a scalar. */
static int lookup(Reader *r, const YNode *edge, const char *key) {
  const char *name = y_text(y_get(edge, key));
  if (!name)
    return -2;
  /* Edges come grouped by one end (every task's inputs, or its output):
   * that end names the task of the edge before or the next one, whose
   * names are in cache, where the index's slot is not. The other end is
   * tried again only now and then. */
  int k = key[0] == 't', *last = &r->last_ref[k];
  if (r->ref_hit[k] || (++r->ref_tries[k] & 15) == 0) {
    for (int t = *last; t >= 0 && t <= *last + 1 && t < r->g->ntasks; t++)
      if (strcmp(r->g->tasks[t].name, name) == 0) {
        r->ref_hit[k] = true;
        return *last = t;
      }
    r->ref_hit[k] = false;
  }
  int t = es_graph_find_task(r->g, name);
  if (t >= 0 && t < r->g->ntasks)
    *last = t;
  return t;
}

/* Checks the task t that lookup found for key. */
static int task_ref(Reader *r, const YNode *edge, const char *key, int t) {
  const YNode *x = y_get(edge, key);
  if (!x) {
    y_error(r->in, edge, "edge without '%s'", key);
    return -1;
  }
  if (!y_expect_scalar(r->in, x, key))
    return -1;
  if (t < 0)
    y_error(r->in, x, "edge %s unknown task '%s'", key, y_text(x));
  else if (t >= r->g->ntasks) {
    y_error(r->in, x, "edge %s deferred task '%s' (deferred tasks are not in the static graph)",
            key, y_text(x));
    t = -1;
  }
  return t;
}

static void read_edge_of(Reader *r, const YNode *n, int from, int to) {
  if (!y_expect_map(r->in, n, "an edge") || !y_check_keys(r->in, n, "an edge", edge_keys)) {
    r->ok = false;
    return;
  }
  from = task_ref(r, n, "from", from), to = task_ref(r, n, "to", to);
  if (from < 0 || to < 0) {
    r->ok = false;
    return;
  }
  const YNode *x = y_get(n, "data");
  const char *data = x && y_expect_scalar(r->in, x, "data") ? y_text(x) : NULL;
  int e = es_graph_add_edge(r->g, from, to, data);
  if (e < 0) {
    y_out_of_memory(r->in);
    r->ok = false;
    return;
  }
  EsEdge *ed = &r->g->edges[e];
  ed->mark = y_mark(n);
  if ((x = y_get(n, "bytes")) && !y_amount(r->in, x, ES_Q_BYTES, "bytes", &ed->bytes))
    r->ok = false;
  if ((x = y_get(n, "cost")) && !y_amount(r->in, x, ES_Q_NUMBER, "edge cost", &ed->cost))
    r->ok = false;
  if ((x = y_get(n, "time")) && !y_amount(r->in, x, ES_Q_TIME, "edge time", &ed->time))
    r->ok = false;
  if ((x = y_get(n, "kind")) && y_expect_scalar(r->in, x, "kind")) {
    if (!strcmp(y_text(x), "order"))
      ed->kind = ES_EDGE_ORDER;
    else if (strcmp(y_text(x), "data") != 0) {
      y_error(r->in, x, "edge kind must be data or order, not '%s'", y_text(x));
      r->ok = false;
    }
  }
}

static void read_edge(Reader *r, const YNode *n) {
  read_edge_of(r, n, lookup(r, n, "from"), lookup(r, n, "to"));
}

static void read_list(Reader *r, const YNode *root, const char *key,
                      void (*each)(Reader *, const YNode *)) {
  const YNode *list = y_get(root, key);
  if (!list || y_streamed(r->in, list))
    return;
  if (list->type == Y_SCALAR && !*y_text(list))
    return; /* `edges:` with nothing after it */
  if (!y_expect_seq(r->in, list, key)) {
    r->ok = false;
    return;
  }
  Y_EACH_ITEM(it, list)
  each(r, it);
}

/* Deferred tasks are read like tasks, then moved out of the static graph;
 * their names stay indexed, so a duplicate is still an error. */
static void read_deferred(Reader *r, const YNode *n) {
  int before = r->g->ntasks;
  read_task(r, n);
  if (r->g->ntasks == before)
    return;
  if (r->g->ndeferred + 1 > r->g->deferred_cap) {
    int cap = r->g->deferred_cap ? r->g->deferred_cap * 2 : 8;
    EsTask *d = realloc(r->g->deferred, sizeof *d * (size_t)cap);
    if (!d) {
      r->ok = false;
      r->g->ntasks = before;
      return;
    }
    r->g->deferred = d, r->g->deferred_cap = cap;
  }
  r->g->deferred[r->g->ndeferred++] = r->g->tasks[before];
  r->g->ntasks = before;
}

/* An edge that names a task not read yet may name a deferred task (an
 * error of its own) while `deferred` is still to come: it waits for the
 * document's end. */
static void stream_edge(Reader *r, const YNode *n) {
  int from = lookup(r, n, "from"), to = lookup(r, n, "to");
  if ((from != -1 && to != -1) || y_get(r->root, "deferred")) {
    read_edge_of(r, n, from, to);
    return;
  }
  if (es_vec_reserve(&r->held, &r->held_cap, r->nheld + 1, sizeof *r->held) ||
      !(r->held[r->nheld] = y_keep(r->in, n))) {
    r->ok = false;
    return;
  }
  r->nheld++;
}

/* A front-end task without its own `function:` is in the graph's, and a
 * source range without `file:` in the graph's file. */
static void inherit_function(EsGraph *g) {
  for (int i = 0; i < g->ntasks + g->ndeferred; i++) {
    EsTask *t = i < g->ntasks ? &g->tasks[i] : &g->deferred[i - g->ntasks];
    if (t->source && !t->source->function)
      t->source->function = g->function;
    if (t->source && t->source->range.line && !t->source->range.file)
      t->source->range.file = g->range.file;
  }
}

static int begin_graph(YIn *in, const YNode *root, void *ctx) {
  Reader *r = ctx;
  if (!y_expect_map(in, root, "a graph file"))
    return ES_EINVAL;
  EsGraph *g = es_graph_new();
  if (!g || es_graph_list_push(r->out, g)) {
    es_graph_free(g);
    return es_error_set(in->err, ES_ENOMEM, in->file, 0, 0, "out of memory");
  }
  g->file = es_graph_intern(g, in->file);
  r->in = in, r->g = g, r->ok = true, r->root = root, r->nheld = 0;
  r->last_ref[0] = r->last_ref[1] = 0;
  r->ref_hit[0] = r->ref_hit[1] = true;
  return ES_OK;
}

static int end_graph(YIn *in, const YNode *root, void *ctx) {
  Reader *r = ctx;
  EsGraph *g = r->g;
  if (!y_check_keys(in, root, "a graph", top_keys))
    return ES_EINVAL;
  g->name = text_of(r, y_get(root, "name"), "name");
  g->fingerprint = text_of(r, y_get(root, "fingerprint"), "fingerprint");
  g->function = text_of(r, y_get(root, "function"), "function");
  const YNode *x = y_get(root, "source");
  if (x)
    read_range(r, &g->range, x);
  if ((x = y_get(root, "noalias")))
    g->noalias = read_strings(r, x, "noalias", &g->nnoalias);
  if (!y_get(root, "tasks")) {
    y_error(in, root, "a graph needs a 'tasks' list");
    r->ok = false;
  }
  read_list(r, root, "tasks", read_task);
  read_list(r, root, "deferred", read_deferred);
  inherit_function(g);
  read_list(r, root, "edges", read_edge);
  for (int i = 0; i < r->nheld; i++)
    read_edge(r, r->held[i]);
  es_graph_drop_index(g);
  return r->ok ? ES_OK : ES_EINVAL;
}

static bool after_tasks(const YNode *root) { return y_get(root, "tasks") != NULL; }

static void task_item(void *ctx, const char *list, const YNode *n) {
  (void)list;
  read_task(ctx, n);
}
static void deferred_item(void *ctx, const char *list, const YNode *n) {
  (void)list;
  read_deferred(ctx, n);
}
static void edge_item(void *ctx, const char *list, const YNode *n) {
  (void)list;
  stream_edge(ctx, n);
}

/* Read one item ahead: the index slots of the names a task or an edge
 * will look up, random in a large graph, load while the item before is
 * read. */
static void task_ahead(void *ctx, const YNode *n) {
  Reader *r = ctx;
  es_graph_prefetch_task(r->g, y_text(y_get(n, "name")));
}
static void edge_ahead(void *ctx, const YNode *n) {
  Reader *r = ctx;
  es_graph_prefetch_task(r->g, y_text(y_get(n, "from")));
  es_graph_prefetch_task(r->g, y_text(y_get(n, "to")));
}

static const YStream streams[] = {{"tasks", NULL, task_item, NULL, task_ahead},
                                  {"deferred", after_tasks, deferred_item, NULL, NULL},
                                  {"edges", after_tasks, edge_item, NULL, edge_ahead},
                                  {NULL, NULL, NULL, NULL, NULL}};
static const YFormat format = {top_keys, streams, begin_graph, end_graph};

static int read_graphs(EsGraphList *out, EsError *err, const char *path, const char *buf,
                       size_t len) {
  Reader r = {.out = out};
  int rc = buf ? y_read_buffer(buf, len, path, err, &format, &r)
               : y_read_file(path, NULL, err, &format, &r);
  free(r.held);
  return rc;
}

int es_graph_read(const char *path, EsGraphList *out, EsError *err) {
  int rc = read_graphs(out, err, path, NULL, 0);
  if (!rc && out->len == 0)
    rc = es_error_set(err, ES_EINVAL, path, 1, 1, "empty graph file");
  return rc;
}

int es_graph_read_buffer(const char *buf, size_t len, const char *name, EsGraphList *out,
                         EsError *err) {
  return read_graphs(out, err, name, buf ? buf : "", len);
}

/* ---- writing ---- */

static void write_values(YOut *o, const EsGraph *g, const char *key, int begin, int len) {
  if (len == 0)
    return;
  y_str(o, key);
  y_map_begin(o, true);
  for (int i = begin; i < begin + len;) {
    int dev = g->values[i].device;
    y_str(o, g->device_names[dev]);
    if (g->values[i].level < 0) {
      y_num(o, g->values[i].value);
      i++;
      continue;
    }
    y_seq_begin(o, true);
    for (; i < begin + len && g->values[i].device == dev; i++)
      y_num(o, g->values[i].value);
    y_seq_end(o);
  }
  y_map_end(o);
}

static const char *const mode_names[] = {"", "in", "out", "inout"};
static const char *const kind_names[] = {"task", "host", "input"};

static void write_strings(YOut *o, const char *key, const char *const *v, int n) {
  y_str(o, key);
  y_seq_begin(o, true);
  for (int i = 0; i < n; i++)
    y_str(o, v[i]);
  y_seq_end(o);
}

/* A task's range names its file only when the graph's range does not. */
static void write_range(YOut *o, const EsSourceRange *s, const char *graph_file) {
  y_str(o, "source");
  y_map_begin(o, true);
  if (s->file && !(graph_file && !strcmp(s->file, graph_file)))
    y_kv_str(o, "file", s->file);
  y_kv_int(o, "line", s->line);
  y_kv_int(o, "col", s->col);
  y_kv_int(o, "end_line", s->end_line);
  y_kv_int(o, "end_col", s->end_col);
  if (s->begin_offset >= 0) {
    y_kv_int(o, "begin", s->begin_offset);
    y_kv_int(o, "end", s->end_offset);
  }
  y_map_end(o);
}

static void write_source_info(YOut *o, const EsGraph *g, const EsTaskSourceInfo *si) {
  /* A task in the graph's function says so once, at the graph. */
  if (si->function && !(g->function && !strcmp(si->function, g->function)))
    y_kv_str(o, "function", si->function);
  if (si->callee)
    y_kv_str(o, "callee", si->callee);
  if (si->nargs)
    write_strings(o, "args", si->args, si->nargs);
  if (si->deferred) {
    y_str(o, "deferred");
    y_bool_out(o, true);
  }
  if (si->noreplay)
    y_kv_str(o, "noreplay", si->noreplay);
  if (si->nvariants) {
    y_str(o, "variants");
    y_map_begin(o, true);
    for (int i = 0; i < si->nvariants; i++)
      y_kv_str(o, g->device_names[si->variants[i].device], si->variants[i].function);
    y_map_end(o);
  }
  if (si->naccesses) {
    y_str(o, "access");
    y_seq_begin(o, false);
    for (int i = 0; i < si->naccesses; i++) {
      const EsAccess *a = &si->accesses[i];
      y_map_begin(o, true);
      y_kv_str(o, "item", a->item);
      y_kv_str(o, "mode", mode_names[a->mode]);
      if (a->lo)
        y_kv_str(o, "lo", a->lo);
      if (a->len)
        y_kv_str(o, "len", a->len);
      if (a->elem_type)
        y_kv_str(o, "type", a->elem_type);
      if (a->bytes >= 0)
        y_kv_num(o, "bytes", a->bytes);
      if (a->inferred) {
        y_str(o, "inferred");
        y_bool_out(o, true);
      }
      y_map_end(o);
    }
    y_seq_end(o);
  }
  if (si->range.line)
    write_range(o, &si->range, g->range.line ? g->range.file : NULL);
}

static void write_task(YOut *o, const EsGraph *g, const EsTask *t) {
  y_map_begin(o, t->source == NULL);
  y_kv_str(o, "name", t->name);
  if (t->key)
    y_kv_str(o, "key", t->key);
  if (t->kind != ES_TASK_REGION)
    y_kv_str(o, "kind", kind_names[t->kind]);
  if (t->pin >= 0)
    y_kv_str(o, "pin", g->device_names[t->pin]);
  write_values(o, g, "cost", t->cost_begin, t->cost_len);
  write_values(o, g, "time", t->time_begin, t->time_len);
  if (t->mem_bound > 0)
    y_kv_num(o, "mem_bound", t->mem_bound);
  if (t->source)
    write_source_info(o, g, t->source);
  y_map_end(o);
}

static void write_edge(YOut *o, const EsGraph *g, const EsEdge *e) {
  y_map_begin(o, true);
  y_kv_str(o, "from", g->tasks[e->from].name);
  y_kv_str(o, "to", g->tasks[e->to].name);
  if (e->kind == ES_EDGE_ORDER)
    y_kv_str(o, "kind", "order");
  if (e->data)
    y_kv_str(o, "data", e->data);
  if (e->bytes >= 0)
    y_kv_num(o, "bytes", e->bytes);
  if (!isnan(e->cost))
    y_kv_num(o, "cost", e->cost);
  if (!isnan(e->time))
    y_kv_num(o, "time", e->time);
  y_map_end(o);
}

static void write_graph(YOut *o, const EsGraph *g) {
  y_doc_begin(o);
  y_map_begin(o, false);
  if (g->name)
    y_kv_str(o, "name", g->name);
  if (g->function)
    y_kv_str(o, "function", g->function);
  y_kv_str(o, "shape", es_graph_shape_name(es_graph_shape(g)));
  if (g->fingerprint)
    y_kv_str(o, "fingerprint", g->fingerprint);
  if (g->range.line)
    write_range(o, &g->range, NULL);
  if (g->nnoalias)
    write_strings(o, "noalias", g->noalias, g->nnoalias);
  y_str(o, "tasks");
  y_seq_begin(o, false);
  for (int i = 0; i < g->ntasks; i++)
    write_task(o, g, &g->tasks[i]);
  y_seq_end(o);
  y_str(o, "edges");
  y_seq_begin(o, g->nedges == 0);
  for (int i = 0; i < g->nedges; i++)
    write_edge(o, g, &g->edges[i]);
  y_seq_end(o);
  if (g->ndeferred) {
    y_str(o, "deferred");
    y_seq_begin(o, false);
    for (int i = 0; i < g->ndeferred; i++)
      write_task(o, g, &g->deferred[i]);
    y_seq_end(o);
  }
  y_map_end(o);
  y_doc_end(o);
}

bool es_graph_write(FILE *f, const EsGraph *const *graphs, int n) {
  YOut o;
  if (!y_out_begin(&o, f))
    return false;
  for (int i = 0; i < n; i++)
    write_graph(&o, graphs[i]);
  return y_out_end(&o);
}
