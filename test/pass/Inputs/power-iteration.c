/* Power iteration as it is usually written: the norm one task computes is
 * passed by value to the next (scale(n, y, norms[it])), and a scalar
 * declared inside the loop is a task's data (in(shift) with &shift), and
 * after the loop the same by value through a plain variable. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void matvec(int n, const double *A, const double *x, double *y) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += A[i * n + j] * x[j];
    y[i] = s;
  }
}

static void norm2(int n, const double *y, double *out) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += y[i] * y[i];
  *out = sqrt(s);
}

static void scale(int n, double *y, double by) {
  for (int i = 0; i < n; i++)
    y[i] /= by;
}

static void axpy(int n, const double *a, const double *x, double *y) {
  for (int i = 0; i < n; i++)
    y[i] += *a * x[i];
}

static void matvec_gpu(int n, const double *A, const double *x, double *y) { matvec(n, A, x, y); }
static void norm2_gpu(int n, const double *y, double *out) { norm2(n, y, out); }
static void scale_gpu(int n, double *y, double by) { scale(n, y, by); }
static void axpy_gpu(int n, const double *a, const double *x, double *y) { axpy(n, a, x, y); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 16, iters = argc > 2 ? atoi(argv[2]) : 6;
  double *A = malloc(sizeof *A * (size_t)(n * n)), *x = malloc(sizeof *x * (size_t)n),
         *y = malloc(sizeof *y * (size_t)n), *norms = malloc(sizeof *norms * (size_t)iters);
  for (int i = 0; i < n * n; i++)
    A[i] = (i % 7) * 0.25 + (i / n == i % n);
  for (int i = 0; i < n; i++)
    x[i] = 1;
  for (int it = 0; it < iters; it++) {
#pragma esched task in(A[0:n * n], x[0:n]) out(y[0:n]) gpu(matvec_gpu)
    matvec(n, A, x, y);
#pragma esched task in(y[0:n]) out(norms[it:1]) gpu(norm2_gpu)
    norm2(n, y, &norms[it]);
#pragma esched task inout(y[0:n]) gpu(scale_gpu)
    scale(n, y, norms[it]);
    double shift = 0.01 * (it + 1);
#pragma esched task in(shift, y[0:n]) inout(x[0:n]) gpu(axpy_gpu)
    axpy(n, &shift, y, x);
  }
  double total;
#pragma esched task in(x[0:n]) out(total) gpu(norm2_gpu)
  norm2(n, x, &total);
#pragma esched task inout(x[0:n]) gpu(scale_gpu)
  scale(n, x, total);
  for (int it = 0; it < iters; it++)
    printf("norm %d: %.9f\n", it, norms[it]);
  printf("x: %.9f %.9f, total %.9f\n", x[0], x[n - 1], total);
  free(A), free(x), free(y), free(norms);
  return 0;
}
