// C99 variable length array parameters: a variant whose parameters have
// the callee's types but for the bounds' expressions is the same type
// (C11 6.7.6.2p6), and T a[N] is T *a. The VLA matrix comes from main,
// its size from the command line.
// RUN: %esched extract %s -o - | FileCheck %s
// CHECK: variants: {gpu: mv_gpu}
// CHECK: variants: {gpu: mv_ptr}
// RUN: %cc -std=c11 %s -o %t.plain && %t.plain 6 > %t.expected
// RUN: %esched_cc --variant=gpu-only %esrt_cflags -Wall -Wextra -Werror %s -o %t.gpu
// RUN: %t.gpu 6 2>/dev/null | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

static void mv(int n, double x[n], double A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x[i] += A[i][j];
}
static void mv_gpu(int m, double y[m], double B[m][m]) { mv(m, y, B); }
static void mv_ptr(int n, double *x, double (*A)[n]) { mv(n, x, A); }

static void kernel(int n, double x[n], double A[n][n]) {
#pragma esched task name(a) inout(x[0:n]) in(A[0:n]) gpu(mv_gpu)
  mv(n, x, A);
#pragma esched task name(b) inout(x[0:n]) in(A[0:n]) gpu(mv_ptr)
  mv(n, x, A);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  double(*A)[n] = malloc(sizeof(double[n][n]));
  double *x = calloc(n, sizeof *x);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i + j;
  kernel(n, x, A);
  printf("%g %g\n", x[0], x[n - 1]);
  free(A), free(x);
  return 0;
}
