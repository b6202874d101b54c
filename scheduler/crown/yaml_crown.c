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
#include "scheduler/io/yaml_in.h"
#include "scheduler/io/yaml_out.h"

static const char *const top_keys[] = {"collection", "cores",  "deadline", "frequencies",
                                       "alpha",      "levels", "tasks",    NULL};
static const char *const task_keys[] = {"name", "work", "max_width", "comm", "efficiency", NULL};
static const char *const level_keys[] = {"freq", "power", NULL};

typedef struct Reader {
  YIn *in;
  EsCrownProblemList *out;
  EsCrownProblem *p; /* the collection of the document being read */
  bool ok;
} Reader;

/* A number at key of map n into *out, checked with the predicate's text:
 * ">0" positive, ">=0" non-negative, ">=1" at least one. */
static bool number(Reader *r, const YNode *map, const char *key, EsQuantity q, const char *rule,
                   double *out) {
  const YNode *x = y_get(map, key);
  if (!x)
    return false;
  if (!y_quantity(r->in, x, q, key, out))
    return r->ok = false;
  bool good = strcmp(rule, ">0") == 0 ? *out > 0 : strcmp(rule, ">=0") == 0 ? *out >= 0 : *out >= 1;
  if (!good || (isinf(*out) && strcmp(key, "max_width") != 0)) {
    y_error(r->in, x, "'%s' must be %s, found '%s'", key,
            strcmp(rule, ">0") == 0    ? "a positive finite number"
            : strcmp(rule, ">=0") == 0 ? "a finite non-negative number"
                                       : "at least 1",
            y_text(x));
    return r->ok = false;
  }
  return true;
}

static void read_frequencies(Reader *r, const YNode *root, const YNode *list) {
  double freq[64], alpha = 3;
  int n = 0;
  if (!y_expect_seq(r->in, list, "frequencies")) {
    r->ok = false;
    return;
  }
  Y_EACH_ITEM(it, list) {
    if (n == 64) {
      y_error(r->in, it, "more than 64 frequencies");
      r->ok = false;
      break;
    }
    if (!y_quantity(r->in, it, ES_Q_FREQUENCY, "a frequency", &freq[n++]))
      r->ok = false;
  }
  if (y_get(root, "alpha"))
    number(r, root, "alpha", ES_Q_NUMBER, ">0", &alpha);
  if (r->ok && es_crown_set_frequencies(r->p, freq, n, alpha))
    r->ok = false;
}

static void read_levels(Reader *r, const YNode *list) {
  EsCrownLevel l[64];
  int n = 0;
  if (!y_expect_seq(r->in, list, "levels")) {
    r->ok = false;
    return;
  }
  for (const YNode *x = list->first; x; x = x->next) {
    if (n == 64) {
      y_error(r->in, x, "more than 64 levels");
      r->ok = false;
      break;
    }
    if (!y_expect_map(r->in, x, "a level") || !y_check_keys(r->in, x, "a level", level_keys)) {
      r->ok = false;
      continue;
    }
    l[n] = (EsCrownLevel){0, 0};
    if (!y_get(x, "freq") || !y_get(x, "power")) {
      y_error(r->in, x, "a level needs 'freq' and 'power'");
      r->ok = false;
    }
    number(r, x, "freq", ES_Q_FREQUENCY, ">0", &l[n].freq);
    number(r, x, "power", ES_Q_POWER, ">=0", &l[n].power);
    n++;
  }
  if (r->ok && es_crown_set_levels(r->p, l, n))
    r->ok = false;
}

static void read_power_model(Reader *r, const YNode *root) {
  const YNode *freqs = y_get(root, "frequencies"), *levels = y_get(root, "levels");
  if (freqs && levels) {
    y_error(r->in, levels, "give either 'frequencies' (with 'alpha') or measured 'levels'");
    r->ok = false;
  } else if (!freqs && !levels) {
    y_error(r->in, root, "a collection needs 'frequencies' or 'levels'");
    r->ok = false;
  } else if (levels && y_get(root, "alpha")) {
    y_error(r->in, y_get(root, "alpha"), "'alpha' applies to 'frequencies', not 'levels'");
    r->ok = false;
  } else if (freqs)
    read_frequencies(r, root, freqs);
  else
    read_levels(r, levels);
  r->p->levels_mark = y_mark(freqs ? freqs : levels ? levels : root);
}

