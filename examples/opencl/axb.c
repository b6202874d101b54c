/* R = A x B + 2C on three devices: the host CPU, an OpenCL device (`ocl`,
 * kind opencl: PoCL's CPU device in CI) and a simulated GPU (`gpu`, the sim
 * back end: plain C on a memory of its own). three.yaml is the machine;
 * profile.yaml says the product is cheapest on ocl, the scaling on gpu and
 * the sum on the CPU, so the exact schedule (tree-dp on this in-tree, ilp
 * alike) puts each task on another device and the runtime runs each where
 * the schedule chose, moving T and D to the CPU. The output is the plain
 * program's, bit for bit. */
#include <stdio.h>

#include "launchers.h"

#define N 48

static double A[N * N], B[N * N], C[N * N], R[N * N];

static void matmul(const double *a, const double *b, double *t, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += a[i * n + k] * b[k * n + j];
      t[i * n + j] = s;
    }
}

static void scale(const double *c, double *d, int n) {
  for (int i = 0; i < n * n; i++)
    d[i] = 2 * c[i];
}

static void add(const double *t, const double *c, double *r, int n) {
  for (int i = 0; i < n * n; i++)
    r[i] = t[i] + c[i];
}

/* The sim GPU's variants are the C functions on its own copies. */
static void matmul_sim(const double *a, const double *b, double *t, int n) { matmul(a, b, t, n); }
static void scale_sim(const double *c, double *d, int n) { scale(c, d, n); }

static void axb(void) {
  double T[N * N], D[N * N]; /* intermediates the host never reads: the tasks form a tree */
#pragma esched task name(mul) in(A[0:N*N], B[0:N*N]) out(T[0:N*N]) ocl(matmul_ocl: opencl) gpu(matmul_sim)
  matmul(A, B, T, N);
#pragma esched task name(scale) in(C[0:N*N]) out(D[0:N*N]) gpu(scale_sim)
  scale(C, D, N);
#pragma esched task name(add) in(T[0:N*N], D[0:N*N]) out(R[0:N*N]) ocl(add_ocl: opencl)
  add(T, D, R, N);
}

int main(void) {
  for (int i = 0; i < N * N; i++)
    A[i] = i % 5, B[i] = (i * 3) % 11, C[i] = i % 13;
  axb();
  double sum = 0;
  for (int i = 0; i < N * N; i++)
    sum += R[i] * (i % 7);
  printf("R[0] = %g, R[last] = %g, checksum = %.17g\n", R[0], R[N * N - 1], sum);
  return 0;
}
