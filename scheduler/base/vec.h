/* Growth of (ptr, len, cap) dynamic arrays. */
#ifndef ESCHED_SCHEDULER_VEC_H
#define ESCHED_SCHEDULER_VEC_H

#include <stddef.h>

/* Makes room for at least `need` elements of `size` bytes in *ptr, whose
 * capacity is *cap, doubling. Returns 0, or ES_ENOMEM leaving *ptr intact. */
int es_vec_reserve(void *ptr, int *cap, int need, size_t size);

#endif
