/* A C89 program: declarations first, no // comments, loops without
 * declarations. */
#include <stdio.h>

static void twice(const double *x, double *y, int n) {
  int i;
  for (i = 0; i < n; i++)
    y[i] = 2 * x[i];
}
static void twice_gpu(const double *x, double *y, int n) { twice(x, y, n); }

int main(void) {
  double x[4], y[4];
  int i, t;
  for (i = 0; i < 4; i++)
    x[i] = i;
#pragma esched task name(first) in(x[0:4]) out(y[0:4]) gpu(twice_gpu)
  twice(x, y, 4);
  for (t = 0; t < 2; t++) {
#pragma esched task name(again) in(y[0:4]) out(x[0:4]) gpu(twice_gpu)
    twice(y, x, 4);
  }
  printf("%g %g\n", y[3], x[3]);
  return 0;
}
