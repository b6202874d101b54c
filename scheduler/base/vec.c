/* Dynamic array growth. */
#include "scheduler/base/vec.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/error.h"

int es_vec_grow(void *ptr, int *cap, int need, size_t size) {
  if (need <= *cap)
    return ES_OK;
  if (need < 0)
    return ES_ENOMEM;
  size_t want = *cap ? (size_t)*cap : 8;
  while (want < (size_t)need)
    want *= 2;
  if (want > INT_MAX)
    want = INT_MAX;
  void *old;
  memcpy(&old, ptr, sizeof old);
  void *p = realloc(old, want * size);
  if (!p)
    return ES_ENOMEM;
  memcpy(ptr, &p, sizeof p);
  *cap = (int)want;
  return ES_OK;
}
