// An unknown clause (or device), in both forms.
// RUN: not %esched extract %s -- -I%annotations_include 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
#include <esched.h>
void f(float *x, int n);
void g(float *A, int n) {
// CHECK: unknown-clause.c:[[@LINE+1]]:35: error: unknown clause or device 'shared'
#pragma esched task inout(A[0:n]) shared(A)
  f(A, n);
// CHECK: unknown-clause.c:[[@LINE+1]]:15: error: unknown clause or device 'tpu'
  ESCHED_TASK(tpu(f_tpu) inout(A[0:n]))
  f(A, n);
}
