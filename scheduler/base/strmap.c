/* String -> int map with linear probing; grows at 1/2 load. */
#include "scheduler/base/strmap.h"

#include <stdlib.h>
#include <string.h>

#include "scheduler/base/error.h"

uint64_t es_fnv1a(uint64_t h, const void *data, size_t n) {
  const unsigned char *p = data;
  for (size_t i = 0; i < n; i++) {
    h ^= p[i];
    h *= UINT64_C(1099511628211);
  }
  return h;
}

static uint32_t hash_of(const char *key) {
  return (uint32_t)es_fnv1a(ES_FNV_OFFSET, key, strlen(key));
}

static size_t slot_of(const EsStrMap *m, const char *key, uint32_t h) {
  size_t mask = m->cap - 1;
  size_t i = h & mask;
  while (m->slots[i].key && (m->slots[i].hash != h || strcmp(m->slots[i].key, key) != 0))
    i = (i + 1) & mask;
  return i;
}

static int grow(EsStrMap *m) {
  size_t cap = m->cap ? m->cap * 2 : 16;
  EsStrMap bigger = {calloc(cap, sizeof *m->slots), 0, cap};
  if (!bigger.slots)
    return ES_ENOMEM;
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->slots[i].key)
      continue;
    /* keys are distinct: the first empty slot from its hash */
    size_t j = m->slots[i].hash & (cap - 1);
    while (bigger.slots[j].key)
      j = (j + 1) & (cap - 1);
    bigger.slots[j] = m->slots[i];
    bigger.len++;
  }
  es_strmap_free(m);
  *m = bigger;
  return ES_OK;
}

int es_strmap_put(EsStrMap *m, const char *key, int val) {
  if ((m->len + 1) * 2 > m->cap && grow(m) != ES_OK)
    return ES_ENOMEM;
  uint32_t h = hash_of(key);
  EsStrSlot *s = &m->slots[slot_of(m, key, h)];
  if (!s->key) {
    s->key = key, s->hash = h;
    m->len++;
  }
  s->val = val;
  return ES_OK;
}

int es_strmap_get(const EsStrMap *m, const char *key) {
  if (!m->cap)
    return -1;
  const EsStrSlot *s = &m->slots[slot_of(m, key, hash_of(key))];
  return s->key ? s->val : -1;
}

void es_strmap_free(EsStrMap *m) {
  free(m->slots);
  m->slots = NULL;
  m->len = m->cap = 0;
}
