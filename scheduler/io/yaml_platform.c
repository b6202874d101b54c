/* Platform files: reading and writing (docs/formats.md, "Platform file"). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "scheduler/io/files.h"
#include "scheduler/io/yaml_in.h"
#include "scheduler/io/yaml_out.h"

static const char *const top_keys[] = {"name", "devices", "links", "nodes", "network", NULL};
static const char *const node_keys[] = {"name", "devices", "links", NULL};
static const char *const device_keys[] = {"name",  "kind",    "idle_power", "levels", "freq",
                                          "power", "voltage", "estimated",  "memory", NULL};
static const char *const level_keys[] = {"freq", "power", "voltage", NULL};
static const char *const link_keys[] = {"from",  "to",       "bandwidth", "latency",
                                        "power", "directed", "estimated", NULL};

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

/* The figures n lists under `estimated` (among allowed) into *out. */
static bool read_estimated(Reader *r, const YNode *n, unsigned allowed, unsigned *out) {
  const YNode *list = y_get(n, "estimated");
  if (!list)
    return true;
  if (!y_expect_seq(r->in, list, "estimated"))
    return false;
  bool ok = true;
  Y_EACH_ITEM(x, list) {
    const char *name = y_text(x);
    unsigned bit = 0;
    for (int k = 0; name && es_estimated_names[k]; k++)
      if (!strcmp(name, es_estimated_names[k]))
        bit = 1u << k;
    if (!(bit & allowed)) {
      y_error(r->in, x, "'%s' is not a figure that can be estimated here", name ? name : "?");
      ok = false;
    }
    *out |= bit & allowed;
  }
  return ok;
}

/* A device of node `node` (-1: a platform without nodes). */
static void read_device(Reader *r, const YNode *n, int node) {
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
  double idle = 0, memory = INFINITY;
  unsigned estimated = 0;
  r->ok &= field(r, n, "idle_power", ES_Q_POWER, &idle, false);
  r->ok &= read_estimated(r, n, ES_EST_FREQ | ES_EST_POWER | ES_EST_IDLE_POWER, &estimated);
  r->ok &= field(r, n, "memory", ES_Q_BYTES, &memory, false);
  int d = es_platform_add_node_device(r->p, node, name, kind, levels, nlevels, idle);
  if (d < 0) {
    r->ok = false;
  } else {
    r->p->devices[d].mark = y_mark(n);
    r->p->devices[d].estimated = estimated;
    r->p->devices[d].memory = memory;
  }
}

/* The device a link names, among those of node `node`; on the network,
 * the node it names. */
static int link_end(Reader *r, const YNode *n, const char *key, int node, bool network) {
  const YNode *x = y_get(n, key);
  const char *what = network ? "node" : "device";
  if (!x) {
    y_error(r->in, n, "link without '%s'", key);
    return -1;
  }
  const char *name = y_text(x) ? y_text(x) : "?";
  for (int i = 0; network && i < r->p->nnodes; i++)
    if (!strcmp(r->p->nodes[i], name))
      return i;
  for (int i = 0; !network && i < r->p->ndevices; i++)
    if (r->p->devices[i].node == node && !strcmp(r->p->devices[i].local, name))
      return i;
  y_error(r->in, x, "link %s unknown %s '%s'", key, what, name);
  return -1;
}

/* A link between devices of node `node`, or (network) between nodes. */
static void read_link(Reader *r, const YNode *n, int node, bool network) {
  if (!y_expect_map(r->in, n, "a link") || !y_check_keys(r->in, n, "a link", link_keys)) {
    r->ok = false;
    return;
  }
  int from = link_end(r, n, "from", node, network), to = link_end(r, n, "to", node, network);
  double bw = 0, lat = 0, power = 0;
  bool ok = from >= 0 && to >= 0;
  ok &= field(r, n, "bandwidth", ES_Q_BANDWIDTH, &bw, true);
  ok &= field(r, n, "latency", ES_Q_TIME, &lat, false);
  ok &= field(r, n, "power", ES_Q_POWER, &power, false);
  bool directed = false;
  const YNode *x = y_get(n, "directed");
  if (x)
    ok &= y_bool(r->in, x, "directed", &directed);
  unsigned estimated = 0;
  ok &= read_estimated(r, n, ES_EST_POWER | ES_EST_BANDWIDTH | ES_EST_LATENCY, &estimated);
  if (!ok) {
    r->ok = false;
    return;
  }
  if (network) {
    int first = r->p->nnetwork;
    r->ok &= !es_platform_add_network(r->p, from, to, bw, lat, power, !directed);
    for (int i = first; i < r->p->nnetwork; i++)
      r->p->network[i].mark = y_mark(n);
    return;
  }
  int first = r->p->nlinks;
  if (es_platform_add_link(r->p, from, to, bw, lat, power, !directed)) {
    r->ok = false;
    return;
  }
  for (int i = first; i < r->p->nlinks; i++) {
    r->p->links[i].mark = y_mark(n);
    r->p->links[i].estimated = estimated;
  }
}

/* A node's (or the platform's) devices and links. */
static void read_machine(Reader *r, const YNode *n, int node) {
  const YNode *devs = y_get(n, "devices"), *links = y_get(n, "links");
  if (!devs) {
    y_error(r->in, n,
            node < 0 ? "a platform needs a 'devices' list (or 'nodes')"
                     : "a node needs a 'devices' list");
    r->ok = false;
    return;
  }
  if (!y_expect_seq(r->in, devs, "devices")) {
    r->ok = false;
    return;
  }
  Y_EACH_ITEM(it, devs)
  read_device(r, it, node);
  if (links && y_expect_seq(r->in, links, "links")) {
    Y_EACH_ITEM(it, links)
    read_link(r, it, node, false);
  } else if (links)
    r->ok = false;
}

