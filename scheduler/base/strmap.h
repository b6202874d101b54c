/* A map from borrowed strings to non-negative ints (open addressing, FNV-1a).
 * Keys are not copied: they must outlive the map (graph names live in the
 * graph's arena). */
#ifndef ESCHED_SCHEDULER_STRMAP_H
#define ESCHED_SCHEDULER_STRMAP_H

#include <stddef.h>
#include <stdint.h>

/* A key, its hash and its value side by side: a lookup in a large map
 * touches one cache line of slots, and compares strings only on a hash
 * match. */
typedef struct EsStrSlot {
  const char *key; /* NULL: empty */
  uint32_t hash;
  int val;
} EsStrSlot;

typedef struct EsStrMap {
  EsStrSlot *slots;
  size_t len, cap; /* cap is 0 or a power of two */
} EsStrMap;

/* Inserts or replaces key -> val (val >= 0). Returns 0, or ES_ENOMEM. */
int es_strmap_put(EsStrMap *m, const char *key, int val);
/* The value of key, or -1. */
int es_strmap_get(const EsStrMap *m, const char *key);
void es_strmap_free(EsStrMap *m);

/* 64-bit FNV-1a of n bytes, continuing from h (start with ES_FNV_OFFSET). */
#define ES_FNV_OFFSET UINT64_C(14695981039346656037)
uint64_t es_fnv1a(uint64_t h, const void *data, size_t n);

#endif
