/* Profile records, their statistics, and the merge of two profiles. */
#include "scheduler/model/profile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"

EsProfile *es_profile_new(void) { return calloc(1, sizeof(EsProfile)); }

void es_profile_free(EsProfile *p) {
  if (!p)
    return;
  for (int i = 0; i < p->nentries; i++) {
    free(p->entries[i].runs);
    free(p->entries[i].item_names);
    free(p->entries[i].item_bytes);
  }
  free(p->entries);
  free(p->units);
  es_strmap_free(&p->index);
  es_arena_free(&p->arena);
  free(p);
}

EsProfileEntry *es_profile_find(const EsProfile *p, const char *key) {
  int i = es_strmap_get(&p->index, key);
  return i < 0 ? NULL : &p->entries[i];
}

EsProfileEntry *es_profile_entry(EsProfile *p, const char *key) {
  EsProfileEntry *e = es_profile_find(p, key);
  if (e)
    return e;
  const char *copy = es_arena_strdup(&p->arena, key);
  if (!copy || es_vec_reserve(&p->entries, &p->entries_cap, p->nentries + 1, sizeof *p->entries))
    return NULL;
  e = &p->entries[p->nentries];
  memset(e, 0, sizeof *e);
  e->key = copy;
  if (es_strmap_put(&p->index, copy, p->nentries))
    return NULL;
  p->nentries++;
  return e;
}

EsProfileRun *es_profile_run(EsProfile *p, EsProfileEntry *e, const char *device, int level,
                             double size) {
  for (int i = 0; i < e->nruns; i++) {
    EsProfileRun *r = &e->runs[i];
    if (r->level == level && r->size == size && strcmp(r->device, device) == 0)
      return r;
  }
  const char *copy = es_arena_strdup(&p->arena, device);
  if (!copy || es_vec_reserve(&e->runs, &e->runs_cap, e->nruns + 1, sizeof *e->runs))
    return NULL;
  EsProfileRun *r = &e->runs[e->nruns++];
  memset(r, 0, sizeof *r);
  r->device = copy;
  r->level = level;
  r->size = size;
  r->source = "measured";
  return r;
}

double *es_profile_item(const EsProfileEntry *e, const char *item) {
  for (int i = 0; i < e->nitems; i++)
    if (strcmp(e->item_names[i], item) == 0)
      return &e->item_bytes[i];
  return NULL;
}

int es_profile_item_set(EsProfile *p, EsProfileEntry *e, const char *item, double bytes) {
  double *have = es_profile_item(e, item);
  if (have) {
    *have = bytes;
    return ES_OK;
  }
  const char *copy = es_arena_strdup(&p->arena, item);
  if (!copy || es_vec_reserve(&e->item_names, &e->items_cap, e->nitems + 1, sizeof *e->item_names))
    return ES_ENOMEM;
  double *grown = realloc(e->item_bytes, sizeof *grown * (size_t)e->items_cap);
  if (!grown)
    return ES_ENOMEM;
  e->item_bytes = grown;
  e->item_names[e->nitems] = copy;
  e->item_bytes[e->nitems++] = bytes;
  return ES_OK;
}

bool es_profile_has_unit(const EsProfile *p, const char *unit) {
  for (int i = 0; unit && i < p->nunits; i++)
    if (strcmp(p->units[i], unit) == 0)
      return true;
  return false;
}

int es_profile_add_unit(EsProfile *p, const char *unit) {
  if (es_profile_has_unit(p, unit))
    return ES_OK;
  const char *copy = es_arena_strdup(&p->arena, unit);
  if (!copy || es_vec_reserve(&p->units, &p->units_cap, p->nunits + 1, sizeof *p->units))
    return ES_ENOMEM;
  p->units[p->nunits++] = copy;
  return ES_OK;
}

/* Ranks of sources: a figure from a better source replaces one from a worse
 * source instead of being averaged with it. Unknown names count as
 * measurements. */
static int time_rank(const char *src) {
  if (!src || strcmp(src, "model") == 0)
    return 0;
  return strcmp(src, "simulated") == 0 ? 1 : 2;
}

static int energy_rank(const char *src) { return src && strcmp(src, "model") != 0 ? 1 : 0; }

/* Merges the figure (b, bsrc) into (a, *asrc) by the rank of their sources. */
static int merge_figure(EsProfile *into, EsStats *a, const char **asrc, const EsStats *b,
                        const char *bsrc, int (*rank)(const char *)) {
  if (b->count == 0)
    return ES_OK;
  int ra = rank(*asrc), rb = rank(bsrc);
  if (a->count > 0 && rb < ra)
    return ES_OK; /* a worse source: not news */
  if (a->count == 0 || rb > ra)
    *a = *b;
  else
    es_stats_merge(a, b);
  const char *copy = bsrc ? es_arena_strdup(&into->arena, bsrc) : NULL;
  if (bsrc && !copy)
    return ES_ENOMEM;
  *asrc = copy;
  return ES_OK;
}

