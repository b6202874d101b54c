/* Graph files: reading and writing (docs/formats.md, "Graph file"). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/io/files.h"
#include "scheduler/io/yaml_util.h"

static const char *const top_keys[] = {"name",  "fingerprint", "shape",    "tasks",  "edges",
                                       "deferred", "function", "source", "noalias", NULL};
static const char *const task_keys[] = {"name",     "key",    "pin",    "kind",     "cost",
                                        "time",     "mem_bound", "function", "callee", "variants",
                                        "access",   "source", "deferred", "args", "noreplay",
                                        NULL};
static const char *const edge_keys[] = {"from", "to", "data", "bytes", "cost", "time", "kind",
                                        NULL};
static const char *const access_keys[] = {"item", "mode", "lo",       "len",
                                          "type", "bytes", "inferred", NULL};
static const char *const source_keys[] = {"file",    "line", "col", "end_line",
                                          "end_col", "begin", "end", NULL};

typedef struct Reader {
  YDoc *d;
  EsGraph *g;
  bool ok;
} Reader;

static bool finite_nonnegative(Reader *r, const yaml_node_t *n, double v, const char *what) {
  if (isnan(v))
    y_error(r->d, n, "%s is NaN", what);
  else if (isinf(v))
    y_error(r->d, n, "%s is infinite", what);
  else if (v < 0)
    y_error(r->d, n, "%s is negative (%g)", what, v);
  else
    return true;
  return false;
}

/* cost: {DEVICE: NUMBER | [NUMBER per level]} ; time: likewise, seconds */
static void read_values(Reader *r, int t, const yaml_node_t *map, bool is_time) {
  const char *what = is_time ? "time" : "cost";
  if (!y_expect_map(r->d, map, what)) {
    r->ok = false;
    return;
  }
  for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
       p++) {
    yaml_node_t *k = y_node(r->d, p->key), *v = y_node(r->d, p->value);
    if (!y_expect_scalar(r->d, k, "a device name")) {
      r->ok = false;
      continue;
    }
    int dev = es_graph_device(r->g, y_text(k));
    char label[160];
    snprintf(label, sizeof label, "%s of task '%s' on device '%s'", what,
             r->g->tasks[t].name, y_text(k));
    EsQuantity q = is_time ? ES_Q_TIME : ES_Q_NUMBER;
    if (v->type == YAML_SEQUENCE_NODE) {
      int level = 0;
      for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top;
           it++, level++) {
        yaml_node_t *x = y_node(r->d, *it);
        double val;
        if (!y_quantity(r->d, x, q, label, &val) || !finite_nonnegative(r, x, val, label))
          r->ok = false;
        else if (es_graph_add_value(r->g, t, is_time, dev, level, val, y_mark(x)))
          r->ok = false;
      }
      continue;
    }
    double val;
    if (!y_quantity(r->d, v, q, label, &val) || !finite_nonnegative(r, v, val, label))
      r->ok = false;
    else if (es_graph_add_value(r->g, t, is_time, dev, -1, val, y_mark(v)))
      r->ok = false;
  }
}

static const char *text_of(Reader *r, const yaml_node_t *n, const char *what) {
  if (!n)
    return NULL;
  if (!y_expect_scalar(r->d, n, what)) {
    r->ok = false;
    return NULL;
  }
  return es_graph_intern(r->g, y_text(n));
}

static void read_access(Reader *r, EsAccess *a, const yaml_node_t *n) {
  if (!y_expect_map(r->d, n, "an access") || !y_check_keys(r->d, n, "an access", access_keys)) {
    r->ok = false;
    return;
  }
  a->item = text_of(r, y_get(r->d, n, "item"), "item");
  a->lo = text_of(r, y_get(r->d, n, "lo"), "lo");
  a->len = text_of(r, y_get(r->d, n, "len"), "len");
  a->elem_type = text_of(r, y_get(r->d, n, "type"), "type");
  a->bytes = -1;
  if (!a->item) {
    r->ok = false;
    y_error(r->d, n, "access without 'item'");
  }
  const char *mode = y_text(y_get(r->d, n, "mode"));
  a->mode = !mode ? 0
            : !strcmp(mode, "in") ? ES_ACCESS_IN
            : !strcmp(mode, "out") ? ES_ACCESS_OUT
            : !strcmp(mode, "inout") ? ES_ACCESS_INOUT : 0;
  if (!a->mode) {
    r->ok = false;
    y_error(r->d, y_get(r->d, n, "mode") ? y_get(r->d, n, "mode") : n,
            "access mode must be in, out or inout");
  }
  yaml_node_t *b = y_get(r->d, n, "bytes"), *inf = y_get(r->d, n, "inferred");
  if (b && !y_quantity(r->d, b, ES_Q_BYTES, "bytes", &a->bytes))
    r->ok = false;
  if (inf && !y_bool(r->d, inf, "inferred", &a->inferred))
    r->ok = false;
}

