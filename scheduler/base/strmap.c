/* String -> int map with linear probing; grows at 1/2 load. */
#include "scheduler/base/strmap.h"

#include <stdbool.h>
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

/* A key as the slots hold it: its tag, and a short key's 8 bytes. */
typedef struct Probe {
  const char *key;
  uint32_t tag;
  uint64_t text;
} Probe;

static Probe probe_of(const char *key) {
  size_t n = strlen(key);
  uint32_t h = (uint32_t)es_fnv1a(ES_FNV_OFFSET, key, n) & (ES_STRSLOT_SHORT - 1);
  Probe p = {key, h | ES_STRSLOT_USED, 0};
  if (n < sizeof p.text) {
    p.tag |= ES_STRSLOT_SHORT;
    memcpy(&p.text, key, n); /* the NUL and the rest stay zero */
  }
  return p;
}

static bool holds(const EsStrSlot *s, const Probe *p) {
  if (s->tag != p->tag)
    return false;
  if (p->tag & ES_STRSLOT_SHORT) {
    uint64_t text;
    memcpy(&text, s->key.text, sizeof text);
    return text == p->text;
  }
  return strcmp(s->key.ptr, p->key) == 0;
}

static size_t slot_of(const EsStrMap *m, const Probe *p) {
  size_t mask = m->cap - 1;
  size_t i = p->tag & mask;
  while (m->slots[i].tag && !holds(&m->slots[i], p))
    i = (i + 1) & mask;
  return i;
}

static int grow(EsStrMap *m) {
  size_t cap = m->cap ? m->cap * 2 : 16;
  EsStrMap bigger = {NULL, 0, cap, {0}};
  if (!(bigger.slots = es_bigbuf_alloc(&bigger.mem, cap, sizeof *m->slots)))
    return ES_ENOMEM;
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->slots[i].tag)
      continue;
    /* keys are distinct: the first empty slot from its hash */
    size_t j = m->slots[i].tag & (cap - 1);
    while (bigger.slots[j].tag)
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
  Probe p = probe_of(key);
  EsStrSlot *s = &m->slots[slot_of(m, &p)];
  if (!s->tag) {
    s->tag = p.tag;
    if (p.tag & ES_STRSLOT_SHORT)
      memcpy(s->key.text, &p.text, sizeof p.text);
    else
      s->key.ptr = key;
    m->len++;
  }
  s->val = val;
  return ES_OK;
}

int es_strmap_get(const EsStrMap *m, const char *key) {
  if (!m->cap)
    return -1;
  Probe p = probe_of(key);
  const EsStrSlot *s = &m->slots[slot_of(m, &p)];
  return s->tag ? s->val : -1;
}

void es_strmap_prefetch(const EsStrMap *m, const char *key) {
#if defined(__GNUC__)
  if (m->cap) {
    Probe p = probe_of(key);
    __builtin_prefetch(&m->slots[p.tag & (m->cap - 1)]);
  }
#else
  (void)m, (void)key;
#endif
}

void es_strmap_free(EsStrMap *m) {
  es_bigbuf_free(&m->mem);
  m->slots = NULL;
  m->len = m->cap = 0;
}
