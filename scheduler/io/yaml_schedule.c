/* Schedule files: reading and writing (docs/formats.md, "Schedule file").
 *
 *   algorithm: tree-dp
 *   total_energy: 65
 *   assignment: {in_ab: cpu, ...}
 *   levels: {in_ab: 0, ...}
 *   baselines: {cpu-only: 75, gpu-only: 65, greedy: 70}
 *
 * Timed schedules add `makespan:` and `timing: {task: [start, finish]}`;
 * duplicates go to `duplicates: [{task, device, level, start, finish}]`;
 * simulated ones add `dvfs:`, `energy: {active, idle, transfer}`, `slr:`,
 * `ecr:` and `idle: {device: off | LEVEL}` for devices a DVFS pass set.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/io/files.h"
#include "scheduler/io/yaml_util.h"

static const char *const top_keys[] = {
    "algorithm",  "graph",      "fingerprint", "objective",      "unit",          "total_energy",
    "total_time", "makespan",   "bound",       "note",           "assignment",    "levels",
    "timing",     "duplicates", "baselines",   "baseline_times", "dvfs",          "energy",
    "slr",        "ecr",        "idle",        "keys",           "expected_time", "expected_energy",
    "kinds",      NULL};
static const char *const dup_keys[] = {"task", "device", "level", "start", "finish", NULL};

typedef struct Reader {
  YDoc *d;
  EsSchedule *s;
  bool ok;
} Reader;

static const char *copy_text(Reader *r, const yaml_node_t *n, const char *what) {
  if (!n)
    return NULL;
  if (!y_expect_scalar(r->d, n, what)) {
    r->ok = false;
    return NULL;
  }
  return es_arena_strdup(&r->s->arena, y_text(n));
}

static void number(Reader *r, const yaml_node_t *root, const char *key, double *out) {
  yaml_node_t *x = y_get(r->d, root, key);
  if (x && !y_quantity(r->d, x, ES_Q_NUMBER, key, out))
    r->ok = false;
}

static EsScheduleEntry *entry(Reader *r, const char *task) {
  for (int i = 0; i < r->s->nentries; i++)
    if (!r->s->entries[i].duplicate && strcmp(r->s->entries[i].task, task) == 0)
      return &r->s->entries[i];
  return NULL;
}

static void read_assignment(Reader *r, const yaml_node_t *map) {
  if (!y_expect_map(r->d, map, "assignment")) {
    r->ok = false;
    return;
  }
  EsSchedule *s = r->s;
  for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
    const char *task = copy_text(r, y_node(r->d, p->key), "a task name");
    const char *dev = copy_text(r, y_node(r->d, p->value), "a device name");
    if (!task || !dev)
      continue;
    if (entry(r, task)) {
      y_error(r->d, y_node(r->d, p->key), "task '%s' assigned twice", task);
      r->ok = false;
      continue;
    }
    if (s->nentries == s->entries_cap) {
      int cap = s->entries_cap ? s->entries_cap * 2 : 16;
      EsScheduleEntry *e = realloc(s->entries, sizeof *e * (size_t)cap);
      if (!e) {
        r->ok = false;
        return;
      }
      s->entries = e, s->entries_cap = cap;
    }
    s->entries[s->nentries++] = (EsScheduleEntry){
        task,          NULL, dev, 0, NAN, NAN, NAN, NAN, false, y_mark(y_node(r->d, p->key)),
        ES_TASK_REGION};
  }
}

typedef enum PerTask { PER_LEVEL, PER_TIMING, PER_KEY, PER_TIME, PER_ENERGY, PER_KIND } PerTask;

/* One value of a per-task map into entry e. */
static bool read_task_value(Reader *r, EsScheduleEntry *e, const yaml_node_t *v, PerTask what) {
  long level;
  switch (what) {
  case PER_LEVEL:
    if (!y_int(r->d, v, "a level", &level) || level < 0)
      return false;
    e->level = (int)level;
    return true;
  case PER_KEY: return (e->key = copy_text(r, v, "a key")) != NULL;
  case PER_TIME: return y_quantity(r->d, v, ES_Q_TIME, "an expected time", &e->time);
  case PER_ENERGY: return y_quantity(r->d, v, ES_Q_ENERGY, "an expected energy", &e->energy);
  case PER_KIND:
    if (!y_expect_scalar(r->d, v, "a kind"))
      return false;
    if (!strcmp(y_text(v), "input") || !strcmp(y_text(v), "host")) {
      e->kind = !strcmp(y_text(v), "input") ? ES_TASK_INPUT : ES_TASK_HOST;
      return true;
    }
    y_error(r->d, v, "kind of '%s' must be input or host, not '%s'", e->task, y_text(v));
    return false;
  case PER_TIMING: break;
  }
  yaml_node_item_t *it = v->type == YAML_SEQUENCE_NODE ? v->data.sequence.items.start : NULL;
  if (!it || v->data.sequence.items.top - it != 2) {
    y_error(r->d, v, "timing of '%s' must be [start, finish]", e->task);
    return false;
  }
  return y_quantity(r->d, y_node(r->d, it[0]), ES_Q_TIME, "start", &e->start) &&
         y_quantity(r->d, y_node(r->d, it[1]), ES_Q_TIME, "finish", &e->finish);
}

