/* Streaming task collection files (docs/crown.md), read and written
 * through libyaml:
 *
 *   collection: fft-p4          # this key marks a collection
 *   cores: 4
 *   deadline: 1.2               # M, seconds (units allowed: 10ms)
 *   frequencies: [1, 2, 3, 4, 5]
 *   alpha: 3                    # PC(f) = f^alpha (default 3)
 *   # or measured: levels: [{freq: 1.2GHz, power: 2.5W}, ...]
 *   tasks:
 *     - {name: a, work: 4, max_width: 4, comm: 0.04}       # Eq. 14
 *     - {name: b, work: 2, max_width: .inf, efficiency: {1: 1, 2: 0.9}}
 *     - {name: c, work: 1}                                  # sequential
 *
 * Also the probe that tells collections and crown schedules from other
 * esched files by their first key.
 */
#include <math.h>
#include <string.h>

#include "scheduler/crown/crown.h"
#include "scheduler/io/yaml_util.h"

static const char *const top_keys[] = {"collection", "cores", "deadline", "frequencies",
                                       "alpha",      "levels", "tasks",   NULL};
static const char *const task_keys[] = {"name", "work", "max_width", "comm", "efficiency",
                                        NULL};
static const char *const level_keys[] = {"freq", "power", NULL};

typedef struct Reader {
  YDoc *d;
  EsCrownProblem *p;
  bool ok;
} Reader;

/* A number at key of map n into *out, checked with the predicate's text:
 * ">0" positive, ">=0" non-negative, ">=1" at least one. */
static bool number(Reader *r, const yaml_node_t *map, const char *key, EsQuantity q,
                   const char *rule, double *out) {
  yaml_node_t *x = y_get(r->d, map, key);
  if (!x)
    return false;
  if (!y_quantity(r->d, x, q, key, out))
    return r->ok = false;
  bool good = strcmp(rule, ">0") == 0    ? *out > 0
              : strcmp(rule, ">=0") == 0 ? *out >= 0
                                         : *out >= 1;
  if (!good || (isinf(*out) && strcmp(key, "max_width") != 0)) {
    y_error(r->d, x, "'%s' must be %s, found '%s'", key,
            strcmp(rule, ">0") == 0    ? "a positive finite number"
            : strcmp(rule, ">=0") == 0 ? "a finite non-negative number"
                                       : "at least 1",
            y_text(x));
    return r->ok = false;
  }
  return true;
}

static void read_frequencies(Reader *r, const yaml_node_t *root, const yaml_node_t *list) {
  double freq[64], alpha = 3;
  int n = 0;
  if (!y_expect_seq(r->d, list, "frequencies")) {
    r->ok = false;
    return;
  }
  for (yaml_node_item_t *it = list->data.sequence.items.start;
       it < list->data.sequence.items.top; it++) {
    if (n == 64) {
      y_error(r->d, y_node(r->d, *it), "more than 64 frequencies");
      r->ok = false;
      break;
    }
    if (!y_quantity(r->d, y_node(r->d, *it), ES_Q_FREQUENCY, "a frequency", &freq[n++]))
      r->ok = false;
  }
  if (y_get(r->d, root, "alpha"))
    number(r, root, "alpha", ES_Q_NUMBER, ">0", &alpha);
  if (r->ok && es_crown_set_frequencies(r->p, freq, n, alpha))
    r->ok = false;
}

static void read_levels(Reader *r, const yaml_node_t *list) {
  EsCrownLevel l[64];
  int n = 0;
  if (!y_expect_seq(r->d, list, "levels")) {
    r->ok = false;
    return;
  }
  for (yaml_node_item_t *it = list->data.sequence.items.start;
       it < list->data.sequence.items.top; it++) {
    yaml_node_t *x = y_node(r->d, *it);
    if (n == 64) {
      y_error(r->d, x, "more than 64 levels");
      r->ok = false;
      break;
    }
    if (!y_expect_map(r->d, x, "a level") || !y_check_keys(r->d, x, "a level", level_keys)) {
      r->ok = false;
      continue;
    }
    l[n] = (EsCrownLevel){0, 0};
    if (!y_get(r->d, x, "freq") || !y_get(r->d, x, "power")) {
      y_error(r->d, x, "a level needs 'freq' and 'power'");
      r->ok = false;
    }
    number(r, x, "freq", ES_Q_FREQUENCY, ">0", &l[n].freq);
    number(r, x, "power", ES_Q_POWER, ">=0", &l[n].power);
    n++;
  }
  if (r->ok && es_crown_set_levels(r->p, l, n))
    r->ok = false;
}

