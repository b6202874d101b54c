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

#include "scheduler/base/strmap.h"
#include "scheduler/io/files.h"
#include "scheduler/io/yaml_in.h"
#include "scheduler/io/yaml_out.h"

static const char *const top_keys[] = {
    "algorithm",  "graph",      "fingerprint", "objective",      "unit",          "total_energy",
    "total_time", "makespan",   "bound",       "note",           "assignment",    "levels",
    "timing",     "duplicates", "baselines",   "baseline_times", "dvfs",          "energy",
    "slr",        "ecr",        "idle",        "keys",           "expected_time", "expected_energy",
    "kinds",      NULL};
static const char *const dup_keys[] = {"task", "device", "level", "start", "finish", NULL};

typedef struct Reader {
  YIn *in;
  EsScheduleList *out;
  EsSchedule *s; /* the schedule of the document being read */
  bool ok;
  EsStrMap index; /* task name -> its (non-duplicate) entry */
} Reader;

static const char *copy_text(Reader *r, const YNode *n, const char *what) {
  if (!n)
    return NULL;
  if (!y_expect_scalar(r->in, n, what)) {
    r->ok = false;
    return NULL;
  }
  return es_arena_strdup(&r->s->arena, y_text(n));
}

static void number(Reader *r, const YNode *root, const char *key, double *out) {
  const YNode *x = y_get(root, key);
  if (x && !y_quantity(r->in, x, ES_Q_NUMBER, key, out))
    r->ok = false;
}

static EsScheduleEntry *entry(Reader *r, const char *task) {
  int i = es_strmap_get(&r->index, task);
  return i < 0 ? NULL : &r->s->entries[i];
}

static EsScheduleEntry *add_entry(Reader *r) {
  EsSchedule *s = r->s;
  if (s->nentries == s->entries_cap) {
    int cap = s->entries_cap ? s->entries_cap * 2 : 16;
    EsScheduleEntry *e = realloc(s->entries, sizeof *e * (size_t)cap);
    if (!e) {
      r->ok = false;
      return NULL;
    }
    s->entries = e, s->entries_cap = cap;
  }
  return &s->entries[s->nentries++];
}

/* assignment: {TASK: DEVICE, ...}, one pair at a time */
static void read_assigned(Reader *r, const YNode *k, const YNode *v) {
  const char *task = copy_text(r, k, "a task name");
  const char *dev = copy_text(r, v, "a device name");
  if (!task || !dev)
    return;
  if (entry(r, task)) {
    y_error(r->in, k, "task '%s' assigned twice", task);
    r->ok = false;
    return;
  }
  EsScheduleEntry *e = add_entry(r);
  if (!e || es_strmap_put(&r->index, task, r->s->nentries - 1)) {
    r->ok = false;
    return;
  }
  *e = (EsScheduleEntry){task, NULL, dev, 0, NAN, NAN, NAN, NAN, false, y_mark(k), ES_TASK_REGION};
}

static void read_assignment(Reader *r, const YNode *map) {
  if (y_streamed(r->in, map))
    return;
  if (!y_expect_map(r->in, map, "assignment")) {
    r->ok = false;
    return;
  }
  Y_EACH_KEY(k, map)
  read_assigned(r, k, k->next);
}

typedef enum PerTask { PER_LEVEL, PER_TIMING, PER_KEY, PER_TIME, PER_ENERGY, PER_KIND } PerTask;

/* One value of a per-task map into entry e. */
static bool read_task_value(Reader *r, EsScheduleEntry *e, const YNode *v, PerTask what) {
  switch (what) {
  case PER_LEVEL: return y_level(r->in, v, "a level", &e->level);
  case PER_KEY: return (e->key = copy_text(r, v, "a key")) != NULL;
  case PER_TIME: return y_quantity(r->in, v, ES_Q_TIME, "an expected time", &e->time);
  case PER_ENERGY: return y_quantity(r->in, v, ES_Q_ENERGY, "an expected energy", &e->energy);
  case PER_KIND:
    if (!y_expect_scalar(r->in, v, "a kind"))
      return false;
    if (!strcmp(y_text(v), "input") || !strcmp(y_text(v), "host")) {
      e->kind = !strcmp(y_text(v), "input") ? ES_TASK_INPUT : ES_TASK_HOST;
      return true;
    }
    y_error(r->in, v, "kind of '%s' must be input or host, not '%s'", e->task, y_text(v));
    return false;
  case PER_TIMING: break;
  }
  if (v->type != Y_SEQ || v->len != 2) {
    y_error(r->in, v, "timing of '%s' must be [start, finish]", e->task);
    return false;
  }
  return y_quantity(r->in, v->first, ES_Q_TIME, "start", &e->start) &&
         y_quantity(r->in, v->first->next, ES_Q_TIME, "finish", &e->finish);
}

