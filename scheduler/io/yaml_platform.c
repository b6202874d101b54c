/* Platform files: reading and writing (docs/formats.md, "Platform file"). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "scheduler/io/files.h"
#include "scheduler/io/yaml_in.h"
#include "scheduler/io/yaml_out.h"

static const char *const top_keys[] = {"name", "devices", "links", NULL};
static const char *const device_keys[] = {"name", "kind",  "idle_power", "levels",
                                          "freq", "power", "voltage",    NULL};
static const char *const level_keys[] = {"freq", "power", "voltage", NULL};
static const char *const link_keys[] = {"from",  "to",       "bandwidth", "latency",
                                        "power", "directed", NULL};

typedef struct Reader {
  YIn *in;
  EsPlatform *p;
  bool ok;
  int ndocs;
} Reader;

static bool field(Reader *r, const YNode *n, const char *key, EsQuantity q, double *out,
                  bool required) {
  const YNode *x = y_get(n, key);
  if (!x) {
    if (required)
      y_error(r->in, n, "missing '%s'", key);
    return !required;
  }
  return y_quantity(r->in, x, q, key, out);
}

static bool read_level(Reader *r, const YNode *n, EsLevel *l) {
  if (!y_expect_map(r->in, n, "a level") || !y_check_keys(r->in, n, "a level", level_keys))
    return false;
  bool ok = field(r, n, "freq", ES_Q_FREQUENCY, &l->freq, true);
  ok &= field(r, n, "power", ES_Q_POWER, &l->power, true);
  ok &= field(r, n, "voltage", ES_Q_VOLTAGE, &l->voltage, false);
  return ok;
}

static void read_device(Reader *r, const YNode *n) {
  if (!y_expect_map(r->in, n, "a device") || !y_check_keys(r->in, n, "a device", device_keys)) {
    r->ok = false;
    return;
  }
  const char *name = y_text(y_get(n, "name"));
  const char *kind = y_text(y_get(n, "kind"));
  if (!name) {
    y_error(r->in, n, "device without 'name'");
    r->ok = false;
    return;
  }
  EsLevel levels[64];
  int nlevels = 0;
  const YNode *list = y_get(n, "levels");
  if (list && y_get(n, "freq")) {
    y_error(r->in, n, "device '%s' gives both 'levels' and a single 'freq'", name);
    r->ok = false;
  } else if (list && y_expect_seq(r->in, list, "levels")) {
    Y_EACH_ITEM(it, list) {
      if (nlevels == 64) {
        y_error(r->in, it, "more than 64 levels");
        r->ok = false;
        break;
      }
      EsLevel l = {0, 0, 0};
      r->ok &= read_level(r, it, &l);
      levels[nlevels++] = l;
    }
  } else if (list) {
    r->ok = false;
  } else {
    EsLevel l = {0, 0, 0};
    r->ok &= field(r, n, "freq", ES_Q_FREQUENCY, &l.freq, true);
    r->ok &= field(r, n, "power", ES_Q_POWER, &l.power, true);
    r->ok &= field(r, n, "voltage", ES_Q_VOLTAGE, &l.voltage, false);
    levels[nlevels++] = l;
  }
  double idle = 0;
  r->ok &= field(r, n, "idle_power", ES_Q_POWER, &idle, false);
  int d = es_platform_add_device(r->p, name, kind, levels, nlevels, idle);
  if (d < 0)
    r->ok = false;
  else
    r->p->devices[d].mark = y_mark(n);
}

static int device_ref(Reader *r, const YNode *n, const char *key) {
  const YNode *x = y_get(n, key);
  if (!x) {
    y_error(r->in, n, "link without '%s'", key);
    return -1;
  }
  int d = y_text(x) ? es_platform_find_device(r->p, y_text(x)) : -1;
  if (d < 0)
    y_error(r->in, x, "link %s unknown device '%s'", key, y_text(x) ? y_text(x) : "?");
  return d;
}

static void read_link(Reader *r, const YNode *n) {
  if (!y_expect_map(r->in, n, "a link") || !y_check_keys(r->in, n, "a link", link_keys)) {
    r->ok = false;
    return;
  }
  int from = device_ref(r, n, "from"), to = device_ref(r, n, "to");
  double bw = 0, lat = 0, power = 0;
  bool ok = from >= 0 && to >= 0;
  ok &= field(r, n, "bandwidth", ES_Q_BANDWIDTH, &bw, true);
  ok &= field(r, n, "latency", ES_Q_TIME, &lat, false);
  ok &= field(r, n, "power", ES_Q_POWER, &power, false);
  bool directed = false;
  const YNode *x = y_get(n, "directed");
  if (x)
    ok &= y_bool(r->in, x, "directed", &directed);
  if (!ok) {
    r->ok = false;
    return;
  }
  int first = r->p->nlinks;
  if (es_platform_add_link(r->p, from, to, bw, lat, power, !directed)) {
    r->ok = false;
    return;
  }
  for (int i = first; i < r->p->nlinks; i++)
    r->p->links[i].mark = y_mark(n);
}

static int begin_platform(YIn *in, const YNode *root, void *ctx) {
  Reader *r = ctx;
  r->in = in;
  if (++r->ndocs > 1) {
    y_error(in, root, "a platform file holds one document");
    return ES_EINVAL;
  }
  return ES_OK;
}

static int end_platform(YIn *in, const YNode *root, void *ctx) {
  Reader *r = ctx;
  if (!y_expect_map(in, root, "a platform file") || !y_check_keys(in, root, "a platform", top_keys))
    return ES_EINVAL;
  const char *name = y_text(y_get(root, "name"));
  if (name)
    r->p->name = es_arena_strdup(&r->p->arena, name);
  const YNode *devs = y_get(root, "devices"), *links = y_get(root, "links");
  if (!devs) {
    y_error(in, root, "a platform needs a 'devices' list");
    return ES_EINVAL;
  }
  if (!y_expect_seq(in, devs, "devices"))
    return ES_EINVAL;
  Y_EACH_ITEM(it, devs)
  read_device(r, it);
  if (links && y_expect_seq(in, links, "links")) {
    Y_EACH_ITEM(it, links)
    read_link(r, it);
  } else if (links)
    r->ok = false;
  return r->ok ? ES_OK : ES_EINVAL;
}

static const YFormat format = {top_keys, NULL, begin_platform, end_platform};

int es_platform_read(const char *path, EsPlatform **out, EsError *err) {
  EsPlatform *p = es_platform_new(NULL);
  if (!p)
    return es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
  p->file = es_arena_strdup(&p->arena, path);
  Reader r = {NULL, p, true, 0};
  int rc = y_read_file(path, p->file, err, &format, &r);
  if (!rc && r.ndocs == 0)
    rc = es_error_set(err, ES_EINVAL, p->file, 1, 1, "empty platform file");
  if (!rc)
    rc = es_platform_validate(p, err);
  if (rc) {
    es_platform_free(p);
    return rc;
  }
  if (!p->name)
    p->name = p->file;
  *out = p;
  return ES_OK;
}

int es_platform_load(const char *spec, EsPlatform **out, EsError *err) {
  EsPlatform *p = es_platform_preset(spec);
  if (p) {
    *out = p;
    return ES_OK;
  }
  struct stat st;
  if (stat(spec, &st) != 0) {
    char names[256] = "";
    for (const char *const *n = es_platform_preset_names(); *n; n++)
      snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
               n == es_platform_preset_names() ? "" : ", ", *n);
    return es_error_set(err, ES_EINVAL, spec, 0, 0,
                        "no platform preset or file named '%s' (presets: %s)", spec, names);
  }
  return es_platform_read(spec, out, err);
}

static void kv_quantity(YOut *o, const char *key, double v, EsQuantity q) {
  char buf[48];
  es_format_quantity(v, q, buf);
  y_str(o, key);
  y_str(o, buf);
}

bool es_platform_write(FILE *f, const EsPlatform *p) {
  YOut o;
  if (!y_out_begin(&o, f))
    return false;
  y_doc_begin(&o);
  y_map_begin(&o, false);
  if (p->name)
    y_kv_str(&o, "name", p->name);
  y_str(&o, "devices");
  y_seq_begin(&o, false);
  for (int i = 0; i < p->ndevices; i++) {
    const EsDevice *d = &p->devices[i];
    y_map_begin(&o, false);
    y_kv_str(&o, "name", d->name);
    y_kv_str(&o, "kind", d->kind);
    kv_quantity(&o, "idle_power", d->idle_power, ES_Q_POWER);
    y_str(&o, "levels");
    y_seq_begin(&o, false);
    for (int k = 0; k < d->nlevels; k++) {
      y_map_begin(&o, true);
      kv_quantity(&o, "freq", d->levels[k].freq, ES_Q_FREQUENCY);
      kv_quantity(&o, "power", d->levels[k].power, ES_Q_POWER);
      if (d->levels[k].voltage > 0)
        kv_quantity(&o, "voltage", d->levels[k].voltage, ES_Q_VOLTAGE);
      y_map_end(&o);
    }
    y_seq_end(&o);
    y_map_end(&o);
  }
  y_seq_end(&o);
  y_str(&o, "links");
  y_seq_begin(&o, p->nlinks == 0);
  for (int i = 0; i < p->nlinks; i++) {
    const EsLink *l = &p->links[i];
    y_map_begin(&o, true);
    y_kv_str(&o, "from", p->devices[l->from].name);
    y_kv_str(&o, "to", p->devices[l->to].name);
    kv_quantity(&o, "bandwidth", l->bandwidth, ES_Q_BANDWIDTH);
    kv_quantity(&o, "latency", l->latency, ES_Q_TIME);
    kv_quantity(&o, "power", l->power, ES_Q_POWER);
    y_str(&o, "directed");
    y_bool_out(&o, true);
    y_map_end(&o);
  }
  y_seq_end(&o);
  y_map_end(&o);
  y_doc_end(&o);
  return y_out_end(&o);
}