/* nodes: [{name, devices, links}], network: [links between nodes]. */
static void read_nodes(Reader *r, const YNode *nodes, const YNode *network) {
  if (!y_expect_seq(r->in, nodes, "nodes")) {
    r->ok = false;
    return;
  }
  Y_EACH_ITEM(n, nodes) {
    const char *name =
        y_expect_map(r->in, n, "a node") && y_check_keys(r->in, n, "a node", node_keys)
            ? y_text(y_get(n, "name"))
            : NULL;
    if (!name || strchr(name, '/')) {
      y_error(r->in, n, "a node needs a 'name' without '/'");
      r->ok = false;
      continue;
    }
    int k = es_platform_add_node(r->p, name);
    if (k < 0)
      r->ok = false;
    else
      read_machine(r, n, k);
  }
  if (network && y_expect_seq(r->in, network, "network")) {
    Y_EACH_ITEM(it, network)
    read_link(r, it, -1, true);
  } else if (network)
    r->ok = false;
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
  const YNode *nodes = y_get(root, "nodes"), *network = y_get(root, "network");
  if (nodes && (y_get(root, "devices") || y_get(root, "links"))) {
    y_error(in, root, "a platform gives either 'devices' or 'nodes', not both");
    return ES_EINVAL;
  }
  if (network && !nodes) {
    y_error(in, network, "a 'network' joins 'nodes'; this platform has none");
    return ES_EINVAL;
  }
  if (nodes)
    read_nodes(r, nodes, network);
  else
    read_machine(r, root, -1);
  if (r->ok && es_platform_connect_nodes(r->p))
    return ES_ENOMEM;
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

static void kv_estimated(YOut *o, unsigned estimated) {
  if (!estimated)
    return;
  y_str(o, "estimated");
  y_seq_begin(o, true);
  for (int k = 0; es_estimated_names[k]; k++)
    if (estimated >> k & 1u)
      y_str(o, es_estimated_names[k]);
  y_seq_end(o);
}

static void write_device(YOut *o, const EsDevice *d) {
  y_map_begin(o, false);
  y_kv_str(o, "name", d->local);
  y_kv_str(o, "kind", d->kind);
  kv_quantity(o, "idle_power", d->idle_power, ES_Q_POWER);
  kv_estimated(o, d->estimated);
  if (isfinite(d->memory))
    kv_quantity(o, "memory", d->memory, ES_Q_BYTES);
  y_str(o, "levels");
  y_seq_begin(o, false);
  for (int k = 0; k < d->nlevels; k++) {
    y_map_begin(o, true);
    kv_quantity(o, "freq", d->levels[k].freq, ES_Q_FREQUENCY);
    kv_quantity(o, "power", d->levels[k].power, ES_Q_POWER);
    if (d->levels[k].voltage > 0)
      kv_quantity(o, "voltage", d->levels[k].voltage, ES_Q_VOLTAGE);
    y_map_end(o);
  }
  y_seq_end(o);
  y_map_end(o);
}

static void write_link(YOut *o, const char *from, const char *to, double bandwidth, double latency,
                       double power, unsigned estimated) {
  y_map_begin(o, true);
  y_kv_str(o, "from", from);
  y_kv_str(o, "to", to);
  kv_quantity(o, "bandwidth", bandwidth, ES_Q_BANDWIDTH);
  kv_quantity(o, "latency", latency, ES_Q_TIME);
  kv_quantity(o, "power", power, ES_Q_POWER);
  y_str(o, "directed");
  y_bool_out(o, true);
  kv_estimated(o, estimated);
  y_map_end(o);
}

/* The devices of node `node` (-1: a platform without nodes) and the links
 * between them. */
static void write_machine(YOut *o, const EsPlatform *p, int node) {
  y_str(o, "devices");
  y_seq_begin(o, false);
  for (int i = 0; i < p->ndevices; i++)
    if (p->devices[i].node == node)
      write_device(o, &p->devices[i]);
  y_seq_end(o);
  int nlinks = 0;
  for (int i = 0; i < p->nlinks; i++)
    nlinks += !p->links[i].network && p->devices[p->links[i].from].node == node;
  y_str(o, "links");
  y_seq_begin(o, nlinks == 0);
  for (int i = 0; i < p->nlinks; i++) {
    const EsLink *l = &p->links[i];
    if (!l->network && p->devices[l->from].node == node)
      write_link(o, p->devices[l->from].local, p->devices[l->to].local, l->bandwidth, l->latency,
                 l->power, l->estimated);
  }
  y_seq_end(o);
}

bool es_platform_write(FILE *f, const EsPlatform *p) {
  YOut o;
  if (!y_out_begin(&o, f))
    return false;
  y_doc_begin(&o);
  y_map_begin(&o, false);
  if (p->name)
    y_kv_str(&o, "name", p->name);
  if (p->nnodes == 0)
    write_machine(&o, p, -1);
  else {
    y_str(&o, "nodes");
    y_seq_begin(&o, false);
    for (int k = 0; k < p->nnodes; k++) {
      y_map_begin(&o, false);
      y_kv_str(&o, "name", p->nodes[k]);
      write_machine(&o, p, k);
      y_map_end(&o);
    }
    y_seq_end(&o);
    y_str(&o, "network");
    y_seq_begin(&o, p->nnetwork == 0);
    for (int i = 0; i < p->nnetwork; i++) {
      const EsNetLink *l = &p->network[i];
      write_link(&o, p->nodes[l->from], p->nodes[l->to], l->bandwidth, l->latency, l->power, 0);
    }
    y_seq_end(&o);
  }
  y_map_end(&o);
  y_doc_end(&o);
  return y_out_end(&o);
}