/* Per-task maps keyed by task name: levels, timing, keys, expectations. */
static const struct {
  const char *key;
  PerTask kind;
} per_task[] = {{"levels", PER_LEVEL},       {"timing", PER_TIMING},          {"keys", PER_KEY},
                {"expected_time", PER_TIME}, {"expected_energy", PER_ENERGY}, {"kinds", PER_KIND}};

static void read_per_task_pair(Reader *r, const YNode *k, const YNode *v, int map) {
  EsScheduleEntry *e = y_text(k) ? entry(r, y_text(k)) : NULL;
  if (!e) {
    y_error(r->in, k, "%s names task '%s', which the assignment does not", per_task[map].key,
            y_text(k) ? y_text(k) : "?");
    r->ok = false;
  } else if (!read_task_value(r, e, v, per_task[map].kind))
    r->ok = false;
}

static void read_per_task(Reader *r, const YNode *map, int which) {
  if (y_streamed(r->in, map))
    return;
  if (!y_expect_map(r->in, map, per_task[which].key)) {
    r->ok = false;
    return;
  }
  Y_EACH_KEY(k, map)
  read_per_task_pair(r, k, k->next, which);
}

static void read_duplicate(Reader *r, const YNode *n) {
  if (!y_expect_map(r->in, n, "a duplicate") || !y_check_keys(r->in, n, "a duplicate", dup_keys)) {
    r->ok = false;
    return;
  }
  EsScheduleEntry e = {copy_text(r, y_get(n, "task"), "task"),
                       NULL,
                       copy_text(r, y_get(n, "device"), "device"),
                       0,
                       NAN,
                       NAN,
                       NAN,
                       NAN,
                       true,
                       y_mark(n),
                       ES_TASK_REGION};
  const YNode *x = y_get(n, "level");
  if (x && !y_level(r->in, x, "level", &e.level))
    r->ok = false;
  number(r, n, "start", &e.start);
  number(r, n, "finish", &e.finish);
  if (!e.task || !e.device) {
    y_error(r->in, n, "a duplicate needs 'task' and 'device'");
    r->ok = false;
    return;
  }
  EsScheduleEntry *slot = add_entry(r);
  if (slot)
    *slot = e;
}

static void read_duplicates(Reader *r, const YNode *list) {
  if (y_streamed(r->in, list))
    return;
  if (!y_expect_seq(r->in, list, "duplicates")) {
    r->ok = false;
    return;
  }
  Y_EACH_ITEM(it, list)
  read_duplicate(r, it);
}

static void read_baselines(Reader *r, const YNode *map, const YNode *times) {
  if (!y_expect_map(r->in, map, "baselines")) {
    r->ok = false;
    return;
  }
  Y_EACH_KEY(k, map) {
    const char *name = y_text(k);
    double e, t = NAN;
    if (!name || !y_quantity(r->in, k->next, ES_Q_NUMBER, "a baseline", &e)) {
      r->ok = false;
      continue;
    }
    const YNode *tn = times ? y_get(times, name) : NULL;
    if (tn && !y_quantity(r->in, tn, ES_Q_NUMBER, "a baseline time", &t))
      r->ok = false;
    es_schedule_add_baseline(r->s, name, e, t);
  }
}

/* idle: {device: off | LEVEL} */
static void read_idle(Reader *r, const YNode *map) {
  if (!y_expect_map(r->in, map, "idle")) {
    r->ok = false;
    return;
  }
  EsSchedule *s = r->s;
  s->idle_device = malloc(((size_t)map->len + 1) * sizeof *s->idle_device);
  s->idle_state = malloc(((size_t)map->len + 1) * sizeof *s->idle_state);
  if (!s->idle_device || !s->idle_state) {
    r->ok = false;
    return;
  }
  Y_EACH_KEY(k, map) {
    const char *dev = copy_text(r, k, "a device name");
    const YNode *v = k->next;
    int level = ES_IDLE_OFF;
    if (!dev || !y_expect_scalar(r->in, v, "an idle state") ||
        (strcmp(y_text(v), "off") != 0 && !y_level(r->in, v, "an idle level", &level))) {
      r->ok = false;
      continue;
    }
    s->idle_device[s->nidle] = dev, s->idle_state[s->nidle++] = level;
  }
}