/* Per-task maps keyed by task name: levels, timing, keys, expectations. */
static void read_per_task(Reader *r, const yaml_node_t *map, const char *what, PerTask kind) {
  if (!y_expect_map(r->d, map, what)) {
    r->ok = false;
    return;
  }
  for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
    yaml_node_t *k = y_node(r->d, p->key), *v = y_node(r->d, p->value);
    EsScheduleEntry *e = y_text(k) ? entry(r, y_text(k)) : NULL;
    if (!e) {
      y_error(r->d, k, "%s names task '%s', which the assignment does not", what,
              y_text(k) ? y_text(k) : "?");
      r->ok = false;
      continue;
    }
    if (!read_task_value(r, e, v, kind))
      r->ok = false;
  }
}

static void read_duplicates(Reader *r, const yaml_node_t *list) {
  if (!y_expect_seq(r->d, list, "duplicates")) {
    r->ok = false;
    return;
  }
  EsSchedule *s = r->s;
  for (yaml_node_item_t *it = list->data.sequence.items.start; it < list->data.sequence.items.top;
       it++) {
    yaml_node_t *n = y_node(r->d, *it);
    if (!y_expect_map(r->d, n, "a duplicate") || !y_check_keys(r->d, n, "a duplicate", dup_keys)) {
      r->ok = false;
      continue;
    }
    EsScheduleEntry e = {copy_text(r, y_get(r->d, n, "task"), "task"),
                         NULL,
                         copy_text(r, y_get(r->d, n, "device"), "device"),
                         0,
                         NAN,
                         NAN,
                         NAN,
                         NAN,
                         true,
                         y_mark(n),
                         ES_TASK_REGION};
    long level = 0;
    yaml_node_t *x = y_get(r->d, n, "level");
    if (x && !y_int(r->d, x, "level", &level))
      r->ok = false;
    e.level = (int)level;
    number(r, n, "start", &e.start);
    number(r, n, "finish", &e.finish);
    if (!e.task || !e.device) {
      y_error(r->d, n, "a duplicate needs 'task' and 'device'");
      r->ok = false;
      continue;
    }
    EsScheduleEntry *grown = realloc(s->entries, sizeof *grown * (size_t)(s->nentries + 1));
    if (!grown) {
      r->ok = false;
      return;
    }
    s->entries = grown, s->entries_cap = s->nentries + 1;
    s->entries[s->nentries++] = e;
  }
}

