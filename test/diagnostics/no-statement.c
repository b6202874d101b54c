// An annotation must be followed by a statement: not by another
// annotation, the end of a block, or nothing at all (file scope).
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
void f(float *x, int n);
void g(float *A, int n) {
// CHECK: no-statement.c:[[@LINE+1]]:1: error: '#pragma esched task' is not followed by a statement (another annotation follows it)
#pragma esched task name(first) inout(A[0:n])
#pragma esched task name(second) inout(A[0:n])
  f(A, n);
  if (n > 0) {
    f(A, n);
// CHECK: no-statement.c:[[@LINE+1]]:1: error: '#pragma esched task' is not followed by a statement
#pragma esched task inout(A[0:n])
  }
}
// CHECK: no-statement.c:[[@LINE+1]]:1: error: '#pragma esched task' is not followed by a statement in a function body
#pragma esched task
int global;
