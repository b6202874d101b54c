/* Growth of (ptr, len, cap) dynamic arrays. */
#ifndef ESCHED_SCHEDULER_VEC_H
#define ESCHED_SCHEDULER_VEC_H

#include <stddef.h>

/* Grows *ptr, whose capacity is *cap, to at least `need` elements of `size`
 * bytes, doubling. Returns 0, or ES_ENOMEM leaving *ptr intact. */
int es_vec_grow(void *ptr, int *cap, int need, size_t size);

/* Makes room for at least `need` elements: inline, because appends call it
 * once per element and almost always find the room there (a call cost as
 * much as the append in the runtime's deferred flush). */
static inline int es_vec_reserve(void *ptr, int *cap, int need, size_t size) {
  return need <= *cap ? 0 : es_vec_grow(ptr, cap, need, size);
}

#endif
