/* bicg.c: PolyBench/C 4.2.1's bicg kernels (q := A p; s := A^T r) in main,
 * with host code between them that reads q and builds r from it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 42
#define M 38

static void bicg_q(int n, int m, double A[N][M], double p[M], double q[N]) {
  for (int i = 0; i < n; i++) {
    q[i] = 0.0;
    for (int j = 0; j < m; j++)
      q[i] = q[i] + A[i][j] * p[j];
  }
}
static void bicg_q_gpu(int n, int m, double A[N][M], double p[M], double q[N]) {
  bicg_q(n, m, A, p, q);
}

static void bicg_s(int n, int m, double A[N][M], double r[N], double s[M]) {
  for (int j = 0; j < m; j++)
    s[j] = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s[j] = s[j] + r[i] * A[i][j];
}
static void bicg_s_gpu(int n, int m, double A[N][M], double r[N], double s[M]) {
  bicg_s(n, m, A, r, s);
}

int main(void) {
  double (*A)[M] = malloc(sizeof(double[N][M]));
  double *p = malloc(sizeof(double) * M);
  double *q = malloc(sizeof(double) * N);
  for (int i = 0; i < M; i++)
    p[i] = (double)(i % M) / M;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (double)(i * (j + 1) % N) / N;

#pragma esched task name(q) in(A[0:N], p[0:M]) out(q[0:N]) gpu(bicg_q_gpu)
  bicg_q(N, M, A, p, q);

  double qnorm = 0;
  for (int i = 0; i < N; i++)
    qnorm += q[i] * q[i];
  qnorm = sqrt(qnorm);
  double *r = malloc(sizeof(double) * N);
  for (int i = 0; i < N; i++)
    r[i] = q[i] / qnorm;
  double *s;
  s = malloc(sizeof(double) * M);

#pragma esched task name(s) in(A[0:N], r[0:N]) out(s[0:M]) gpu(bicg_s_gpu)
  bicg_s(N, M, A, r, s);

  double sum = 0;
  for (int j = 0; j < M; j++)
    sum += s[j] * (j % 4 + 1);
  printf("bicg: |q| = %.17g, s[0] = %.17g, checksum = %.17g\n", qnorm, s[0], sum);
  free(A), free(p), free(q), free(r), free(s);
  return 0;
}