static void read_power_model(Reader *r, const yaml_node_t *root) {
  yaml_node_t *freqs = y_get(r->d, root, "frequencies"), *levels = y_get(r->d, root, "levels");
  if (freqs && levels) {
    y_error(r->d, levels, "give either 'frequencies' (with 'alpha') or measured 'levels'");
    r->ok = false;
  } else if (!freqs && !levels) {
    y_error(r->d, root, "a collection needs 'frequencies' or 'levels'");
    r->ok = false;
  } else if (levels && y_get(r->d, root, "alpha")) {
    y_error(r->d, y_get(r->d, root, "alpha"), "'alpha' applies to 'frequencies', not 'levels'");
    r->ok = false;
  } else if (freqs)
    read_frequencies(r, root, freqs);
  else
    read_levels(r, levels);
  r->p->levels_mark = y_mark(freqs ? freqs : levels ? levels : root);
}

/* efficiency: {WIDTH: E, ...}, widths powers of two. */
static void read_table(Reader *r, const yaml_node_t *map, EsCrownTask *t) {
  if (!y_expect_map(r->d, map, "efficiency")) {
    r->ok = false;
    return;
  }
  t->eff_kind = ES_CROWN_EFF_TABLE;
  for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < map->data.mapping.pairs.top;
       q++) {
    yaml_node_t *k = y_node(r->d, q->key), *v = y_node(r->d, q->value);
    long w;
    double e;
    if (!y_int(r->d, k, "a width", &w) || !y_quantity(r->d, v, ES_Q_NUMBER, "an efficiency", &e)) {
      r->ok = false;
      continue;
    }
    if (w < 1 || w > (1L << ES_CROWN_ZMAX) || (w & (w - 1))) {
      y_error(r->d, k, "efficiency widths must be powers of two up to %ld, found '%s'",
              1L << ES_CROWN_ZMAX, y_text(k));
      r->ok = false;
      continue;
    }
    if (!(e > 0) || isinf(e)) {
      y_error(r->d, v, "an efficiency must be a positive finite number, found '%s'", y_text(v));
      r->ok = false;
      continue;
    }
    int z = 0;
    while ((1L << z) < w)
      z++;
    t->table[z] = e;
  }
}

static void read_task(Reader *r, const yaml_node_t *n) {
  if (!y_expect_map(r->d, n, "a task") || !y_check_keys(r->d, n, "a task", task_keys)) {
    r->ok = false;
    return;
  }
  const char *name = y_text(y_get(r->d, n, "name"));
  double work = 0, width = 1, comm = 0;
  if (!name || !*name) {
    y_error(r->d, n, "a task needs a 'name'");
    r->ok = false;
  }
  if (!y_get(r->d, n, "work")) {
    y_error(r->d, n, "task '%s' needs its 'work'", name ? name : "?");
    r->ok = false;
  }
  number(r, n, "work", ES_Q_NUMBER, ">0", &work);
  number(r, n, "max_width", ES_Q_NUMBER, ">=1", &width);
  yaml_node_t *eff = y_get(r->d, n, "efficiency"), *c = y_get(r->d, n, "comm");
  if (eff && c) {
    y_error(r->d, c, "give either 'comm' (Eq. 14) or an 'efficiency' table, not both");
    r->ok = false;
  }
  int j = es_crown_add_task(r->p, name ? name : "", work, width);
  if (j < 0) {
    r->ok = false;
    return;
  }
  EsCrownTask *t = &r->p->tasks[j];
  t->mark = y_mark(n);
  if (c && number(r, n, "comm", ES_Q_NUMBER, ">=0", &comm))
    t->eff_kind = ES_CROWN_EFF_COMM, t->comm = comm;
  if (eff)
    read_table(r, eff, t);
}

static void read_header(Reader *r, const yaml_node_t *root) {
  YDoc *d = r->d;
  yaml_node_t *name = y_get(d, root, "collection"), *cores = y_get(d, root, "cores");
  if (!y_expect_scalar(d, name, "collection")) {
    r->ok = false;
  } else if (!*y_text(name)) {
    y_error(d, name, "a collection needs a name");
    r->ok = false;
  } else
    r->p->name = es_arena_strdup(&r->p->arena, y_text(name));
  long n = 0;
  if (!cores) {
    y_error(d, root, "a collection needs 'cores'");
    r->ok = false;
  } else if (!y_int(d, cores, "cores", &n)) {
    r->ok = false;
  } else if (n < 1 || n > (2L << ES_CROWN_ZMAX) - 1) {
    y_error(d, cores, "'cores' must be between 1 and %ld", (2L << ES_CROWN_ZMAX) - 1);
    r->ok = false;
  }
  r->p->cores = (int)n;
  yaml_node_t *m = y_get(d, root, "deadline");
  r->p->deadline_mark = y_mark(m ? m : root);
  if (!m) {
    y_error(d, root, "a collection needs a 'deadline'");
    r->ok = false;
  }
  number(r, root, "deadline", ES_Q_TIME, ">0", &r->p->deadline);
}

