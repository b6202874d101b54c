/* A bump allocator for objects that live exactly as long as their owner
 * (a graph's names and front-end records). Pointers it returns never move;
 * everything is freed at once by es_arena_free. */
#ifndef ESCHED_SCHEDULER_ARENA_H
#define ESCHED_SCHEDULER_ARENA_H

#include <stddef.h>

typedef struct EsArenaChunk EsArenaChunk;
typedef struct EsArena {
  EsArenaChunk *head;
} EsArena;

/* Returns zeroed memory aligned for any object, or NULL when out of memory. */
void *es_arena_alloc(EsArena *a, size_t size);
/* Copies s (NUL-terminated) into the arena; NULL stays NULL. */
char *es_arena_strdup(EsArena *a, const char *s);
/* Copies n bytes of s and terminates them. */
char *es_arena_strndup(EsArena *a, const char *s, size_t n);
/* Frees every chunk; the arena may be reused afterwards. */
void es_arena_free(EsArena *a);
/* Empties the arena but keeps its newest chunk for reuse: scratch memory
 * that lives for one item of a stream, without a malloc per item. */
void es_arena_reset(EsArena *a);

#endif