/* efficiency: {WIDTH: E, ...}, widths powers of two. */
static void read_table(Reader *r, const YNode *map, EsCrownTask *t) {
  if (!y_expect_map(r->in, map, "efficiency")) {
    r->ok = false;
    return;
  }
  t->eff_kind = ES_CROWN_EFF_TABLE;
  Y_EACH_KEY(k, map) {
    const YNode *v = k->next;
    long w;
    double e;
    if (!y_int(r->in, k, "a width", &w) ||
        !y_quantity(r->in, v, ES_Q_NUMBER, "an efficiency", &e)) {
      r->ok = false;
      continue;
    }
    if (w < 1 || w > (1L << ES_CROWN_ZMAX) || (w & (w - 1))) {
      y_error(r->in, k, "efficiency widths must be powers of two up to %ld, found '%s'",
              1L << ES_CROWN_ZMAX, y_text(k));
      r->ok = false;
      continue;
    }
    if (!(e > 0) || isinf(e)) {
      y_error(r->in, v, "an efficiency must be a positive finite number, found '%s'", y_text(v));
      r->ok = false;
      continue;
    }
    int z = 0;
    while ((1L << z) < w)
      z++;
    t->table[z] = e;
  }
}

static void read_task(Reader *r, const YNode *n) {
  if (!y_expect_map(r->in, n, "a task") || !y_check_keys(r->in, n, "a task", task_keys)) {
    r->ok = false;
    return;
  }
  const char *name = y_text(y_get(n, "name"));
  double work = 0, width = 1, comm = 0;
  if (!name || !*name) {
    y_error(r->in, n, "a task needs a 'name'");
    r->ok = false;
  }
  if (!y_get(n, "work")) {
    y_error(r->in, n, "task '%s' needs its 'work'", name ? name : "?");
    r->ok = false;
  }
  number(r, n, "work", ES_Q_NUMBER, ">0", &work);
  number(r, n, "max_width", ES_Q_NUMBER, ">=1", &width);
  const YNode *eff = y_get(n, "efficiency"), *c = y_get(n, "comm");
  if (eff && c) {
    y_error(r->in, c, "give either 'comm' (Eq. 14) or an 'efficiency' table, not both");
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

static void read_header(Reader *r, const YNode *root) {
  YIn *d = r->in;
  const YNode *name = y_get(root, "collection"), *cores = y_get(root, "cores");
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
  const YNode *m = y_get(root, "deadline");
  r->p->deadline_mark = y_mark(m ? m : root);
  if (!m) {
    y_error(d, root, "a collection needs a 'deadline'");
    r->ok = false;
  }
  number(r, root, "deadline", ES_Q_TIME, ">0", &r->p->deadline);
}

static void read_tasks(Reader *r, const YNode *root) {
  const YNode *tasks = y_get(root, "tasks");
  if (!tasks) {
    y_error(r->in, root, "a collection needs 'tasks'");
    r->ok = false;
  } else if (y_streamed(r->in, tasks)) {
    return;
  } else if (!y_expect_seq(r->in, tasks, "tasks"))
    r->ok = false;
  else
    Y_EACH_ITEM(it, tasks)
  read_task(r, it);
}

static int begin_collection(YIn *in, const YNode *root, void *ctx) {
  Reader *r = ctx;
  if (!y_expect_map(in, root, "a collection file"))
    return ES_EINVAL;
  r->in = in, r->ok = true, r->p = es_crown_problem_new(NULL);
  if (!r->p || es_crown_problem_list_push(r->out, r->p)) {
    es_crown_problem_free(r->p);
    return es_error_set(in->err, ES_ENOMEM, in->file, 0, 0, "out of memory");
  }
  r->p->file = es_arena_strdup(&r->p->arena, in->file);
  r->p->mark = y_mark(root);
  return ES_OK;
}

static int end_collection(YIn *in, const YNode *root, void *ctx) {
  Reader *r = ctx;
  if (!y_check_keys(in, root, "a collection", top_keys))
    return ES_EINVAL;
  read_header(r, root);
  read_power_model(r, root);
  read_tasks(r, root);
  if (!r->ok)
    return ES_EINVAL;
  return es_crown_problem_finish(r->p, in->err);
}

static void task_item(void *ctx, const char *list, const YNode *n) {
  (void)list;
  read_task(ctx, n);
}

/* Tasks stream once the file says it is a collection. */
static bool after_marker(const YNode *root) { return y_get(root, "collection") != NULL; }

static const YStream streams[] = {{"tasks", after_marker, task_item, NULL, NULL},
                                  {NULL, NULL, NULL, NULL, NULL}};
static const YFormat format = {top_keys, streams, begin_collection, end_collection};

int es_crown_read(const char *path, EsCrownProblemList *out, EsError *err) {
  int before = out->len;
  Reader r = {.out = out};
  int rc = y_read_file(path, NULL, err, &format, &r);
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

bool es_crown_probe(const char *path, const char *key) { return y_first_keys_have(path, key); }
