/* The data and kernels of the paper's Figure 3 program (R = A x B + C),
 * shared by the runtime tests that spell out the rewriter's output by hand;
 * each test writes its own task calls around them. */
#include <stdio.h>

#define N 64

static double A[N * N], B[N * N], C[N * N], T[N * N], R[N * N];

static void matmul(const double *a, const double *b, double *t, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += a[i * n + k] * b[k * n + j];
      t[i * n + j] = s;
    }
}

static void add(const double *t, const double *c, double *r, int n) {
  for (int i = 0; i < n * n; i++)
    r[i] = t[i] + c[i];
}

static void fig3_init(void) {
  for (int i = 0; i < N * N; i++)
    A[i] = i % 5, B[i] = (i * 3) % 11, C[i] = i % 13;
}

static void fig3_print(void) {
  double sum = 0;
  for (int i = 0; i < N * N; i++)
    sum += R[i] * (i % 7);
  printf("R[0]=%g R[last]=%g checksum=%.17g\n", R[0], R[N * N - 1], sum);
}
