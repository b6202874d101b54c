/* Profile files: reading and writing (docs/formats.md, "Profile file").
 *
 *   esched_profile: 1
 *   tasks:
 *     - key: mul
 *       unit: src/matmul.c
 *       bytes: {A: 4194304}
 *       runs:
 *         - {device: cpu, level: 0, count: 3, mean: 0.04, var: 1e-8, min: .., max: ..,
 *            source: measured, energy: {count: 3, mean: 3.6, ...}, energy_source: rapl}
 *
 * The version key identifies the file: anything else is a foreign file.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/io/files.h"
#include "scheduler/io/yaml_in.h"
#include "scheduler/io/yaml_out.h"

enum { PROFILE_VERSION = 1 };

static const char *const top_keys[] = {"esched_profile", "tasks", NULL};
static const char *const entry_keys[] = {"key", "unit", "stale", "bytes", "runs", NULL};
static const char *const run_keys[] = {"device", "level",  "size",          "count",
                                       "mean",   "var",    "min",           "max",
                                       "source", "energy", "energy_source", NULL};
static const char *const stats_keys[] = {"count", "mean", "var", "min", "max", NULL};

typedef struct Reader {
  YIn *in;
  EsProfile *p;
  bool ok;
  int ndocs;
} Reader;

/* An amount of time, energy or bytes (a NaN size would never match itself
 * when runs are merged). */
static bool read_amount(Reader *r, const YNode *x, EsQuantity q, const char *what, double *out) {
  if (y_amount(r->in, x, q, what, out))
    return true;
  r->ok = false;
  return false;
}

/* count, mean, var, min, max of mapping n into s (m2 from the sample variance). */
static void read_stats(Reader *r, const YNode *n, EsStats *s) {
  long count = 0;
  double var = 0;
  const YNode *x = y_get(n, "count");
  if (!x)
    y_error(r->in, n, "a run needs a positive 'count'");
  else if (y_int(r->in, x, "count", &count) && count < 1) /* else count stays 0 */
    y_error(r->in, x, "a run needs a positive 'count'");
  else if (count > ES_STATS_MAX_COUNT)
    y_error(r->in, x, "'count' must be at most %ld", ES_STATS_MAX_COUNT);
  if (count < 1 || count > ES_STATS_MAX_COUNT) {
    r->ok = false;
    return;
  }
  s->count = count;
  const char *names[4] = {"mean", "var", "min", "max"};
  double *dst[4] = {&s->mean, &var, &s->min, &s->max};
  for (int i = 0; i < 4; i++) {
    x = y_get(n, names[i]);
    if (!x) {
      if (i == 0) {
        y_error(r->in, n, "a run needs a 'mean'");
        r->ok = false;
      }
      *dst[i] = i == 1 ? 0 : s->mean;
      continue;
    }
    read_amount(r, x, ES_Q_NUMBER, names[i], dst[i]);
  }
  /* as merging does: a variance too large for its count saturates */
  s->m2 = fmin(var * (double)(count - 1), ES_STATS_MAX_M2);
}

