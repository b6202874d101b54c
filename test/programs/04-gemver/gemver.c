/* gemver.c: PolyBench/C 4.2.1's gemver on flat arrays allocated in main,
 * the size from the command line, the tasks in main itself.
 *   A := A + u1 v1^T + u2 v2^T;  x := x + beta A^T y + z;  w := w + alpha A x */
#include <stdio.h>
#include <stdlib.h>

static void rank2(int n, double *A, const double *u1, const double *v1, const double *u2,
                  const double *v2) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i * n + j] = A[i * n + j] + u1[i] * v1[j] + u2[i] * v2[j];
}
static void rank2_gpu(int n, double *A, const double *u1, const double *v1, const double *u2,
                      const double *v2) {
  rank2(n, A, u1, v1, u2, v2);
}

static void gemver_x(int n, double beta, const double *A, const double *y, const double *z,
                     double *x) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x[i] = x[i] + beta * A[j * n + i] * y[j];
  for (int i = 0; i < n; i++)
    x[i] = x[i] + z[i];
}
static void gemver_x_gpu(int n, double beta, const double *A, const double *y, const double *z,
                         double *x) {
  gemver_x(n, beta, A, y, z, x);
}

static void gemver_w(int n, double alpha, const double *A, const double *x, double *w) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      w[i] = w[i] + alpha * A[i * n + j] * x[j];
}
static void gemver_w_gpu(int n, double alpha, const double *A, const double *x, double *w) {
  gemver_w(n, alpha, A, x, w);
}

int main(int argc, char *argv[]) {
  int n, i, j;
  double alpha = 1.5, beta = 1.2;
  double *A, *u1, *v1, *u2, *v2, *w, *x, *y, *z;

  n = argc > 1 ? atoi(argv[1]) : 40;
  A = malloc(sizeof(double) * n * n);
  u1 = malloc(sizeof(double) * n);
  v1 = malloc(sizeof(double) * n);
  u2 = malloc(sizeof(double) * n);
  v2 = malloc(sizeof(double) * n);
  w = malloc(sizeof(double) * n);
  x = malloc(sizeof(double) * n);
  y = malloc(sizeof(double) * n);
  z = malloc(sizeof(double) * n);
  double fn = (double)n;
  for (i = 0; i < n; i++) {
    u1[i] = i;
    u2[i] = ((i + 1) / fn) / 2.0;
    v1[i] = ((i + 1) / fn) / 4.0;
    v2[i] = ((i + 1) / fn) / 6.0;
    y[i] = ((i + 1) / fn) / 8.0;
    z[i] = ((i + 1) / fn) / 9.0;
    x[i] = 0.0;
    w[i] = 0.0;
    for (j = 0; j < n; j++)
      A[i * n + j] = (double)(i * j % n) / n;
  }

#pragma esched task name(rank2) inout(A[0:n*n]) in(u1[0:n], v1[0:n], u2[0:n], v2[0:n]) gpu(rank2_gpu)
  rank2(n, A, u1, v1, u2, v2);
#pragma esched task name(xt) in(A[0:n*n], y[0:n], z[0:n]) inout(x[0:n]) gpu(gemver_x_gpu)
  gemver_x(n, beta, A, y, z, x);
#pragma esched task name(aw) in(A[0:n*n], x[0:n]) inout(w[0:n]) gpu(gemver_w_gpu)
  gemver_w(n, alpha, A, x, w);

  double sum = 0;
  for (i = 0; i < n; i++)
    sum += w[i] * (i % 4 + 1);
  printf("gemver %d: w[0] = %.17g, w[n-1] = %.17g, checksum = %.17g\n", n, w[0], w[n - 1], sum);
  free(A), free(u1), free(v1), free(u2), free(v2), free(w), free(x), free(y), free(z);
  return 0;
}
