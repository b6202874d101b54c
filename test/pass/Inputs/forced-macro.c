/* Uses the project's annotation macro without including its header: the
 * build gives it with -include mytask.h (as projects do from CFLAGS). */
#include <stdio.h>

static void twice(double *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] *= 2;
}
static void twice_gpu(double *x, int n) { twice(x, n); }

int main(void) {
  double x[3] = {1, 2, 3};
  OFFLOAD(dbl, twice, inout(x))
  twice(x, 3);
  printf("%g\n", x[0] + x[1] + x[2]);
  return 0;
}
