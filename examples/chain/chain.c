/* A 3-matrix chain product G = (A B)(C D): an in-tree of three tasks, the
 * shape of the paper's sum-product trees. The products are 20 times faster
 * on the GPU (profile.yaml), so the exact schedule runs the whole tree
 * there and moves only the four inputs in and G out. */
#include <stdio.h>

#define N 48

static double A[N * N], B[N * N], C[N * N], D[N * N], E[N * N], F[N * N], G[N * N];

static void mm(const double *a, const double *b, double *c, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
}
static void mm_gpu(const double *a, const double *b, double *c, int n) { mm(a, b, c, n); }

static void chain(void) {
#pragma esched task name(ab) in(A[0:N*N], B[0:N*N]) out(E[0:N*N]) gpu(mm_gpu)
  mm(A, B, E, N);
#pragma esched task name(cd) in(C[0:N*N], D[0:N*N]) out(F[0:N*N]) gpu(mm_gpu)
  mm(C, D, F, N);
#pragma esched task name(ef) in(E[0:N*N], F[0:N*N]) out(G[0:N*N]) gpu(mm_gpu)
  mm(E, F, G, N);
}

int main(void) {
  for (int i = 0; i < N * N; i++)
    A[i] = i % 3, B[i] = i % 5, C[i] = (i * 7) % 4, D[i] = i % 2;
  chain();
  double s = 0;
  for (int i = 0; i < N * N; i++)
    s += G[i] * (i % 11);
  printf("G[0] = %g, checksum = %.17g\n", G[0], s);
  return 0;
}
