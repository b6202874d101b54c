/* R = A x B + C: the program of Silberstein 2011's Figure 3, annotated.
 *
 * The GPU is faster for the sum, but moving T, C and R to and from it costs
 * more energy than it saves (profile.yaml's times on the paper's platform):
 * the exact schedule keeps both tasks on the CPU, while hybrid-greedy, which
 * looks at each task alone, sends the sum to the GPU and wastes 159%. */
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

/* The GPU variants: with the sim back end they run on the host, but see
 * only the GPU's copies of the data, so a missing transfer shows. */
static void matmul_gpu(const double *a, const double *b, double *t, int n) { matmul(a, b, t, n); }
static void add_gpu(const double *t, const double *c, double *r, int n) { add(t, c, r, n); }

static void axb(void) {
#pragma esched task name(mul) in(A[0:N*N], B[0:N*N]) out(T[0:N*N]) gpu(matmul_gpu)
  matmul(A, B, T, N);
#pragma esched task name(add) in(T[0:N*N], C[0:N*N]) out(R[0:N*N]) gpu(add_gpu)
  add(T, C, R, N);
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