static int merge_entry(EsProfile *into, EsProfileEntry *t, const EsProfileEntry *e, bool listed) {
  bool sampled = false;
  for (int k = 0; k < e->nruns; k++) {
    const EsProfileRun *r = &e->runs[k];
    EsProfileRun *x = es_profile_run(into, t, r->device, r->level, r->size);
    if (!x)
      return ES_ENOMEM;
    if (merge_figure(into, &x->time, &x->source, &r->time, r->source, time_rank) ||
        merge_figure(into, &x->energy, &x->energy_source, &r->energy, r->energy_source,
                     energy_rank))
      return ES_ENOMEM;
    sampled |= r->time.count > 0;
  }
  for (int k = 0; k < e->nitems; k++)
    if (es_profile_item_set(into, t, e->item_names[k], e->item_bytes[k]))
      return ES_ENOMEM;
  if (e->unit && !(t->unit = es_arena_strdup(&into->arena, e->unit)))
    return ES_ENOMEM;
  t->stale = sampled || listed ? false : t->stale || e->stale;
  return ES_OK;
}

int es_profile_merge(EsProfile *into, const EsProfile *from) {
  for (int i = 0; i < from->nentries; i++) {
    const EsProfileEntry *e = &from->entries[i];
    EsProfileEntry *t = es_profile_entry(into, e->key);
    if (!t || merge_entry(into, t, e, e->unit && es_profile_has_unit(from, e->unit)))
      return ES_ENOMEM;
  }
  for (int i = 0; i < into->nentries; i++) {
    EsProfileEntry *t = &into->entries[i];
    if (es_profile_has_unit(from, t->unit) && !es_profile_find(from, t->key))
      t->stale = true;
  }
  return ES_OK;
}

bool es_profile_time(const EsProfile *p, const char *key, const char *device, int level,
                     double *seconds) {
  const EsProfileEntry *e = es_profile_find(p, key);
  if (!e)
    return false;
  EsStats pooled = {0, 0, 0, INFINITY, -INFINITY};
  for (int i = 0; i < e->nruns; i++) {
    const EsProfileRun *r = &e->runs[i];
    if (r->level == level && strcmp(r->device, device) == 0)
      es_stats_merge(&pooled, &r->time);
  }
  if (pooled.count == 0)
    return false;
  *seconds = pooled.mean;
  return true;
}

void es_stats_add(EsStats *s, double x) {
  EsStats one = {1, x, 0, x, x};
  es_stats_merge(s, &one);
}

void es_stats_merge(EsStats *a, const EsStats *b) {
  if (b->count == 0)
    return;
  if (a->count == 0) {
    *a = *b;
    a->m2 = fmin(a->m2, ES_STATS_MAX_M2);
    return;
  }
  double n = (double)a->count + (double)b->count;
  double delta = b->mean - a->mean;
  a->mean += delta * ((double)b->count / n); /* the weight first: delta * count may overflow */
  /* delta * delta may be infinite: fmin makes it the bound */
  a->m2 = fmin(a->m2 + b->m2 + delta * delta * ((double)a->count * (double)b->count / n),
               ES_STATS_MAX_M2);
  a->count = n >= (double)ES_STATS_MAX_COUNT ? ES_STATS_MAX_COUNT : a->count + b->count;
  a->min = fmin(a->min, b->min);
  a->max = fmax(a->max, b->max);
}

double es_stats_variance(const EsStats *s) {
  return s->count > 1 ? s->m2 / (double)(s->count - 1) : 0;
}

/* The bytes of item the profile recorded for task t's runs, or -1. */
static double recorded_bytes(const EsProfile *prof, const EsTask *t, const char *item) {
  const EsProfileEntry *pe =
      t->kind == ES_TASK_REGION ? es_profile_find(prof, es_task_key(t)) : NULL;
  for (int k = 0; pe && k < pe->nitems; k++)
    if (!strcmp(pe->item_names[k], item))
      return pe->item_bytes[k];
  return -1;
}

void es_graph_bytes_from_profile(EsGraph *g, const EsProfile *prof) {
  for (int e = 0; prof && e < g->nedges; e++) {
    const EsEdge *ed = &g->edges[e];
    if (ed->bytes >= 0 || !ed->data)
      continue;
    double bytes = recorded_bytes(prof, &g->tasks[ed->from], ed->data);
    for (int f = e; bytes < 0 && f < g->nedges; f++)
      if (g->edges[f].from == ed->from && g->edges[f].data && !strcmp(g->edges[f].data, ed->data)) {
        double b = recorded_bytes(prof, &g->tasks[g->edges[f].to], ed->data);
        bytes = b > bytes ? b : bytes;
      }
    for (int f = e; bytes >= 0 && f < g->nedges; f++)
      if (g->edges[f].from == ed->from && g->edges[f].data && !strcmp(g->edges[f].data, ed->data))
        g->edges[f].bytes = bytes;
  }
}
