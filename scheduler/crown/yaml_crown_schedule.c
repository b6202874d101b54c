/* Crown schedule files (docs/crown.md), read and written through libyaml:
 *
 *   crown_schedule: fft-p4      # the collection's name; marks the file
 *   algorithm: crown-fast
 *   cores: 4                    # as given; crown_cores: the crown's p
 *   crown_cores: 4
 *   deadline: 1.8
 *   energy: 7.3                 # energy, makespan, feasible: recomputed on reading
 *   makespan: 1.6
 *   feasible: true
 *   status: heuristic           # optimal | time-limit | heuristic
 *   bound: 7.1                  # ILPs only
 *   gap: 0.02                   # ILPs only
 *   seconds: 0.0001
 *   levels: [{freq: 5, power: 125}, ...]          # fastest first
 *   tasks:
 *     - {name: a, group: 1, width: 4, level: 2, freq: 3, time: 0.33, energy: 12}
 *   order:                      # per core, the task names in crown order
 *     - [a, b, d]
 *
 * A reader recomputes times, order, energy and makespan from each task's
 * group, width, level and time (its time at frequency 1 is time * freq), and
 * checks that freq and order agree.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/crown/crown_internal.h"
#include "scheduler/io/yaml_in.h"
#include "scheduler/io/yaml_out.h"

static const char *const top_keys[] = {
    "crown_schedule", "algorithm", "cores",  "crown_cores", "deadline", "energy",
    "makespan",       "feasible",  "status", "bound",       "gap",      "seconds",
    "note",           "levels",    "tasks",  "order",       NULL};
static const char *const task_keys[] = {"name", "group", "width",  "level",
                                        "freq", "time",  "energy", NULL};
static const char *const level_keys[] = {"freq", "power", NULL};
static const char *const status_names[] = {"heuristic", "optimal", "time-limit"};

typedef struct Reader {
  YIn *in;
  EsCrownSchedule *s;
  bool ok;
} Reader;

static const char *text_of(Reader *r, const YNode *root, const char *key) {
  const YNode *x = y_get(root, key);
  if (!x)
    return NULL;
  if (!y_expect_scalar(r->in, x, key)) {
    r->ok = false;
    return NULL;
  }
  return es_arena_strdup(&r->s->arena, y_text(x));
}

static double num_of(Reader *r, const YNode *map, const char *key, EsQuantity q, bool required) {
  const YNode *x = y_get(map, key);
  double v = NAN;
  if (!x && required) {
    y_error(r->in, map, "missing '%s'", key);
    r->ok = false;
  } else if (x && !y_quantity(r->in, x, q, key, &v))
    r->ok = false;
  return v;
}

static int int_of(Reader *r, const YNode *map, const char *key) {
  const YNode *x = y_get(map, key);
  long v = 0;
  if (!x) {
    y_error(r->in, map, "missing '%s'", key);
    r->ok = false;
  } else if (!y_int(r->in, x, key, &v)) {
    r->ok = false;
  } else if (v < 0 || v > (2L << ES_CROWN_ZMAX)) {
    y_error(r->in, x, "'%s' out of range: %s", key, y_text(x));
    r->ok = false;
  }
  return (int)v;
}

static void read_status(Reader *r, const YNode *root) {
  const char *st = text_of(r, root, "status");
  for (int i = 0; st && i < 3; i++)
    if (strcmp(st, status_names[i]) == 0) {
      r->s->status = (EsCrownStatus)i;
      return;
    }
  if (st) {
    y_error(r->in, y_get(root, "status"),
            "status must be heuristic, optimal or time-limit, not '%s'", st);
    r->ok = false;
  }
}

static void read_header(Reader *r, const YNode *root) {
  EsCrownSchedule *s = r->s;
  s->collection = text_of(r, root, "crown_schedule");
  s->algorithm = text_of(r, root, "algorithm");
  s->note = text_of(r, root, "note");
  s->cores = int_of(r, root, "cores");
  s->p = int_of(r, root, "crown_cores");
  if (r->ok && (s->p < 1 || (s->p & (s->p - 1)) || s->p > s->cores)) {
    y_error(r->in, y_get(root, "crown_cores"),
            "crown_cores must be a power of two between 1 and cores");
    r->ok = false;
  }
  s->deadline = num_of(r, root, "deadline", ES_Q_TIME, true);
  s->bound = num_of(r, root, "bound", ES_Q_NUMBER, false);
  s->gap = num_of(r, root, "gap", ES_Q_NUMBER, false);
  double secs = num_of(r, root, "seconds", ES_Q_TIME, false);
  s->seconds = isnan(secs) ? 0 : secs;
  read_status(r, root);
}

static void read_levels(Reader *r, const YNode *root) {
  const YNode *list = y_get(root, "levels");
  if (!list || !y_expect_seq(r->in, list, "levels")) {
    if (!list)
      y_error(r->in, root, "missing 'levels'");
    r->ok = false;
    return;
  }
  int n = list->len;
  r->s->levels = calloc((size_t)n + 1, sizeof *r->s->levels);
  if (!r->s->levels) {
    r->ok = false;
    return;
  }
  int k = 0;
  for (const YNode *x = list->first; x; x = x->next, k++) {
    if (!y_expect_map(r->in, x, "a level") || !y_check_keys(r->in, x, "a level", level_keys)) {
      r->ok = false;
      continue;
    }
    r->s->levels[k].freq = num_of(r, x, "freq", ES_Q_FREQUENCY, true);
    r->s->levels[k].power = num_of(r, x, "power", ES_Q_POWER, true);
    if (r->ok && (!(r->s->levels[k].freq > 0) ||
                  (k > 0 && !(r->s->levels[k].freq < r->s->levels[k - 1].freq)))) {
      y_error(r->in, x, "levels must have positive frequencies, fastest first");
      r->ok = false;
    }
  }
  r->s->nlevels = n;
}

/* Where the task runs must fit the crown and the levels. */
static bool check_place(Reader *r, const YNode *n, const EsCrownPlaced *t, double f) {
  const EsCrownSchedule *s = r->s;
  if (t->group < 1 || t->group >= 2 * s->p) {
    y_error(r->in, y_get(n, "group"), "group %d is outside the crown of %d cores (1..%d)", t->group,
            s->p, 2 * s->p - 1);
    return false;
  }
  if (t->width != s->p >> crown_depth(t->group)) {
    y_error(r->in, y_get(n, "width"), "group %d has width %d, not %d", t->group,
            s->p >> crown_depth(t->group), t->width);
    return false;
  }
  if (t->level >= s->nlevels) {
    y_error(r->in, y_get(n, "level"), "level %d, but there are %d levels", t->level, s->nlevels);
    return false;
  }
  if (!isnan(f) && f != s->levels[t->level].freq) {
    y_error(r->in, y_get(n, "freq"), "freq %g is not level %d's frequency %g", f, t->level,
            s->levels[t->level].freq);
    return false;
  }
  return true;
}

