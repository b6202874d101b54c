/* A map from strings to non-negative ints (open addressing, FNV-1a).
 * Keys of at most 7 bytes are copied into the map; longer ones are borrowed
 * and must outlive the map (graph names live in the graph's arena). */
#ifndef ESCHED_SCHEDULER_STRMAP_H
#define ESCHED_SCHEDULER_STRMAP_H

#include <stddef.h>
#include <stdint.h>

#include "scheduler/base/bigbuf.h"

/* A key, its hash and its value side by side: a lookup in a large map
 * touches one cache line of slots. A short key (task names like "t123456")
 * lies in the slot itself, so finding it reads no other memory; a longer
 * one is compared through its pointer on a hash match. */
typedef struct EsStrSlot {
  union {
    const char *ptr; /* a longer key, borrowed */
    char text[8];    /* a short key, its NUL and zeros */
  } key;
  uint32_t tag; /* 0: empty; else ES_STRSLOT_USED, ES_STRSLOT_SHORT for a
                   short key, and the hash's low 30 bits */
  int val;
} EsStrSlot;

#define ES_STRSLOT_USED  (UINT32_C(1) << 31)
#define ES_STRSLOT_SHORT (UINT32_C(1) << 30)

typedef struct EsStrMap {
  EsStrSlot *slots;
  size_t len, cap; /* cap is 0 or a power of two */
  EsBigBuf mem;    /* slots: a large table on huge pages, where a lookup's
                      page is found without a page-table walk */
} EsStrMap;

/* Inserts or replaces key -> val (val >= 0). Returns 0, or ES_ENOMEM. */
int es_strmap_put(EsStrMap *m, const char *key, int val);
/* The value of key, or -1. */
int es_strmap_get(const EsStrMap *m, const char *key);
/* Starts loading key's slot into the cache, for a get or put soon after:
 * in a large map that slot is a miss of ~100 ns, which work in between
 * then hides. */
void es_strmap_prefetch(const EsStrMap *m, const char *key);
void es_strmap_free(EsStrMap *m);

/* 64-bit FNV-1a of n bytes, continuing from h (start with ES_FNV_OFFSET). */
#define ES_FNV_OFFSET UINT64_C(14695981039346656037)
uint64_t es_fnv1a(uint64_t h, const void *data, size_t n);

#endif
