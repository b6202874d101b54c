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

static size_t slot_of(const EsStrMap *m, const char *key) {
  size_t mask = m->cap - 1;
  size_t i = (size_t)es_fnv1a(ES_FNV_OFFSET, key, strlen(key)) & mask;
  while (m->keys[i] && strcmp(m->keys[i], key) != 0)
    i = (i + 1) & mask;
  return i;
}

static int grow(EsStrMap *m) {
  size_t cap = m->cap ? m->cap * 2 : 16;
  EsStrMap bigger = {calloc(cap, sizeof *m->keys), calloc(cap, sizeof *m->vals), 0, cap};
  if (!bigger.keys || !bigger.vals) {
    free(bigger.keys);
    free(bigger.vals);
    return ES_ENOMEM;
  }
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->keys[i])
      continue;
    size_t j = slot_of(&bigger, m->keys[i]);
    bigger.keys[j] = m->keys[i];
    bigger.vals[j] = m->vals[i];
    bigger.len++;
  }
  es_strmap_free(m);
  *m = bigger;
  return ES_OK;
}

int es_strmap_put(EsStrMap *m, const char *key, int val) {
  if ((m->len + 1) * 2 > m->cap && grow(m) != ES_OK)
    return ES_ENOMEM;
  size_t i = slot_of(m, key);
  if (!m->keys[i]) {
    m->keys[i] = key;
    m->len++;
  }
  m->vals[i] = val;
  return ES_OK;
}

int es_strmap_get(const EsStrMap *m, const char *key) {
  if (!m->cap)
    return -1;
  size_t i = slot_of(m, key);
  return m->keys[i] ? m->vals[i] : -1;
}

void es_strmap_free(EsStrMap *m) {
  free(m->keys);
  free(m->vals);
  m->keys = NULL;
  m->vals = NULL;
  m->len = m->cap = 0;
}
