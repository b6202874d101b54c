// noreplay is a word alone, on a task outside stream regions, once.
// RUN: not %esched extract %s -- -I%annotations_include 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
#include <esched.h>
void f(float *x, int n);
void f_gpu(float *x, int n);
void g(float *A, int n) {
// CHECK: noreplay.c:[[@LINE+1]]:55: error: 'noreplay' takes no arguments
#pragma esched task inout(A[0:n]) gpu(f_gpu) noreplay (A)
  f(A, n);
// CHECK: noreplay.c:[[@LINE+1]]:49: error: second 'noreplay' clause
  ESCHED_TASK(inout(A[0:n]) noreplay gpu(f_gpu) noreplay)
  f(A, n);
// CHECK: noreplay.c:[[@LINE+1]]:23: error: clause 'noreplay' is not allowed on 'region'
#pragma esched region noreplay
  {
#pragma esched task inout(A[0:n]) noreplay
    f(A, n);
  }
}
