/* Bump allocator: chunks of at least 64 KiB, each object aligned to
 * max_align_t. Large objects get a chunk of their own. */
#include "scheduler/base/arena.h"

#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct EsArenaChunk {
  EsArenaChunk *next;
  size_t used, size;
  alignas(max_align_t) unsigned char data[];
};

enum { CHUNK_SIZE = 64 * 1024 };

void *es_arena_alloc(EsArena *a, size_t size) {
  const size_t align = alignof(max_align_t);
  size = (size + align - 1) / align * align;
  EsArenaChunk *c = a->head;
  if (!c || c->size - c->used < size) {
    size_t cap = size > CHUNK_SIZE ? size : CHUNK_SIZE;
    c = malloc(sizeof *c + cap);
    if (!c)
      return NULL;
    c->used = 0;
    c->size = cap;
    c->next = a->head;
    a->head = c;
  }
  void *p = c->data + c->used;
  c->used += size;
  memset(p, 0, size);
  return p;
}

char *es_arena_strndup(EsArena *a, const char *s, size_t n) {
  char *p = es_arena_alloc(a, n + 1);
  if (p) {
    memcpy(p, s, n);
    p[n] = '\0';
  }
  return p;
}

char *es_arena_strdup(EsArena *a, const char *s) {
  return s ? es_arena_strndup(a, s, strlen(s)) : NULL;
}

void es_arena_free(EsArena *a) {
  EsArenaChunk *c = a->head;
  while (c) {
    EsArenaChunk *next = c->next;
    free(c);
    c = next;
  }
  a->head = NULL;
}

void es_arena_reset(EsArena *a) {
  EsArenaChunk *keep = a->head;
  if (!keep)
    return;
  a->head = keep->next;
  es_arena_free(a);
  keep->next = NULL;
  keep->used = 0;
  a->head = keep;
}
