/* A header with task regions in its inline functions: esched rewrites the
 * file it compiles, not this one, so these run as plain C. */
#ifndef ANNOTATED_KERNELS_H
#define ANNOTATED_KERNELS_H
#include <esched.h>

void add(const int *a, const int *b, int *c, int n);

static inline void step(const int *a, const int *b, int *c, int n) {
#pragma esched task in(a[0:n], b[0:n]) out(c[0:n])
  add(a, b, c, n);
}

static inline void copy(const int *a, int *c, int n) {
  ESCHED_TASK(in(a[0:n]) out(c[0:n]))
  for (int i = 0; i < n; i++)
    c[i] = a[i];
}

/* Not annotations: #pragma esched task in(a) in a comment, a skipped
 * block, another pragma that starts with the same letters. */
#if 0
#pragma esched task in(a)
#endif
#pragma eschedule task
#endif