static void read_task(Reader *r, const YNode *n, EsCrownPlaced *t) {
  if (!y_expect_map(r->in, n, "a task") || !y_check_keys(r->in, n, "a task", task_keys)) {
    r->ok = false;
    return;
  }
  bool before = r->ok;
  r->ok = true;
  t->name = text_of(r, n, "name");
  if (!t->name) {
    y_error(r->in, n, "a task needs a 'name'");
    r->ok = false;
  }
  t->group = int_of(r, n, "group"), t->width = int_of(r, n, "width");
  t->level = int_of(r, n, "level");
  double time = num_of(r, n, "time", ES_Q_TIME, true);
  double f = num_of(r, n, "freq", ES_Q_FREQUENCY, false);
  if (r->ok && !check_place(r, n, t, f))
    r->ok = false;
  if (r->ok)
    t->unscaled = time * r->s->levels[t->level].freq;
  r->ok &= before;
}

static void read_tasks(Reader *r, const YNode *root) {
  const YNode *list = y_get(root, "tasks");
  if (!list || !y_expect_seq(r->in, list, "tasks")) {
    if (!list)
      y_error(r->in, root, "missing 'tasks'");
    r->ok = false;
    return;
  }
  int n = list->len;
  r->s->tasks = calloc((size_t)n + 1, sizeof *r->s->tasks);
  if (!r->s->tasks) {
    r->ok = false;
    return;
  }
  r->s->ntasks = n;
  int j = 0;
  Y_EACH_ITEM(it, list)
  read_task(r, it, &r->s->tasks[j++]);
}

/* order, when present, must be the crown order the layout computed. */
static void check_order(Reader *r, const YNode *root) {
  const YNode *list = y_get(root, "order");
  const EsCrownSchedule *s = r->s;
  if (!list)
    return;
  int m = 0;
  for (const YNode *core = list->type == Y_SEQ ? list->first : NULL; core; core = core->next, m++) {
    int k = m < s->p ? s->core_first[m] : 0, end = m < s->p ? s->core_first[m + 1] : 0;
    bool same = core->type == Y_SEQ && core->len == end - k;
    for (const YNode *t = same ? core->first : NULL; same && t; t = t->next, k++)
      same = y_text(t) && strcmp(y_text(t), s->tasks[s->slots[k].task].name) == 0;
    if (!same) {
      y_error(r->in, core, "core %d's order is not the crown order of its groups", m);
      r->ok = false;
    }
  }
  if (list->type != Y_SEQ || m != s->p) {
    y_error(r->in, list, "'order' must list the tasks of each of the %d cores", s->p);
    r->ok = false;
  }
}