static void read_baselines(Reader *r, const yaml_node_t *map, const yaml_node_t *times) {
  if (!y_expect_map(r->d, map, "baselines")) {
    r->ok = false;
    return;
  }
  for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
    const char *name = y_text(y_node(r->d, p->key));
    double e, t = NAN;
    if (!name || !y_quantity(r->d, y_node(r->d, p->value), ES_Q_NUMBER, "a baseline", &e)) {
      r->ok = false;
      continue;
    }
    yaml_node_t *tn = times ? y_get(r->d, times, name) : NULL;
    if (tn && !y_quantity(r->d, tn, ES_Q_NUMBER, "a baseline time", &t))
      r->ok = false;
    es_schedule_add_baseline(r->s, name, e, t);
  }
}

/* idle: {device: off | LEVEL} */
static void read_idle(Reader *r, const yaml_node_t *map) {
  if (!y_expect_map(r->d, map, "idle")) {
    r->ok = false;
    return;
  }
  EsSchedule *s = r->s;
  int n = (int)(map->data.mapping.pairs.top - map->data.mapping.pairs.start);
  s->idle_device = malloc(((size_t)n + 1) * sizeof *s->idle_device);
  s->idle_state = malloc(((size_t)n + 1) * sizeof *s->idle_state);
  if (!s->idle_device || !s->idle_state) {
    r->ok = false;
    return;
  }
  for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
    const char *dev = copy_text(r, y_node(r->d, p->key), "a device name");
    yaml_node_t *v = y_node(r->d, p->value);
    long level = ES_IDLE_OFF;
    if (!dev || !y_expect_scalar(r->d, v, "an idle state") ||
        (strcmp(y_text(v), "off") != 0 &&
         (!y_int(r->d, v, "an idle level", &level) || level < 0))) {
      r->ok = false;
      continue;
    }
    s->idle_device[s->nidle] = dev, s->idle_state[s->nidle++] = (int)level;
  }
}

static int read_doc(YDoc *d, void *ctx) {
  EsScheduleList *out = ctx;
  yaml_node_t *root = y_root(d);
  if (!y_expect_map(d, root, "a schedule file") || !y_check_keys(d, root, "a schedule", top_keys))
    return ES_EINVAL;
  EsSchedule *s = es_schedule_new();
  if (!s || es_schedule_list_push(out, s)) {
    es_schedule_free(s);
    return es_error_set(d->err, ES_ENOMEM, d->file, 0, 0, "out of memory");
  }
  Reader r = {d, s, true};
  s->file = es_arena_strdup(&s->arena, d->file);
  s->algorithm = copy_text(&r, y_get(d, root, "algorithm"), "algorithm");
  s->graph = copy_text(&r, y_get(d, root, "graph"), "graph");
  s->fingerprint = copy_text(&r, y_get(d, root, "fingerprint"), "fingerprint");
  s->note = copy_text(&r, y_get(d, root, "note"), "note");
  const char *obj = copy_text(&r, y_get(d, root, "objective"), "objective");
  if (obj)
    s->objective = obj;
  yaml_node_t *unit = y_get(d, root, "unit");
  if (unit && y_expect_map(d, unit, "unit")) {
    const char *e = copy_text(&r, y_get(d, unit, "energy"), "energy unit");
    const char *t = copy_text(&r, y_get(d, unit, "time"), "time unit");
    s->energy_unit = e ? e : "", s->time_unit = t ? t : "";
  }
  number(&r, root, "total_energy", &s->total_energy);
  number(&r, root, "total_time", &s->total_time);
  number(&r, root, "makespan", &s->makespan);
  number(&r, root, "bound", &s->bound);
  number(&r, root, "slr", &s->slr);
  number(&r, root, "ecr", &s->ecr);
  s->dvfs = copy_text(&r, y_get(d, root, "dvfs"), "dvfs");
  yaml_node_t *en = y_get(d, root, "energy");
  if (en && y_expect_map(d, en, "energy")) {
    number(&r, en, "active", &s->energy_active);
    number(&r, en, "idle", &s->energy_idle);
    number(&r, en, "transfer", &s->energy_transfer);
  } else if (en)
    r.ok = false;
  if ((en = y_get(d, root, "idle")))
    read_idle(&r, en);
  yaml_node_t *x = y_get(d, root, "assignment");
  if (!x) {
    y_error(d, root, "a schedule needs an 'assignment'");
    return ES_EINVAL;
  }
  read_assignment(&r, x);
  static const struct {
    const char *key;
    PerTask kind;
  } maps[] = {{"levels", PER_LEVEL},       {"timing", PER_TIMING},          {"keys", PER_KEY},
              {"expected_time", PER_TIME}, {"expected_energy", PER_ENERGY}, {"kinds", PER_KIND}};
  for (size_t i = 0; i < sizeof maps / sizeof *maps; i++)
    if ((x = y_get(d, root, maps[i].key)))
      read_per_task(&r, x, maps[i].key, maps[i].kind);
  if ((x = y_get(d, root, "duplicates")))
    read_duplicates(&r, x);
  if ((x = y_get(d, root, "baselines")))
    read_baselines(&r, x, y_get(d, root, "baseline_times"));
  return r.ok ? ES_OK : ES_EINVAL;
}

