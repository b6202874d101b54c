// A task in a loop runs at run time: its arguments are captured by value.
// Arrays and pointers to arrays (VLA rows) are captured as void *; a
// function pointer's type cannot be spelled as a member: it needs a typedef.
// RUN: not %esched compile %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
void apply(double (*op)(double), double *x, int n);
void apply_gpu(double (*op)(double), double *x, int n);
typedef double (*Op)(double);
void apply2(Op op, double *x, int n);
void apply2_gpu(Op op, double *x, int n);
double twice(double);
void f(double *x, int n) {
  for (int t = 0; t < 4; t++) {
// CHECK: rewrite-capture.c:[[@LINE+2]]:5: error: task 'f.apply.1' runs at run time, but esched cannot capture an argument of type 'double (*)(double)'; pass it through a typedef
#pragma esched task inout(x[0:n]) gpu(apply_gpu)
    apply(twice, x, n);
#pragma esched task inout(x[0:n]) gpu(apply2_gpu)
    apply2(twice, x, n);
  }
}
