/* Platform construction and validation. */
#include "scheduler/model/platform.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"

const char *const es_estimated_names[] = {"freq",      "power",   "idle_power",
                                          "bandwidth", "latency", NULL};

EsPlatform *es_platform_new(const char *name) {
  EsPlatform *p = calloc(1, sizeof *p);
  if (p && name)
    p->name = es_arena_strdup(&p->arena, name);
  return p;
}

void es_platform_free(EsPlatform *p) {
  if (!p)
    return;
  free(p->devices);
  free(p->links);
  free(p->nodes);
  free(p->network);
  es_arena_free(&p->arena);
  free(p);
}

int es_platform_add_node(EsPlatform *p, const char *name) {
  if (es_vec_reserve(&p->nodes, &p->nodes_cap, p->nnodes + 1, sizeof *p->nodes) ||
      !(p->nodes[p->nnodes] = es_arena_strdup(&p->arena, name)))
    return -1;
  return p->nnodes++;
}

int es_platform_add_device(EsPlatform *p, const char *name, const char *kind, const EsLevel *levels,
                           int nlevels, double idle_power) {
  return es_platform_add_node_device(p, -1, name, kind, levels, nlevels, idle_power);
}

int es_platform_add_node_device(EsPlatform *p, int node, const char *local, const char *kind,
                                const EsLevel *levels, int nlevels, double idle_power) {
  if (es_vec_reserve(&p->devices, &p->devices_cap, p->ndevices + 1, sizeof *p->devices))
    return -1;
  EsDevice *d = &p->devices[p->ndevices];
  memset(d, 0, sizeof *d);
  d->node = node;
  d->local = es_arena_strdup(&p->arena, local);
  if (node < 0) {
    d->name = d->local;
  } else {
    size_t n = strlen(p->nodes[node]) + strlen(local) + 2;
    char *full = es_arena_alloc(&p->arena, n);
    if (full)
      snprintf(full, n, "%s/%s", p->nodes[node], local);
    d->name = full;
  }
  d->kind = es_arena_strdup(&p->arena, kind ? kind : "cpu");
  d->memory = INFINITY;
  d->levels = es_arena_alloc(&p->arena, sizeof *levels * (size_t)(nlevels > 0 ? nlevels : 1));
  if (!d->name || !d->local || !d->kind || !d->levels)
    return -1;
  if (nlevels > 0)
    memcpy(d->levels, levels, sizeof *levels * (size_t)nlevels);
  d->nlevels = nlevels;
  d->idle_power = idle_power;
  return p->ndevices++;
}

int es_platform_add_link(EsPlatform *p, int from, int to, double bandwidth, double latency,
                         double power, int both_ways) {
  if (es_vec_reserve(&p->links, &p->links_cap, p->nlinks + 2, sizeof *p->links))
    return ES_ENOMEM;
  p->links[p->nlinks++] = (EsLink){from, to, bandwidth, latency, power, 0, {0, 0}, false};
  if (both_ways)
    p->links[p->nlinks++] = (EsLink){to, from, bandwidth, latency, power, 0, {0, 0}, false};
  return ES_OK;
}

int es_platform_add_network(EsPlatform *p, int from, int to, double bandwidth, double latency,
                            double power, int both_ways) {
  if (es_vec_reserve(&p->network, &p->network_cap, p->nnetwork + 2, sizeof *p->network))
    return ES_ENOMEM;
  p->network[p->nnetwork++] = (EsNetLink){from, to, bandwidth, latency, power, {0, 0}};
  if (both_ways)
    p->network[p->nnetwork++] = (EsNetLink){to, from, bandwidth, latency, power, {0, 0}};
  return ES_OK;
}

int es_platform_find_device(const EsPlatform *p, const char *name) {
  for (int i = 0; i < p->ndevices; i++)
    if (strcmp(p->devices[i].name, name) == 0)
      return i;
  for (int i = 0; i < p->ndevices; i++)
    if (strcmp(p->devices[i].local, name) == 0)
      return i;
  return -1;
}

int es_platform_node_host(const EsPlatform *p, int node) {
  int first = -1;
  for (int i = 0; i < p->ndevices; i++)
    if (p->devices[i].node == node) {
      if (!strcmp(p->devices[i].kind, "cpu"))
        return i;
      if (first < 0)
        first = i;
    }
  return first;
}

/* A path's legs add up: seconds per byte, joules per byte, latency. */
typedef struct Path {
  double sec_per_byte, joule_per_byte, latency;
} Path;

static void leg(Path *path, double bandwidth, double latency, double power) {
  path->sec_per_byte += 1 / bandwidth;
  path->joule_per_byte += power / bandwidth;
  path->latency += latency;
}

/* The intra-node leg a -> b (nothing when a == b); false without a link. */
static bool local_leg(const EsPlatform *p, int a, int b, Path *path) {
  if (a == b)
    return true;
  const EsLink *l = es_platform_link(p, a, b);
  if (l)
    leg(path, l->bandwidth, l->latency, l->power);
  return l != NULL;
}

static const EsNetLink *net_link(const EsPlatform *p, int from, int to) {
  for (int i = 0; i < p->nnetwork; i++)
    if (p->network[i].from == from && p->network[i].to == to)
      return &p->network[i];
  return NULL;
}