int es_schedule_read(const char *path, EsScheduleList *out, EsError *err) {
  int rc = y_load_file(path, NULL, err, read_doc, out);
  if (!rc && out->len == 0)
    rc = es_error_set(err, ES_EINVAL, path, 1, 1, "empty schedule file");
  return rc;
}

/* A per-task map of the double at offset in each entry, when any is known. */
static void write_task_numbers(YOut *o, const EsSchedule *s, const char *key, size_t offset) {
  bool any = false;
  for (int i = 0; i < s->nentries; i++) {
    double v;
    memcpy(&v, (const char *)&s->entries[i] + offset, sizeof v);
    any |= !s->entries[i].duplicate && !isnan(v);
  }
  if (!any)
    return;
  y_str(o, key);
  y_map_begin(o, true);
  for (int i = 0; i < s->nentries; i++) {
    double v;
    memcpy(&v, (const char *)&s->entries[i] + offset, sizeof v);
    if (!s->entries[i].duplicate && !isnan(v))
      y_kv_num(o, s->entries[i].task, v);
  }
  y_map_end(o);
}

static void write_one(YOut *o, const EsSchedule *s) {
  y_doc_begin(o);
  y_map_begin(o, false);
  y_kv_str(o, "algorithm", s->algorithm ? s->algorithm : "unknown");
  if (s->graph)
    y_kv_str(o, "graph", s->graph);
  if (s->fingerprint)
    y_kv_str(o, "fingerprint", s->fingerprint);
  y_kv_str(o, "objective", s->objective);
  if (*s->energy_unit || *s->time_unit) {
    y_str(o, "unit");
    y_map_begin(o, true);
    y_kv_str(o, "energy", s->energy_unit);
    y_kv_str(o, "time", s->time_unit);
    y_map_end(o);
  }
  if (!isnan(s->total_energy))
    y_kv_num(o, "total_energy", s->total_energy);
  if (!isnan(s->total_time))
    y_kv_num(o, "total_time", s->total_time);
  if (!isnan(s->makespan))
    y_kv_num(o, "makespan", s->makespan);
  if (!isnan(s->bound))
    y_kv_num(o, "bound", s->bound);
  if (s->dvfs)
    y_kv_str(o, "dvfs", s->dvfs);
  if (!isnan(s->energy_active)) {
    y_str(o, "energy");
    y_map_begin(o, true);
    y_kv_num(o, "active", s->energy_active);
    y_kv_num(o, "idle", s->energy_idle);
    y_kv_num(o, "transfer", s->energy_transfer);
    y_map_end(o);
  }
  if (!isnan(s->slr))
    y_kv_num(o, "slr", s->slr);
  if (!isnan(s->ecr))
    y_kv_num(o, "ecr", s->ecr);
  if (s->nidle) {
    y_str(o, "idle");
    y_map_begin(o, true);
    for (int i = 0; i < s->nidle; i++) {
      if (s->idle_state[i] == ES_IDLE_OFF)
        y_kv_str(o, s->idle_device[i], "off");
      else
        y_kv_int(o, s->idle_device[i], s->idle_state[i]);
    }
    y_map_end(o);
  }
  if (s->note)
    y_kv_str(o, "note", s->note);
  y_str(o, "assignment");
  y_map_begin(o, true);
  for (int i = 0; i < s->nentries; i++)
    if (!s->entries[i].duplicate)
      y_kv_str(o, s->entries[i].task, s->entries[i].device);
  y_map_end(o);
  y_str(o, "levels");
  y_map_begin(o, true);
  for (int i = 0; i < s->nentries; i++)
    if (!s->entries[i].duplicate)
      y_kv_int(o, s->entries[i].task, s->entries[i].level);
  y_map_end(o);
  write_task_numbers(o, s, "expected_time", offsetof(EsScheduleEntry, time));
  write_task_numbers(o, s, "expected_energy", offsetof(EsScheduleEntry, energy));
  bool kinds = false; /* the pseudo-nodes: tables count only the tasks */
  for (int i = 0; i < s->nentries; i++)
    kinds |= !s->entries[i].duplicate && s->entries[i].kind != ES_TASK_REGION;
  if (kinds) {
    y_str(o, "kinds");
    y_map_begin(o, true);
    for (int i = 0; i < s->nentries; i++)
      if (!s->entries[i].duplicate && s->entries[i].kind != ES_TASK_REGION)
        y_kv_str(o, s->entries[i].task, s->entries[i].kind == ES_TASK_INPUT ? "input" : "host");
    y_map_end(o);
  }
  bool keys = false;
  for (int i = 0; i < s->nentries; i++)
    keys |= !s->entries[i].duplicate && s->entries[i].key != NULL;
  if (keys) {
    y_str(o, "keys");
    y_map_begin(o, true);
    for (int i = 0; i < s->nentries; i++)
      if (!s->entries[i].duplicate && s->entries[i].key)
        y_kv_str(o, s->entries[i].task, s->entries[i].key);
    y_map_end(o);
  }
  if (!isnan(s->makespan)) {
    y_str(o, "timing");
    y_map_begin(o, false);
    for (int i = 0; i < s->nentries; i++) {
      if (s->entries[i].duplicate)
        continue;
      y_str(o, s->entries[i].task);
      y_seq_begin(o, true);
      y_num(o, s->entries[i].start);
      y_num(o, s->entries[i].finish);
      y_seq_end(o);
    }
    y_map_end(o);
  }
  bool dups = false;
  for (int i = 0; i < s->nentries; i++)
    dups |= s->entries[i].duplicate;
  if (dups) {
    y_str(o, "duplicates");
    y_seq_begin(o, false);
    for (int i = 0; i < s->nentries; i++) {
      const EsScheduleEntry *e = &s->entries[i];
      if (!e->duplicate)
        continue;
      y_map_begin(o, true);
      y_kv_str(o, "task", e->task);
      y_kv_str(o, "device", e->device);
      y_kv_int(o, "level", e->level);
      y_kv_num(o, "start", e->start);
      y_kv_num(o, "finish", e->finish);
      y_map_end(o);
    }
    y_seq_end(o);
  }
  if (s->nbaselines) {
    y_str(o, "baselines");
    y_map_begin(o, true);
    for (int i = 0; i < s->nbaselines; i++)
      y_kv_num(o, s->baselines[i].name, s->baselines[i].energy);
    y_map_end(o);
    bool times = false;
    for (int i = 0; i < s->nbaselines; i++)
      times |= !isnan(s->baselines[i].time);
    if (times) {
      y_str(o, "baseline_times");
      y_map_begin(o, true);
      for (int i = 0; i < s->nbaselines; i++)
        y_kv_num(o, s->baselines[i].name, s->baselines[i].time);
      y_map_end(o);
    }
  }
  y_map_end(o);
  y_doc_end(o);
}

bool es_schedule_write(FILE *f, const EsSchedule *const *schedules, int n) {
  YOut o;
  if (!y_out_begin(&o, f))
    return false;
  for (int i = 0; i < n; i++)
    write_one(&o, schedules[i]);
  return y_out_end(&o);
}