static void read_run(Reader *r, EsProfileEntry *e, const YNode *n) {
  if (!y_expect_map(r->in, n, "a run") || !y_check_keys(r->in, n, "a run", run_keys)) {
    r->ok = false;
    return;
  }
  const char *dev = y_text(y_get(n, "device"));
  if (!dev) {
    y_error(r->in, n, "a run needs a 'device'");
    r->ok = false;
    return;
  }
  int level = 0;
  double size = -1;
  const YNode *x;
  bool ok = true;
  if ((x = y_get(n, "level")) && !y_level(r->in, x, "level", &level))
    ok = false;
  if ((x = y_get(n, "size")) && !read_amount(r, x, ES_Q_BYTES, "size", &size))
    ok = false;
  if (!ok) {
    r->ok = false;
    return;
  }
  EsProfileRun *run = es_profile_run(r->p, e, dev, level, size);
  if (!run) {
    r->ok = false;
    return;
  }
  if (run->time.count) {
    if (size >= 0)
      y_error(r->in, n, "second run for device '%s' level %d size %g of '%s'", dev, level, size,
              e->key);
    else
      y_error(r->in, n, "second run for device '%s' level %d of '%s'", dev, level, e->key);
    r->ok = false;
    return;
  }
  run->mark = y_mark(n);
  read_stats(r, n, &run->time);
  if ((x = y_get(n, "source")) && y_text(x))
    run->source = es_arena_strdup(&r->p->arena, y_text(x));
  if ((x = y_get(n, "energy"))) {
    if (y_expect_map(r->in, x, "energy") && y_check_keys(r->in, x, "energy", stats_keys))
      read_stats(r, x, &run->energy);
    else
      r->ok = false;
  }
  if ((x = y_get(n, "energy_source")) && y_text(x))
    run->energy_source = es_arena_strdup(&r->p->arena, y_text(x));
}

static void read_bytes(Reader *r, EsProfileEntry *e, const YNode *map) {
  if (!y_expect_map(r->in, map, "bytes")) {
    r->ok = false;
    return;
  }
  Y_EACH_KEY(k, map) {
    const char *item = y_text(k);
    double b;
    if (!item || !read_amount(r, k->next, ES_Q_BYTES, "bytes", &b)) {
      r->ok = false;
      continue;
    }
    if (es_profile_item_set(r->p, e, item, b)) {
      r->ok = false;
      return;
    }
  }
}

static void read_entry(Reader *r, const YNode *n) {
  if (!y_expect_map(r->in, n, "a profile entry") ||
      !y_check_keys(r->in, n, "a profile entry", entry_keys)) {
    r->ok = false;
    return;
  }
  const char *key = y_text(y_get(n, "key"));
  if (!key) {
    y_error(r->in, n, "a profile entry needs a 'key'");
    r->ok = false;
    return;
  }
  if (es_profile_find(r->p, key)) {
    y_error(r->in, y_get(n, "key"), "duplicate profile entry '%s'", key);
    r->ok = false;
    return;
  }
  EsProfileEntry *e = es_profile_entry(r->p, key);
  if (!e) {
    r->ok = false;
    return;
  }
  e->mark = y_mark(n);
  const YNode *x;
  if ((x = y_get(n, "unit"))) {
    if (y_expect_scalar(r->in, x, "unit"))
      e->unit = es_arena_strdup(&r->p->arena, y_text(x));
    else
      r->ok = false;
  }
  if ((x = y_get(n, "stale")) && !y_bool(r->in, x, "stale", &e->stale))
    r->ok = false;
  if ((x = y_get(n, "bytes")))
    read_bytes(r, e, x);
  if ((x = y_get(n, "runs"))) {
    if (!y_expect_seq(r->in, x, "runs")) {
      r->ok = false;
      return;
    }
    Y_EACH_ITEM(it, x)
    read_run(r, e, it);
  }
}

static int begin_profile(YIn *in, const YNode *root, void *ctx) {
  Reader *r = ctx;
  r->in = in;
  if (++r->ndocs > 1)
    return y_error(in, root, "a profile file holds one document");
  return y_expect_map(in, root, "a profile file") ? ES_OK : ES_EINVAL;
}

static int end_profile(YIn *in, const YNode *root, void *ctx) {
  Reader *r = ctx;
  const YNode *version = y_get(root, "esched_profile");
  long v = 0;
  if (!version)
    return y_error(in, root, "not an esched profile (no 'esched_profile: %d' line)",
                   PROFILE_VERSION);
  if (!y_int(in, version, "esched_profile", &v))
    return ES_EINVAL;
  if (v != PROFILE_VERSION)
    return y_error(in, version, "profile format version %ld; this esched reads version %d", v,
                   PROFILE_VERSION);
  if (!y_check_keys(in, root, "a profile", top_keys))
    return ES_EINVAL;
  const YNode *tasks = y_get(root, "tasks");
  if (tasks && !y_streamed(in, tasks) && !(tasks->type == Y_SCALAR && !*y_text(tasks))) {
    if (!y_expect_seq(in, tasks, "tasks"))
      return ES_EINVAL;
    Y_EACH_ITEM(it, tasks)
    read_entry(r, it);
  }
  return r->ok ? ES_OK : ES_EINVAL;
}

