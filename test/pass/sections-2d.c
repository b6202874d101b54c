// Sections of several dimensions: A[lo:len][lo2:len2] is the bytes from
// A[lo][lo2] to its last element. A section of whole rows (a constant row
// length, or the row's own VLA bound at run time) stays out; one that may
// leave holes in its rows is copied in as well (the mode is decided when
// the program runs).
// RUN: %esched extract %s -o - | FileCheck %s --check-prefix=GRAPH
// GRAPH: - {item: A, mode: in, lo: 0, len: n, type: 'double[8]'}
// GRAPH: - {item: B, mode: out, lo: 1, len: 2, type: 'double[8]', bytes: 128}
// GRAPH: - {item: C, mode: out, lo: 0, len: n, type: 'double[m]'}
// RUN: %esched compile --variant gpu-only %s -o - 2>/dev/null | FileCheck %s
// CHECK: EsrtAccess esrt_a_[3] = {{[{][{]}}&(A)[0][2], ((size_t)(n) != 0 && (size_t)(3) != 0 ? ((size_t)(n) - 1) * sizeof *(A) + (size_t)(3) * sizeof **(A) : 0), ESRT_IN, A}
// CHECK-SAME: {{[{]}}&(B)[1][0], ((size_t)(2) != 0 && (sizeof *(B) / sizeof **(B) - (size_t)(0)) != 0 ? ((size_t)(2) - 1) * sizeof *(B) + (sizeof *(B) / sizeof **(B) - (size_t)(0)) * sizeof **(B) : 0), ESRT_OUT, B}
// CHECK-SAME: {{[{]}}&(C)[0][0], ((size_t)(n) != 0 && (size_t)(m) != 0 ? ((size_t)(n) - 1) * sizeof *(C) + (size_t)(m) * sizeof **(C) : 0), ((size_t)(0) == 0 && (size_t)(m) * sizeof **(C) == sizeof *(C) ? ESRT_OUT : ESRT_INOUT), C}
// RUN: %cc -std=c11 %s -o %t.plain && %t.plain > %t.expected
// RUN: %esched_cc --variant=gpu-only %esrt_cflags -Wall -Wextra -Werror %s -o %t.gpu
// RUN: %t.gpu 2>/dev/null | diff %t.expected -
// RUN: env ESCHED_EXECUTOR=concurrent ESCHED_CHECK=1 %t.gpu 2>&1 >/dev/null | FileCheck %s --check-prefix=QUIET --implicit-check-not='check:'
// QUIET: esched: summary
#include <stdio.h>

static void k(int n, int m, double A[][8], double B[][8], double C[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 2; j < 5; j++)
      C[i][j - 2] = A[i][j];
  for (int i = 0; i < n; i++)
    for (int j = 3; j < m; j++)
      C[i][j] = 0; /* every byte of C's rows */
  for (int j = 0; j < 8; j++)
    B[1][j] = B[2][j] = j;
}
static void k_gpu(int n, int m, double A[][8], double B[][8], double C[n][m]) {
  k(n, m, A, B, C);
}

static void run(int n, int m, double A[n][8], double B[4][8], double C[n][m]) {
#pragma esched task name(t) in(A[0:n][2:3]) out(B[1:2][:], C[0:n][0:m]) gpu(k_gpu)
  k(n, m, A, B, C);
}

int main(void) {
  double A[3][8], B[4][8] = {{0}}, C[3][5];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 8; j++)
      A[i][j] = i * 8 + j;
  run(3, 5, A, B, C);
  printf("%g %g %g %g\n", C[2][2], C[1][0], B[2][7], B[3][0]);
  return 0;
}