static int begin_schedule(YIn *in, const YNode *root, void *ctx) {
  (void)ctx;
  return y_expect_map(in, root, "a crown schedule file") ? ES_OK : ES_EINVAL;
}

/* A crown schedule's tasks are checked against its crown and levels: small
 * files, read whole at the document's end. */
static int end_schedule(YIn *in, const YNode *root, void *ctx) {
  EsCrownScheduleList *out = ctx;
  if (!y_check_keys(in, root, "a crown schedule", top_keys))
    return ES_EINVAL;
  EsCrownSchedule *s = calloc(1, sizeof *s);
  if (!s || es_crown_schedule_list_push(out, s)) {
    free(s);
    return es_error_set(in->err, ES_ENOMEM, in->file, 0, 0, "out of memory");
  }
  Reader r = {in, s, true};
  s->file = es_arena_strdup(&s->arena, in->file);
  read_header(&r, root);
  if (r.ok)
    read_levels(&r, root);
  if (r.ok)
    read_tasks(&r, root);
  if (!r.ok)
    return ES_EINVAL;
  int rc = es_crown_schedule_layout(s, in->err); /* the places were checked above */
  if (rc)
    return rc;
  check_order(&r, root);
  return r.ok ? ES_OK : ES_EINVAL;
}

static const YFormat format = {top_keys, NULL, begin_schedule, end_schedule};

int es_crown_schedule_read(const char *path, EsCrownScheduleList *out, EsError *err) {
  int before = out->len;
  int rc = y_read_file(path, NULL, err, &format, out);
  if (!rc && out->len == before)
    rc = es_error_set(err, ES_EINVAL, path, 1, 1, "empty crown schedule file");
  return rc;
}

/* ---- writing ---- */

static void write_header(YOut *o, const EsCrownSchedule *s) {
  y_kv_str(o, "crown_schedule", s->collection);
  y_kv_str(o, "algorithm", s->algorithm);
  y_kv_int(o, "cores", s->cores);
  y_kv_int(o, "crown_cores", s->p);
  y_kv_num(o, "deadline", s->deadline);
  y_kv_num(o, "energy", s->energy);
  y_kv_num(o, "makespan", s->makespan);
  y_str(o, "feasible");
  y_bool_out(o, s->feasible);
  y_kv_str(o, "status", status_names[s->status]);
  if (!isnan(s->bound))
    y_kv_num(o, "bound", s->bound);
  if (!isnan(s->gap))
    y_kv_num(o, "gap", s->gap);
  y_kv_num(o, "seconds", s->seconds);
  if (s->note)
    y_kv_str(o, "note", s->note);
}

static void write_tables(YOut *o, const EsCrownSchedule *s) {
  y_str(o, "levels");
  y_seq_begin(o, true);
  for (int k = 0; k < s->nlevels; k++) {
    y_map_begin(o, true);
    y_kv_num(o, "freq", s->levels[k].freq);
    y_kv_num(o, "power", s->levels[k].power);
    y_map_end(o);
  }
  y_seq_end(o);
  y_str(o, "tasks");
  y_seq_begin(o, false);
  for (int j = 0; j < s->ntasks; j++) {
    const EsCrownPlaced *t = &s->tasks[j];
    y_map_begin(o, true);
    y_kv_str(o, "name", t->name);
    y_kv_int(o, "group", t->group);
    y_kv_int(o, "width", t->width);
    y_kv_int(o, "level", t->level);
    y_kv_num(o, "freq", t->freq);
    y_kv_num(o, "time", t->time);
    y_kv_num(o, "energy", t->energy);
    y_map_end(o);
  }
  y_seq_end(o);
}

static void write_order(YOut *o, const EsCrownSchedule *s) {
  y_str(o, "order");
  y_seq_begin(o, false);
  for (int m = 0; m < s->p; m++) {
    y_seq_begin(o, true);
    for (int k = s->core_first[m]; k < s->core_first[m + 1]; k++)
      y_str(o, s->tasks[s->slots[k].task].name);
    y_seq_end(o);
  }
  y_seq_end(o);
}

bool es_crown_schedule_write(FILE *f, const EsCrownSchedule *const *schedules, int n) {
  YOut o;
  if (!y_out_begin(&o, f))
    return false;
  for (int i = 0; i < n; i++) {
    y_doc_begin(&o);
    y_map_begin(&o, false);
    write_header(&o, schedules[i]);
    write_tables(&o, schedules[i]);
    write_order(&o, schedules[i]);
    y_map_end(&o);
    y_doc_end(&o);
  }
  return y_out_end(&o);
}