int es_platform_connect_nodes(EsPlatform *p) {
  int n = p->ndevices;
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      int na = p->devices[a].node, nb = p->devices[b].node;
      const EsNetLink *net = na >= 0 && nb >= 0 && na != nb ? net_link(p, na, nb) : NULL;
      Path path = {0, 0, 0};
      if (!net || !local_leg(p, a, es_platform_node_host(p, na), &path))
        continue;
      leg(&path, net->bandwidth, net->latency, net->power);
      if (!local_leg(p, es_platform_node_host(p, nb), b, &path))
        continue;
      if (es_platform_add_link(p, a, b, 1 / path.sec_per_byte, path.latency,
                               path.joule_per_byte / path.sec_per_byte, 0))
        return ES_ENOMEM;
      p->links[p->nlinks - 1].network = true;
      p->links[p->nlinks - 1].mark = net->mark;
    }
  return ES_OK;
}

const EsLink *es_platform_link(const EsPlatform *p, int from, int to) {
  for (int i = 0; i < p->nlinks; i++)
    if (p->links[i].from == from && p->links[i].to == to)
      return &p->links[i];
  return NULL;
}

static int validate_device(const EsPlatform *p, const EsDevice *d, EsError *err) {
  if (d->nlevels < 1)
    return es_error_set(err, ES_EINVAL, p->file, d->mark.line, d->mark.col,
                        "device '%s' has no DVFS level", d->name);
  if (!(d->idle_power >= 0) || isinf(d->idle_power))
    return es_error_set(err, ES_EINVAL, p->file, d->mark.line, d->mark.col,
                        "device '%s': idle power must be a finite non-negative number", d->name);
  if (!(d->memory > 0))
    return es_error_set(err, ES_EINVAL, p->file, d->mark.line, d->mark.col,
                        "device '%s': memory must be a positive size", d->name);
  for (int k = 0; k < d->nlevels; k++) {
    const EsLevel *l = &d->levels[k];
    if (!(l->freq > 0) || isinf(l->freq) || !(l->power >= 0) || isinf(l->power))
      return es_error_set(err, ES_EINVAL, p->file, d->mark.line, d->mark.col,
                          "device '%s' level %d: frequency must be positive and power "
                          "non-negative, both finite",
                          d->name, k);
    if (k > 0 && !(l->freq < d->levels[k - 1].freq))
      return es_error_set(err, ES_EINVAL, p->file, d->mark.line, d->mark.col,
                          "device '%s': levels must be listed fastest first with distinct "
                          "frequencies (level %d is not slower than level %d)",
                          d->name, k, k - 1);
  }
  for (const EsDevice *o = p->devices; o < d; o++)
    if (strcmp(o->name, d->name) == 0)
      return es_error_set(err, ES_EINVAL, p->file, d->mark.line, d->mark.col,
                          "duplicate device '%s'", d->name);
  return ES_OK;
}

static int validate_network(const EsPlatform *p, EsError *err) {
  for (int i = 0; i < p->nnodes; i++) {
    for (int k = 0; k < i; k++)
      if (!strcmp(p->nodes[k], p->nodes[i]))
        return es_error_set(err, ES_EINVAL, p->file, 1, 1, "duplicate node '%s'", p->nodes[i]);
    if (es_platform_node_host(p, i) < 0)
      return es_error_set(err, ES_EINVAL, p->file, 1, 1, "node '%s' has no device", p->nodes[i]);
  }
  for (int i = 0; i < p->nnetwork; i++) {
    const EsNetLink *l = &p->network[i];
    if (l->from == l->to)
      return es_error_set(err, ES_EINVAL, p->file, l->mark.line, l->mark.col,
                          "network link from node '%s' to itself", p->nodes[l->from]);
    if (!(l->bandwidth > 0) || !(l->latency >= 0) || !(l->power >= 0) || isinf(l->latency) ||
        isinf(l->power))
      return es_error_set(err, ES_EINVAL, p->file, l->mark.line, l->mark.col,
                          "network %s -> %s: bandwidth must be positive, latency and power "
                          "finite and non-negative",
                          p->nodes[l->from], p->nodes[l->to]);
    if (net_link(p, l->from, l->to) != l)
      return es_error_set(err, ES_EINVAL, p->file, l->mark.line, l->mark.col,
                          "second network link %s -> %s", p->nodes[l->from], p->nodes[l->to]);
  }
  return ES_OK;
}

int es_platform_validate(const EsPlatform *p, EsError *err) {
  if (p->ndevices == 0)
    return es_error_set(err, ES_EINVAL, p->file, 1, 1, "platform has no device");
  if (validate_network(p, err))
    return err ? err->code : ES_EINVAL;
  for (int i = 0; i < p->ndevices; i++)
    if (validate_device(p, &p->devices[i], err))
      return err ? err->code : ES_EINVAL;
  for (int i = 0; i < p->nlinks; i++) {
    const EsLink *l = &p->links[i];
    if (l->from == l->to)
      return es_error_set(err, ES_EINVAL, p->file, l->mark.line, l->mark.col,
                          "link from device '%s' to itself", p->devices[l->from].name);
    if (!(l->bandwidth > 0) || !(l->latency >= 0) || !(l->power >= 0) || isinf(l->latency) ||
        isinf(l->power))
      return es_error_set(err, ES_EINVAL, p->file, l->mark.line, l->mark.col,
                          "link %s -> %s: bandwidth must be positive, latency and power "
                          "finite and non-negative",
                          p->devices[l->from].name, p->devices[l->to].name);
    if (es_platform_link(p, l->from, l->to) != l)
      return es_error_set(err, ES_EINVAL, p->file, l->mark.line, l->mark.col,
                          "second link %s -> %s", p->devices[l->from].name, p->devices[l->to].name);
  }
  return ES_OK;
}