static int begin_schedule(YIn *in, const YNode *root, void *ctx) {
  Reader *r = ctx;
  if (!y_expect_map(in, root, "a schedule file"))
    return ES_EINVAL;
  EsSchedule *s = es_schedule_new();
  if (!s || es_schedule_list_push(r->out, s)) {
    es_schedule_free(s);
    return es_error_set(in->err, ES_ENOMEM, in->file, 0, 0, "out of memory");
  }
  s->file = es_arena_strdup(&s->arena, in->file);
  es_strmap_free(&r->index);
  r->in = in, r->s = s, r->ok = true;
  return ES_OK;
}

static void read_header(Reader *r, const YNode *root) {
  EsSchedule *s = r->s;
  s->algorithm = copy_text(r, y_get(root, "algorithm"), "algorithm");
  s->graph = copy_text(r, y_get(root, "graph"), "graph");
  s->fingerprint = copy_text(r, y_get(root, "fingerprint"), "fingerprint");
  s->note = copy_text(r, y_get(root, "note"), "note");
  const char *obj = copy_text(r, y_get(root, "objective"), "objective");
  if (obj)
    s->objective = obj;
  const YNode *unit = y_get(root, "unit");
  if (unit && y_expect_map(r->in, unit, "unit")) {
    const char *e = copy_text(r, y_get(unit, "energy"), "energy unit");
    const char *t = copy_text(r, y_get(unit, "time"), "time unit");
    s->energy_unit = e ? e : "", s->time_unit = t ? t : "";
  }
  number(r, root, "total_energy", &s->total_energy);
  number(r, root, "total_time", &s->total_time);
  number(r, root, "makespan", &s->makespan);
  number(r, root, "bound", &s->bound);
  number(r, root, "slr", &s->slr);
  number(r, root, "ecr", &s->ecr);
  s->dvfs = copy_text(r, y_get(root, "dvfs"), "dvfs");
  const YNode *en = y_get(root, "energy");
  if (en && y_expect_map(r->in, en, "energy")) {
    number(r, en, "active", &s->energy_active);
    number(r, en, "idle", &s->energy_idle);
    number(r, en, "transfer", &s->energy_transfer);
  } else if (en)
    r->ok = false;
  if ((en = y_get(root, "idle")))
    read_idle(r, en);
}

static int end_schedule(YIn *in, const YNode *root, void *ctx) {
  Reader *r = ctx;
  if (!y_check_keys(in, root, "a schedule", top_keys))
    return ES_EINVAL;
  read_header(r, root);
  const YNode *x = y_get(root, "assignment");
  if (!x) {
    y_error(in, root, "a schedule needs an 'assignment'");
    return ES_EINVAL;
  }
  read_assignment(r, x);
  for (size_t i = 0; i < sizeof per_task / sizeof *per_task; i++)
    if ((x = y_get(root, per_task[i].key)))
      read_per_task(r, x, (int)i);
  if ((x = y_get(root, "duplicates")))
    read_duplicates(r, x);
  if ((x = y_get(root, "baselines")))
    read_baselines(r, x, y_get(root, "baseline_times"));
  return r->ok ? ES_OK : ES_EINVAL;
}

static bool after_assignment(const YNode *root) { return y_get(root, "assignment") != NULL; }

static void assigned_pair(void *ctx, const char *list, const YNode *k, const YNode *v) {
  (void)list;
  read_assigned(ctx, k, v);
}

static void per_task_pair(void *ctx, const char *list, const YNode *k, const YNode *v) {
  int i = 0;
  while (strcmp(per_task[i].key, list) != 0)
    i++;
  read_per_task_pair(ctx, k, v, i);
}

static void duplicate_item(void *ctx, const char *list, const YNode *n) {
  (void)list;
  read_duplicate(ctx, n);
}

static const YStream streams[] = {{"assignment", NULL, NULL, assigned_pair, NULL},
                                  {"levels", after_assignment, NULL, per_task_pair, NULL},
                                  {"timing", after_assignment, NULL, per_task_pair, NULL},
                                  {"keys", after_assignment, NULL, per_task_pair, NULL},
                                  {"expected_time", after_assignment, NULL, per_task_pair, NULL},
                                  {"expected_energy", after_assignment, NULL, per_task_pair, NULL},
                                  {"kinds", after_assignment, NULL, per_task_pair, NULL},
                                  {"duplicates", after_assignment, duplicate_item, NULL, NULL},
                                  {NULL, NULL, NULL, NULL, NULL}};
static const YFormat format = {top_keys, streams, begin_schedule, end_schedule};

int es_schedule_read(const char *path, EsScheduleList *out, EsError *err) {
  Reader r = {.out = out};
  int rc = y_read_file(path, NULL, err, &format, &r);
  es_strmap_free(&r.index);
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