static void read_tasks(Reader *r, const yaml_node_t *root) {
  yaml_node_t *tasks = y_get(r->d, root, "tasks");
  if (!tasks) {
    y_error(r->d, root, "a collection needs 'tasks'");
    r->ok = false;
  } else if (!y_expect_seq(r->d, tasks, "tasks"))
    r->ok = false;
  else
    for (yaml_node_item_t *it = tasks->data.sequence.items.start;
         it < tasks->data.sequence.items.top; it++)
      read_task(r, y_node(r->d, *it));
}

static int read_doc(YDoc *d, void *ctx) {
  EsCrownProblemList *out = ctx;
  yaml_node_t *root = y_root(d);
  if (!y_expect_map(d, root, "a collection file") ||
      !y_check_keys(d, root, "a collection", top_keys))
    return ES_EINVAL;
  Reader r = {d, es_crown_problem_new(NULL), true};
  if (!r.p || es_crown_problem_list_push(out, r.p)) {
    es_crown_problem_free(r.p);
    return es_error_set(d->err, ES_ENOMEM, d->file, 0, 0, "out of memory");
  }
  r.p->file = es_arena_strdup(&r.p->arena, d->file);
  r.p->mark = y_mark(root);
  read_header(&r, root);
  read_power_model(&r, root);
  read_tasks(&r, root);
  if (!r.ok)
    return ES_EINVAL;
  return es_crown_problem_finish(r.p, d->err);
}

int es_crown_read(const char *path, EsCrownProblemList *out, EsError *err) {
  int before = out->len;
  int rc = y_load_file(path, NULL, err, read_doc, out);
  if (!rc && out->len == before)
    rc = es_error_set(err, ES_EINVAL, path, 1, 1, "empty collection file");
  return rc;
}

/* ---- writing ---- */

static void write_efficiency(YOut *o, const EsCrownTask *t) {
  if (t->eff_kind == ES_CROWN_EFF_COMM)
    y_kv_num(o, "comm", t->comm);
  if (t->eff_kind != ES_CROWN_EFF_TABLE)
    return;
  y_str(o, "efficiency");
  y_map_begin(o, true);
  for (int z = 0; z <= ES_CROWN_ZMAX; z++)
    if (t->table[z] > 0) {
      y_int_out(o, 1L << z);
      y_num(o, t->table[z]);
    }
  y_map_end(o);
}

static void write_power_model(YOut *o, const EsCrownProblem *p) {
  if (p->alpha > 0) {
    y_str(o, "frequencies");
    y_seq_begin(o, true);
    for (int k = p->nlevels - 1; k >= 0; k--)
      y_num(o, p->levels[k].freq);
    y_seq_end(o);
    y_kv_num(o, "alpha", p->alpha);
    return;
  }
  y_str(o, "levels");
  y_seq_begin(o, false);
  for (int k = 0; k < p->nlevels; k++) {
    y_map_begin(o, true);
    y_kv_num(o, "freq", p->levels[k].freq);
    y_kv_num(o, "power", p->levels[k].power);
    y_map_end(o);
  }
  y_seq_end(o);
}

static void write_one(YOut *o, const EsCrownProblem *p) {
  y_doc_begin(o);
  y_map_begin(o, false);
  y_kv_str(o, "collection", p->name ? p->name : "");
  y_kv_int(o, "cores", p->cores);
  y_kv_num(o, "deadline", p->deadline);
  write_power_model(o, p);
  y_str(o, "tasks");
  y_seq_begin(o, false);
  for (int j = 0; j < p->ntasks; j++) {
    const EsCrownTask *t = &p->tasks[j];
    y_map_begin(o, true);
    y_kv_str(o, "name", t->name);
    y_kv_num(o, "work", t->work);
    y_kv_num(o, "max_width", t->max_width);
    write_efficiency(o, t);
    y_map_end(o);
  }
  y_seq_end(o);
  y_map_end(o);
  y_doc_end(o);
}

bool es_crown_write(FILE *f, const EsCrownProblem *const *problems, int n) {
  YOut o;
  if (!y_out_begin(&o, f))
    return false;
  for (int i = 0; i < n; i++)
    write_one(&o, problems[i]);
  return y_out_end(&o);
}

/* ---- probing ---- */

typedef struct Probe {
  const char *key;
  bool found;
} Probe;

static int probe_doc(YDoc *d, void *ctx) {
  Probe *pr = ctx;
  pr->found = y_get(d, y_root(d), pr->key) != NULL;
  return 1; /* the first document decides */
}

bool es_crown_probe(const char *path, const char *key) {
  if (strcmp(path, "-") == 0)
    return false;
  Probe pr = {key, false};
  EsError quiet = {0};
  y_load_file(path, NULL, &quiet, probe_doc, &pr);
  return pr.found;
}
