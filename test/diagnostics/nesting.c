// Task regions do not nest.
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
void f(float *x, int n);
void g(float *A, int n) {
#pragma esched task inout(A[0:n])
  {
// CHECK: nesting.c:[[@LINE+1]]:1: error: task regions do not nest: this annotation is inside a task
#pragma esched task inout(A[0:n])
    f(A, n);
  }
}
