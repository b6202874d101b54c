// A variant's launcher kind is cuda or opencl (docs/annotations.md).
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
void f(float *x, int n);
void f_gpu(float *x, int n);
void g(float *A, int n) {
// CHECK: launcher-kind.c:[[@LINE+1]]:46: error: unknown launcher kind 'metal' (cuda, opencl)
#pragma esched task inout(A[0:n]) gpu(f_gpu: metal)
  f(A, n);
// CHECK: launcher-kind.c:[[@LINE+1]]:45: error: expected a launcher kind (cuda, opencl)
#pragma esched task inout(A[0:n]) gpu(f_gpu:)
  f(A, n);
}
