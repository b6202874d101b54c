// A pointer carries no size: its section needs a length. A section on
// something that is neither an array nor a pointer makes no sense.
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
void f(const float *x, float *y, int n);
void g(const float *A, float *B, int n) {
  float local[8];
// CHECK: section-length.c:[[@LINE+3]]:24: error: pointer 'A' needs an array section with a length, as in A[0:n]
// CHECK: section-length.c:[[@LINE+2]]:46: error: pointer 'B' needs an array section with a length, as in B[0:n]
// CHECK: section-length.c:[[@LINE+1]]:53: error: 'n' is neither an array nor a pointer: it cannot have an array section
#pragma esched task in(A[1:], local[2:]) out(B) in(n[0:1])
  f(A, B, n);
}
