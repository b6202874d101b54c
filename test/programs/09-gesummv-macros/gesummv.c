/* gesummv.c: PolyBench/C 4.2.1's gesummv (y := alpha A x + beta B x), its
 * annotations produced by the program's own macros over esched.h's
 * ESCHED_TASK, so that the file also builds where esched.h is absent. */
#include <stdio.h>
#include <stdlib.h>

#if defined(__has_include)
#if __has_include(<esched.h>)
#include <esched.h>
#endif
#endif
#ifndef ESCHED_TASK
#define ESCHED_TASK(...)
#endif

/* Every task of this file has a GPU twin called NAME_gpu. */
#define MYTASK(n, fn, ...) ESCHED_TASK(name(n) __VA_ARGS__ gpu(fn##_gpu))
#define OFFLOAD(n, fn, clauses) ESCHED_TASK(name(n) clauses gpu(fn##_gpu))

#define N 48

static void matvec(int n, double alpha, const double *A, const double *x, double *y) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += A[i * n + j] * x[j];
    y[i] = alpha * s;
  }
}
static void matvec_gpu(int n, double alpha, const double *A, const double *x, double *y) {
  matvec(n, alpha, A, x, y);
}

static void vadd(int n, const double *a, const double *b, double *c) {
  for (int i = 0; i < n; i++)
    c[i] = a[i] + b[i];
}
static void vadd_gpu(int n, const double *a, const double *b, double *c) { vadd(n, a, b, c); }

static void kernel_gesummv(int n, double alpha, double beta, double *A, double *B, double *x,
                           double *tmp, double *u, double *y) {
  MYTASK(ax, matvec, in(A[0:n*n], x[0:n]) out(tmp[0:n]))
  matvec(n, alpha, A, x, tmp);
  OFFLOAD(bx, matvec, in(B[0:n*n], x[0:n]) out(u[0:n]))
  matvec(n, beta, B, x, u);
  ESCHED_TASK(name(sum) in(tmp[0:n], u[0:n]) out(y[0:n]) gpu(vadd_gpu))
  vadd(n, tmp, u, y);
}

int main(void) {
  int n = N;
  double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n);
  double *x = malloc(sizeof(double) * n), *tmp = malloc(sizeof(double) * n);
  double *u = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) {
    x[i] = (double)(i % n) / n;
    for (int j = 0; j < n; j++) {
      A[i * n + j] = (double)((i * j + 1) % n) / n;
      B[i * n + j] = (double)((i * j + 2) % n) / n;
    }
  }
  kernel_gesummv(n, 1.5, 1.2, A, B, x, tmp, u, y);
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += y[i] * (i % 5 + 1);
  printf("gesummv: y[0] = %.17g, checksum = %.17g\n", y[0], sum);
  free(A), free(B), free(x), free(tmp), free(u), free(y);
  return 0;
}
