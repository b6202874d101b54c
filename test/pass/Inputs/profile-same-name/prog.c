#include <esched.h>
#include <stdio.h>

#define N 32
static double X[N], Y[N];

static void twice(const double *x, double *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i];
}
static void twice_gpu(const double *x, double *y, int n) { twice(x, y, n); }

int main(void) {
  for (int i = 0; i < N; i++)
    X[i] = i;
  ESCHED_TASK(name(twice) in(X[0:N]) out(Y[0:N]) gpu(twice_gpu))
  twice(X, Y, N);
  printf("Y[31] = %g\n", Y[N - 1]);
  return 0;
}
