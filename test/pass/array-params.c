// Parameters declared as arrays (T a[N], T a[], C99 VLAs T a[n][m]) are
// pointers: their items move as sections (a whole one is its declared
// extent), device variants get device addresses, and a deferred task
// captures them. The program prints what the plain one prints in every
// variant, with both executors and in an all-devices profiling run.
// RUN: %esched extract %s -o - | FileCheck %s --check-prefix=GRAPH
// GRAPH: - name: whole
// GRAPH: - {item: x, mode: in, lo: 0, len: 4, type: double, bytes: 32}
// GRAPH-NEXT: - {item: y, mode: out, len: 4, type: double, bytes: 32}
// GRAPH: - name: rows
// GRAPH: - {item: A, mode: inout, len: n, type: 'double[n]'}
// GRAPH-NEXT: - {item: x, mode: in, lo: 0, len: n, type: double}
// RUN: %esched compile --variant gpu-only %s -o %t.c 2>/dev/null
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=OUTLINE --input-file=%t.c
// CHECK: EsrtAccess esrt_a_[2] = {{[{][{]}}(x) + (0), (size_t)(4) * sizeof *(x), ESRT_IN, x}, {(y) + (0), (size_t)(4) * sizeof *(y), ESRT_OUT, y}};
// CHECK: {{^ *}}k_gpu(esrt_dev(esrt_p_[1], esrt_a_[1].ptr, y), esrt_dev(esrt_p_[0], esrt_a_[0].ptr, x));
// CHECK: EsrtAccess esrt_a_[2] = {{[{][{]}}(A) + (0), (size_t)(n) * sizeof *(A), ESRT_INOUT, A}, {(x) + (0), (size_t)(n) * sizeof *(x), ESRT_IN, x}};
// CHECK: {{^ *}}k_gpu(esrt_dev(esrt_p_[0], esrt_a_[0].ptr, A[0]), esrt_dev(esrt_p_[1], esrt_a_[1].ptr, x));
// The deferred task's array arguments are captured as void *.
// OUTLINE: struct esrt_args2_ { void * a0; int a1; EsrtAccess acc_[1]; };
// OUTLINE: struct esrt_args2_ esrt_x_ = {(void *)(B), n, {{[{][{]}}0, 0, 0, 0}}};
// RUN: %cc -std=c11 %s -o %t.plain && %t.plain > %t.expected
// RUN: %esched_cc --variant=gpu-only %esrt_cflags -Wall -Wextra -Werror %s -o %t.gpu
// RUN: %t.gpu 2>/dev/null | diff %t.expected -
// RUN: env ESCHED_EXECUTOR=concurrent %t.gpu 2>/dev/null | diff %t.expected -
// RUN: rm -rf %t.prof && %esched_cc --profile-generate=%t.prof %esrt_cflags %s -o %t.gen
// RUN: env ESCHED_PROFILE_MODE=all-devices %t.gen 2>/dev/null | diff %t.expected -
#include <stdio.h>

static void k(double y[4], double x[4]) {
  for (int i = 0; i < 4; i++)
    y[i] = 2 * x[i];
}
static void k_gpu(double y[4], double x[4]) { k(y, x); }
static void bump(double B[8][8], int n) {
  for (int i = 0; i < n; i++)
    B[i][i] += 1;
}
static void bump_gpu(double B[8][8], int n) { bump(B, n); }

static void g(int n, double A[n][n], double x[], double y[4], double B[8][8]) {
#pragma esched task name(whole) in(x[0:4]) out(y) gpu(k_gpu)
  k(y, x);
#pragma esched task name(rows) inout(A) in(x[0:n]) gpu(k_gpu)
  k(A[0], x);
  for (int t = 0; t < 3; t++) {
#pragma esched task name(diag) inout(B) gpu(bump_gpu)
    bump(B, n);
  }
}

int main(void) {
  double A[4][4] = {{0}}, x[4] = {1, 2, 3, 4}, y[4] = {0}, B[8][8] = {{0}};
  g(4, A, x, y, B);
  printf("%g %g %g\n", y[3], A[0][3], B[3][3]);
  return 0;
}
