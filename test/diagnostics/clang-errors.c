// Errors in the C code itself are clang's, in the same form; the
// annotations' errors are reported in the same run.
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
void f(float *x, int n);
void g(float *A, int n) {
// CHECK: clang-errors.c:[[@LINE+1]]:10: error: expected ';' after expression
  f(A, n)
  int x = 1;
// CHECK: clang-errors.c:[[@LINE+1]]:35: error: unknown clause or device 'bogus'
#pragma esched task inout(A[0:n]) bogus(1)
  f(A, x);
}
