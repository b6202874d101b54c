/* Task data whose bytes are volatile: a scalar, an array, a section
 * through a pointer to volatile, in static and deferred tasks, and host
 * code reading it after them. */
#include <stdio.h>

static void scale(int n, const volatile double *k, volatile double *x) {
  for (int i = 0; i < n; i++)
    x[i] *= *k;
}
static void scale_gpu(int n, const volatile double *k, volatile double *x) { scale(n, k, x); }

static void bump(volatile int *flag) { *flag += 1; }
static void bump_gpu(volatile int *flag) { bump(flag); }

static double sum(int n, const volatile double *x) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}

int main(void) {
  const volatile double k = 1.5;
  volatile double x[4] = {1, 2, 3, 4};
  volatile int flag = 0;
#pragma esched task in(k) inout(x) gpu(scale_gpu)
  scale(4, &k, x);
  printf("x %g %g\n", x[0], x[3]);
  volatile double *p = x;
  for (int r = 0; r < 2; r++) {
#pragma esched task in(k) inout(p[0:4]) gpu(scale_gpu)
    scale(4, &k, p);
#pragma esched task inout(flag) gpu(bump_gpu)
    bump(&flag);
  }
  printf("p %g %g flag %d sum %g\n", p[0], p[3], flag, sum(4, x));
  return 0;
}
