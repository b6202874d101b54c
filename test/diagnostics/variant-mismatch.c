// A variant replaces the call on its device: it must have the callee's
// type. Variants need a region that is one call of a function by name.
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
void f(const float *x, float *y, int n);
void f_gpu(float *x, float *y, int n);
void f_ok(const float *x, float *y, int n);
void g(const float *A, float *B, int n) {
// CHECK: variant-mismatch.c:[[@LINE+1]]:48: error: variant 'f_gpu' has type 'void (float *, float *, int)', but 'f' has type 'void (const float *, float *, int)'
#pragma esched task in(A[0:n]) out(B[0:n]) gpu(f_gpu)
  f(A, B, n);
// CHECK: variant-mismatch.c:[[@LINE+1]]:44: error: a gpu variant needs a task region that is one call of a named function{{$}}
#pragma esched task in(A[0:n]) out(B[0:n]) gpu(f_ok)
  {
    f(A, B, n);
  }
  void (*k)(const float *, float *, int) = f;
// CHECK: variant-mismatch.c:[[@LINE+1]]:44: error: a gpu variant needs a task region that is one call of a named function, not a call through a pointer
#pragma esched task in(A[0:n]) out(B[0:n]) gpu(f_ok)
  k(A, B, n);
}
