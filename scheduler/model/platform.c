/* Platform construction and validation. */
#include "scheduler/model/platform.h"

#include <math.h>
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
  es_arena_free(&p->arena);
  free(p);
}

int es_platform_add_device(EsPlatform *p, const char *name, const char *kind,
                           const EsLevel *levels, int nlevels, double idle_power) {
  if (es_vec_reserve(&p->devices, &p->devices_cap, p->ndevices + 1, sizeof *p->devices))
    return -1;
  EsDevice *d = &p->devices[p->ndevices];
  memset(d, 0, sizeof *d);
  d->name = es_arena_strdup(&p->arena, name);
  d->kind = es_arena_strdup(&p->arena, kind ? kind : "cpu");
  d->levels = es_arena_alloc(&p->arena, sizeof *levels * (size_t)(nlevels > 0 ? nlevels : 1));
  if (!d->name || !d->kind || !d->levels)
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
  p->links[p->nlinks++] = (EsLink){from, to, bandwidth, latency, power, 0, {0, 0}};
  if (both_ways)
    p->links[p->nlinks++] = (EsLink){to, from, bandwidth, latency, power, 0, {0, 0}};
  return ES_OK;
}

int es_platform_find_device(const EsPlatform *p, const char *name) {
  for (int i = 0; i < p->ndevices; i++)
    if (strcmp(p->devices[i].name, name) == 0)
      return i;
  return -1;
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

int es_platform_validate(const EsPlatform *p, EsError *err) {
  if (p->ndevices == 0)
    return es_error_set(err, ES_EINVAL, p->file, 1, 1, "platform has no device");
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
                          "second link %s -> %s", p->devices[l->from].name,
                          p->devices[l->to].name);
  }
  return ES_OK;
}
