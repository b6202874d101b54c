// A clause names a variable that is not in scope at the task (declared
// later, in another block, or nowhere); and a variant that is not declared.
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
void f(float *x, int n);
void g(float *A, int n) {
  {
    float inner[4];
    (void)inner;
  }
// CHECK: undeclared.c:[[@LINE+2]]:24: error: use of undeclared identifier 'inner'
// CHECK: undeclared.c:[[@LINE+1]]:39: error: use of undeclared identifier 'later'
#pragma esched task in(inner, A[0:n], later[0:n])
  f(A, n);
  float later[8];
// CHECK: undeclared.c:[[@LINE+1]]:39: error: use of undeclared function 'f_gpu' as the gpu variant
#pragma esched task inout(A[0:n]) gpu(f_gpu)
  f(later, 8);
}
