// Every error of the file is reported in one run, in order, and no output
// is written.
// RUN: rm -f %t.yaml %t.dot
// RUN: not %esched extract %s -o %t.yaml --dot %t.dot 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: not test -e %t.yaml
// RUN: not test -e %t.dot
void f(float *x, int n);
void g(float *A, int n) {
// CHECK: all-errors.c:[[@LINE+1]]:35: error: unknown clause or device 'bogus'
#pragma esched task inout(A[0:n]) bogus(x)
  f(A, n);
// CHECK: all-errors.c:[[@LINE+1]]:27: error: use of undeclared identifier 'Q'
#pragma esched task inout(Q[0:n])
  f(A, n);
// CHECK: all-errors.c:[[@LINE+1]]:24: error: pointer 'A' needs an array section with a length, as in A[0:n]
#pragma esched task in(A)
  f(A, n);
}