static void read_range(Reader *r, EsSourceRange *s, const yaml_node_t *n) {
  if (!y_expect_map(r->d, n, "source") || !y_check_keys(r->d, n, "source", source_keys)) {
    r->ok = false;
    return;
  }
  s->file = text_of(r, y_get(r->d, n, "file"), "file");
  long v[6] = {0, 0, 0, 0, -1, -1};
  const char *names[6] = {"line", "col", "end_line", "end_col", "begin", "end"};
  for (int i = 0; i < 6; i++) {
    yaml_node_t *x = y_get(r->d, n, names[i]);
    if (x && !y_int(r->d, x, names[i], &v[i]))
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
static const char **read_strings(Reader *r, const yaml_node_t *x, const char *what, int *n) {
  *n = 0;
  if (!y_expect_seq(r->d, x, what)) {
    r->ok = false;
    return NULL;
  }
  int cap = (int)(x->data.sequence.items.top - x->data.sequence.items.start);
  const char **v = es_arena_alloc(&r->g->arena, sizeof *v * (size_t)(cap + 1));
  for (yaml_node_item_t *it = x->data.sequence.items.start; v && it < x->data.sequence.items.top;
       it++) {
    const char *s = text_of(r, y_node(r->d, *it), what);
    if (s)
      v[(*n)++] = s;
  }
  return v;
}

/* The front end's fields: function, callee, args, variants, access, source. */
static void read_source_fields(Reader *r, int ti, const yaml_node_t *n) {
  static const char *const any[] = {"function", "callee", "variants", "access", "source",
                                    "deferred", "args",   "noreplay"};
  bool present = false;
  for (size_t i = 0; i < sizeof any / sizeof *any; i++)
    present |= y_get(r->d, n, any[i]) != NULL;
  if (!present)
    return;
  EsTaskSourceInfo *si = source_info(r, &r->g->tasks[ti]);
  si->function = text_of(r, y_get(r->d, n, "function"), "function");
  si->callee = text_of(r, y_get(r->d, n, "callee"), "callee");
  yaml_node_t *x = y_get(r->d, n, "args");
  if (x)
    si->args = read_strings(r, x, "args", &si->nargs);
  x = y_get(r->d, n, "variants");
  if (x && y_expect_map(r->d, x, "variants")) {
    int cap = (int)(x->data.mapping.pairs.top - x->data.mapping.pairs.start);
    si->variants = es_arena_alloc(&r->g->arena, sizeof *si->variants * (size_t)(cap + 1));
    for (yaml_node_pair_t *p = x->data.mapping.pairs.start; p < x->data.mapping.pairs.top; p++) {
      const char *dev = text_of(r, y_node(r->d, p->key), "a device name");
      const char *fn = text_of(r, y_node(r->d, p->value), "a function name");
      if (dev && fn && si->variants)
        si->variants[si->nvariants++] = (EsVariant){es_graph_device(r->g, dev), fn};
    }
  } else if (x)
    r->ok = false;
  if ((x = y_get(r->d, n, "access")) && y_expect_seq(r->d, x, "access")) {
    int cap = (int)(x->data.sequence.items.top - x->data.sequence.items.start);
    si->accesses = es_arena_alloc(&r->g->arena, sizeof *si->accesses * (size_t)(cap + 1));
    for (yaml_node_item_t *it = x->data.sequence.items.start; si->accesses &&
                                                              it < x->data.sequence.items.top;
         it++)
      read_access(r, &si->accesses[si->naccesses++], y_node(r->d, *it));
  } else if (x)
    r->ok = false;
  if ((x = y_get(r->d, n, "source")))
    read_range(r, &si->range, x);
  if ((x = y_get(r->d, n, "deferred")) && !y_bool(r->d, x, "deferred", &si->deferred))
    r->ok = false;
  si->noreplay = text_of(r, y_get(r->d, n, "noreplay"), "noreplay");
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

static void read_task(Reader *r, const yaml_node_t *n) {
  if (!y_expect_map(r->d, n, "a task") || !y_check_keys(r->d, n, "a task", task_keys)) {
    r->ok = false;
    return;
  }
  yaml_node_t *name = y_get(r->d, n, "name");
  if (!name || !y_expect_scalar(r->d, name, "the task name")) {
    if (!name)
      y_error(r->d, n, "task without 'name'");
    r->ok = false;
    return;
  }
  if (es_graph_find_task(r->g, y_text(name)) >= 0) {
    y_error(r->d, name, "duplicate task name '%s'", y_text(name));
    r->ok = false;
    return;
  }
  int t = es_graph_add_task(r->g, y_text(name));
  if (t < 0) {
    r->ok = false;
    return;
  }
  EsTask *task = &r->g->tasks[t];
  task->mark = y_mark(n);
  task->key = text_of(r, y_get(r->d, n, "key"), "key");
  yaml_node_t *x;
  if ((x = y_get(r->d, n, "pin"))) {
    const char *pin = text_of(r, x, "pin");
    if (pin)
      task->pin = es_graph_device(r->g, pin);
  }
  if ((x = y_get(r->d, n, "kind")) && y_expect_scalar(r->d, x, "kind")) {
    int kind = parse_kind(y_text(x));
    if (kind < 0) {
      y_error(r->d, x, "task kind must be task, host or input, not '%s'", y_text(x));
      r->ok = false;
    }
    task->kind = kind < 0 ? ES_TASK_REGION : (EsTaskKind)kind;
  }
  if ((x = y_get(r->d, n, "mem_bound"))) {
    if (!y_quantity(r->d, x, ES_Q_NUMBER, "mem_bound", &task->mem_bound) ||
        !(task->mem_bound >= 0 && task->mem_bound <= 1)) {
      if (r->ok)
        y_error(r->d, x, "mem_bound must be a fraction between 0 and 1");
      r->ok = false;
    }
  }
  /* Value lists must be contiguous per task: costs, then times. */
  if ((x = y_get(r->d, n, "cost")))
    read_values(r, t, x, false);
  if ((x = y_get(r->d, n, "time")))
    read_values(r, t, x, true);
  read_source_fields(r, t, n);
}

static int task_ref(Reader *r, const yaml_node_t *edge, const char *key) {
  yaml_node_t *x = y_get(r->d, edge, key);
  if (!x) {
    y_error(r->d, edge, "edge without '%s'", key);
    return -1;
  }
  if (!y_expect_scalar(r->d, x, key))
    return -1;
  int t = es_graph_find_task(r->g, y_text(x));
  if (t < 0)
    y_error(r->d, x, "edge %s unknown task '%s'", key, y_text(x));
  else if (t >= r->g->ntasks) {
    y_error(r->d, x, "edge %s deferred task '%s' (deferred tasks are not in the static graph)",
            key, y_text(x));
    t = -1;
  }
  return t;
}

static void read_edge(Reader *r, const yaml_node_t *n) {
  if (!y_expect_map(r->d, n, "an edge") || !y_check_keys(r->d, n, "an edge", edge_keys)) {
    r->ok = false;
    return;
  }
  int from = task_ref(r, n, "from"), to = task_ref(r, n, "to");
  if (from < 0 || to < 0) {
    r->ok = false;
    return;
  }
  yaml_node_t *x = y_get(r->d, n, "data");
  const char *data = x && y_expect_scalar(r->d, x, "data") ? y_text(x) : NULL;
  int e = es_graph_add_edge(r->g, from, to, data);
  if (e < 0) {
    r->ok = false;
    return;
  }
  EsEdge *ed = &r->g->edges[e];
  ed->mark = y_mark(n);
  if ((x = y_get(r->d, n, "bytes")) &&
      (!y_quantity(r->d, x, ES_Q_BYTES, "bytes", &ed->bytes) ||
       !finite_nonnegative(r, x, ed->bytes, "bytes")))
    r->ok = false;
  if ((x = y_get(r->d, n, "cost")) &&
      (!y_quantity(r->d, x, ES_Q_NUMBER, "edge cost", &ed->cost) ||
       !finite_nonnegative(r, x, ed->cost, "edge cost")))
    r->ok = false;
  if ((x = y_get(r->d, n, "time")) &&
      (!y_quantity(r->d, x, ES_Q_TIME, "edge time", &ed->time) ||
       !finite_nonnegative(r, x, ed->time, "edge time")))
    r->ok = false;
  if ((x = y_get(r->d, n, "kind")) && y_expect_scalar(r->d, x, "kind")) {
    if (!strcmp(y_text(x), "order"))
      ed->kind = ES_EDGE_ORDER;
    else if (strcmp(y_text(x), "data") != 0) {
      y_error(r->d, x, "edge kind must be data or order, not '%s'", y_text(x));
      r->ok = false;
    }
  }
}

static void read_list(Reader *r, const yaml_node_t *root, const char *key,
                      void (*each)(Reader *, const yaml_node_t *)) {
  yaml_node_t *list = y_get(r->d, root, key);
  if (!list)
    return;
  if (list->type == YAML_SCALAR_NODE && !*y_text(list))
    return; /* `edges:` with nothing after it */
  if (!y_expect_seq(r->d, list, key)) {
    r->ok = false;
    return;
  }
  for (yaml_node_item_t *it = list->data.sequence.items.start; it < list->data.sequence.items.top;
       it++)
    each(r, y_node(r->d, *it));
}

/* Deferred tasks are read like tasks, then moved out of the static graph. */
static void read_deferred(Reader *r, const yaml_node_t *root) {
  int before = r->g->ntasks;
  read_list(r, root, "deferred", read_task);
  for (int i = before; i < r->g->ntasks; i++) {
    if (r->g->ndeferred + 1 > r->g->deferred_cap) {
      int cap = r->g->deferred_cap ? r->g->deferred_cap * 2 : 8;
      EsTask *d = realloc(r->g->deferred, sizeof *d * (size_t)cap);
      if (!d) {
        r->ok = false;
        return;
      }
      r->g->deferred = d, r->g->deferred_cap = cap;
    }
    r->g->deferred[r->g->ndeferred++] = r->g->tasks[i];
  }
  r->g->ntasks = before; /* their names stay indexed: a duplicate is still an error */
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

static int read_doc(YDoc *d, void *ctx) {
  EsGraphList *out = ctx;
  yaml_node_t *root = y_root(d);
  if (!y_expect_map(d, root, "a graph file") || !y_check_keys(d, root, "a graph", top_keys))
    return ES_EINVAL;
  EsGraph *g = es_graph_new();
  if (!g || es_graph_list_push(out, g)) {
    es_graph_free(g);
    return es_error_set(d->err, ES_ENOMEM, d->file, 0, 0, "out of memory");
  }
  g->file = es_graph_intern(g, d->file);
  Reader r = {d, g, true};
  g->name = text_of(&r, y_get(d, root, "name"), "name");
  g->fingerprint = text_of(&r, y_get(d, root, "fingerprint"), "fingerprint");
  g->function = text_of(&r, y_get(d, root, "function"), "function");
  yaml_node_t *x = y_get(d, root, "source");
  if (x)
    read_range(&r, &g->range, x);
  if ((x = y_get(d, root, "noalias")))
    g->noalias = read_strings(&r, x, "noalias", &g->nnoalias);
  if (!y_get(d, root, "tasks")) {
    y_error(d, root, "a graph needs a 'tasks' list");
    r.ok = false;
  }
  read_list(&r, root, "tasks", read_task);
  read_deferred(&r, root);
  inherit_function(g);
  read_list(&r, root, "edges", read_edge);
  return r.ok ? ES_OK : ES_EINVAL;
}

int es_graph_read(const char *path, EsGraphList *out, EsError *err) {
  int rc = y_load_file(path, NULL, err, read_doc, out);
  if (!rc && out->len == 0)
    rc = es_error_set(err, ES_EINVAL, path, 1, 1, "empty graph file");
  return rc;
}

int es_graph_read_buffer(const char *buf, size_t len, const char *name, EsGraphList *out,
                         EsError *err) {
  return y_load_buffer(buf, len, name, err, read_doc, out);
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
