// A call that a macro writes (CALL(f, a, n)) can be a task region, but its
// arguments are not written where esched could repeat them: a device
// variant and a run-time submission need them, so those get an error (the
// generated code used to pass the macro's whole use as every argument).
// A static task without variants runs the region as written. A call
// written out whose arguments a macro writes (f(AB, n)) is the same; one
// whose arguments merely use macros is not (test/pass/macro-arguments.test).
// RUN: not %esched compile --variant cpu-only %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
#define CALL(fn, ...) fn(__VA_ARGS__)
#define TWICE_AB() f(A, B, 2 * n)
#define AB A, B
void f(const float *x, float *y, int n);
void f_gpu(const float *x, float *y, int n);
void g(const float *A, float *B, int n, int steps) {
#pragma esched task in(A[0:n]) out(B[0:n]) gpu(f_gpu)
// CHECK: call-by-macro.c:[[@LINE+1]]:3: error: the call of task 'g.f.1' or its argument list is written by a macro, so esched cannot repeat its arguments for a device variant or capture them for a run-time submission; write the call and its arguments out
  CALL(f, A, B, n);
#pragma esched task in(A[0:n]) out(B[0:n])
  CALL(f, A, B, n);
  for (int s = 0; s < steps; s++) {
#pragma esched task in(A[0:2*n]) out(B[0:2*n])
// CHECK: call-by-macro.c:[[@LINE+1]]:5: error: the call of task 'g.f.3' or its argument list is written by a macro
    TWICE_AB();
#pragma esched task in(A[0:n]) out(B[0:n]) gpu(f_gpu)
    f(A, B, n);
#pragma esched task in(A[0:n]) out(B[0:n]) gpu(f_gpu)
// CHECK: call-by-macro.c:[[@LINE+1]]:5: error: the call of task 'g.f.5' or its argument list is written by a macro
    f(AB, n);
  }
}
// CHECK: 3 errors
