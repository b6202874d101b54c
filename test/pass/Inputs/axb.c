/* The paper's Figure 3 program (R = A x B + C) with two annotated tasks. */
#include <stdio.h>

#define N 8
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
static void matmul_gpu(const double *a, const double *b, double *t, int n) { matmul(a, b, t, n); }
static void add(const double *t, const double *c, double *r, int n) {
  for (int i = 0; i < n * n; i++)
    r[i] = t[i] + c[i];
}
static void add_gpu(const double *t, const double *c, double *r, int n) { add(t, c, r, n); }

void axb(void) {
#pragma esched task name(mul) in(A[0:N*N], B[0:N*N]) out(T[0:N*N]) gpu(matmul_gpu)
  matmul(A, B, T, N);
#pragma esched task name(add) in(T[0:N*N], C[0:N*N]) out(R[0:N*N]) gpu(add_gpu)
  add(T, C, R, N);
  printf("R[0] = %g, R[last] = %g\n", R[0], R[N * N - 1]);
}

int main(void) {
  for (int i = 0; i < N * N; i++)
    A[i] = i % 5, B[i] = (i * 3) % 11, C[i] = i % 13;
  axb();
  return 0;
}
