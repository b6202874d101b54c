// Task names key the profile: they are unique in the file (across
// functions), and so are region names.
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
void f(float *x, int n);
void g(float *A, int n) {
#pragma esched task name(step) inout(A[0:n])
  f(A, n);
}
void h(float *A, int n) {
// CHECK: duplicate-name.c:[[@LINE+4]]:26: error: duplicate task name 'step'
// CHECK-NEXT: #pragma esched task name(step) inout(A[0:n])
// CHECK-NEXT: {{^                         \^$}}
// CHECK-NEXT: duplicate-name.c:[[@LINE-7]]:26: note: 'step' was named here first
#pragma esched task name(step) inout(A[0:n])
  f(A, n);
}
