/* Kernels with a task region in an inline function. */
#ifndef KERNELS_H
#define KERNELS_H
void add(const int *a, const int *b, int *c, int n);
static inline void step(const int *a, const int *b, int *c, int n) {
#pragma esched task in(a[0:n], b[0:n]) out(c[0:n])
  add(a, b, c, n);
}
#endif
