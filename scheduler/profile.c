/* Profile records and their statistics. */
#include "scheduler/profile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/vec.h"

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
    return;
  }
  double n = (double)(a->count + b->count);
  double delta = b->mean - a->mean;
  a->mean += delta * (double)b->count / n;
  a->m2 += b->m2 + delta * delta * (double)a->count * (double)b->count / n;
  a->count += b->count;
  a->min = fmin(a->min, b->min);
  a->max = fmax(a->max, b->max);
}

double es_stats_variance(const EsStats *s) {
  return s->count > 1 ? s->m2 / (double)(s->count - 1) : 0;
}
