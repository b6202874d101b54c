/* esched's annotations in both forms beside a pragma of another tool. */
#include <esched.h>
#include <stdio.h>

static void twice(double *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] *= 2;
}
static void twice_gpu(double *x, int n) { twice(x, n); }

int main(void) {
  double x[4] = {1, 2, 3, 4};
#pragma esched task name(first) inout(x[0:4]) gpu(twice_gpu)
  twice(x, 4);
  ESCHED_TASK(name(second) inout(x[0:4]) gpu(twice_gpu))
  twice(x, 4);
#ifdef VENDOR
#pragma vendor unroll
#endif
  for (int i = 0; i < 4; i++)
    printf("%g\n", x[i]);
  return 0;
}
