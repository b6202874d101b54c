/* Hulls of task data per base pointer (anchors.h): open addressing with
 * linear probing, keyed by the pointer's bits mixed by a multiplication. */
#include "runtime-stub/memory/anchors.h"

#include <stdlib.h>
#include <string.h>

#include "scheduler/base/error.h"

static size_t slot_of(uintptr_t base, int cap) {
  uint64_t h = (uint64_t)base * UINT64_C(0x9E3779B97F4A7C15);
  return (size_t)(h >> 32) & (size_t)(cap - 1);
}

static RtAnchor *find(const RtAnchors *a, uintptr_t base) {
  size_t i = slot_of(base, a->cap);
  while (a->v[i].base && a->v[i].base != base)
    i = (i + 1) & (size_t)(a->cap - 1);
  return &a->v[i];
}

static int grow(RtAnchors *a) {
  int cap = a->cap ? 2 * a->cap : 64;
  RtAnchors b = {calloc((size_t)cap, sizeof *b.v), a->len, cap};
  if (!b.v)
    return ES_ENOMEM;
  for (int i = 0; i < a->cap; i++)
    if (a->v[i].base)
      *find(&b, a->v[i].base) = a->v[i];
  free(a->v);
  *a = b;
  return ES_OK;
}

int rt_anchors_note(RtAnchors *a, uintptr_t base, uintptr_t lo, uintptr_t hi) {
  if (!base || lo >= hi)
    return ES_OK;
  if (2 * (a->len + 1) > a->cap && grow(a))
    return ES_ENOMEM;
  RtAnchor *x = find(a, base);
  if (!x->base) {
    *x = (RtAnchor){base, lo, hi};
    a->len++;
    return ES_OK;
  }
  x->lo = lo < x->lo ? lo : x->lo;
  x->hi = hi > x->hi ? hi : x->hi;
  return ES_OK;
}

bool rt_anchors_hull(const RtAnchors *a, uintptr_t base, uintptr_t *lo, uintptr_t *hi) {
  const RtAnchor *x = a->cap && base ? find(a, base) : NULL;
  if (!x || !x->base)
    return false;
  *lo = x->lo, *hi = x->hi;
  return true;
}

void rt_anchors_clear(RtAnchors *a) {
  if (a->cap > 256 && 8 * a->len < a->cap) { /* mostly empty: clearing would cost more */
    rt_anchors_free(a);
    return;
  }
  if (a->len)
    memset(a->v, 0, sizeof *a->v * (size_t)a->cap);
  a->len = 0;
}

void rt_anchors_retain(RtAnchors *a, bool (*keep)(const void *ctx, uintptr_t lo, uintptr_t hi),
                       const void *ctx) {
  RtAnchor *kept = a->len ? malloc(sizeof *kept * (size_t)a->len) : NULL;
  int n = 0;
  if (!kept)
    return;
  for (int i = 0; i < a->cap; i++)
    if (a->v[i].base && keep(ctx, a->v[i].lo, a->v[i].hi))
      kept[n++] = a->v[i];
  memset(a->v, 0, sizeof *a->v * (size_t)a->cap); /* linear probing: reinsert the rest */
  a->len = n;
  for (int i = 0; i < n; i++)
    *find(a, kept[i].base) = kept[i];
  free(kept);
}

void rt_anchors_free(RtAnchors *a) {
  free(a->v);
  *a = (RtAnchors){0};
}