/* Entries stream once the version says the file is a profile this esched
 * reads: a foreign file fails on that alone. */
static bool after_version(const YNode *root) {
  const char *v = y_text(y_get(root, "esched_profile"));
  char *end;
  return v && strtol(v, &end, 10) == PROFILE_VERSION && end != v && !*end;
}

static void entry_item(void *ctx, const char *list, const YNode *n) {
  (void)list;
  read_entry(ctx, n);
}

static const YStream streams[] = {{"tasks", after_version, entry_item, NULL, NULL},
                                  {NULL, NULL, NULL, NULL, NULL}};
static const YFormat format = {top_keys, streams, begin_profile, end_profile};

int es_profile_read(const char *path, EsProfile **out, EsError *err) {
  EsProfile *p = es_profile_new();
  if (!p)
    return es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
  p->file = es_arena_strdup(&p->arena, path);
  Reader r = {NULL, p, true, 0};
  int rc = y_read_file(path, p->file, err, &format, &r);
  if (!rc && r.ndocs == 0)
    rc = es_error_set(err, ES_EINVAL, p->file, 1, 1, "empty profile file");
  if (rc) {
    es_profile_free(p);
    return rc;
  }
  *out = p;
  return ES_OK;
}

static void write_stats(YOut *o, const EsStats *s) {
  y_kv_int(o, "count", s->count);
  y_kv_num(o, "mean", s->mean);
  y_kv_num(o, "var", es_stats_variance(s));
  y_kv_num(o, "min", s->min);
  y_kv_num(o, "max", s->max);
}

static void write_run(YOut *o, const EsProfileRun *r) {
  y_map_begin(o, true);
  y_kv_str(o, "device", r->device);
  y_kv_int(o, "level", r->level);
  if (r->size >= 0)
    y_kv_num(o, "size", r->size);
  write_stats(o, &r->time);
  if (r->source)
    y_kv_str(o, "source", r->source);
  if (r->energy.count) {
    y_str(o, "energy");
    y_map_begin(o, true);
    write_stats(o, &r->energy);
    y_map_end(o);
    if (r->energy_source)
      y_kv_str(o, "energy_source", r->energy_source);
  }
  y_map_end(o);
}

bool es_profile_write(FILE *f, const EsProfile *p) {
  YOut o;
  if (!y_out_begin(&o, f))
    return false;
  y_doc_begin(&o);
  y_map_begin(&o, false);
  y_kv_int(&o, "esched_profile", PROFILE_VERSION);
  y_str(&o, "tasks");
  y_seq_begin(&o, p->nentries == 0);
  for (int i = 0; i < p->nentries; i++) {
    const EsProfileEntry *e = &p->entries[i];
    y_map_begin(&o, false);
    y_kv_str(&o, "key", e->key);
    if (e->unit)
      y_kv_str(&o, "unit", e->unit);
    if (e->stale) {
      y_str(&o, "stale");
      y_bool_out(&o, true);
    }
    if (e->nitems) {
      y_str(&o, "bytes");
      y_map_begin(&o, true);
      for (int k = 0; k < e->nitems; k++)
        y_kv_num(&o, e->item_names[k], e->item_bytes[k]);
      y_map_end(&o);
    }
    y_str(&o, "runs");
    y_seq_begin(&o, e->nruns == 0);
    for (int k = 0; k < e->nruns; k++)
      write_run(&o, &e->runs[k]);
    y_seq_end(&o);
    y_map_end(&o);
  }
  y_seq_end(&o);
  y_map_end(&o);
  y_doc_end(&o);
  return y_out_end(&o);
}
