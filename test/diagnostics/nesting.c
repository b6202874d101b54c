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

// Nor through a call: a task calling a function of this file that has
// tasks of its own (the recursion of divide and conquer) hung at run time,
// each inner task waiting for the outer one that waited for it.
void psum(const int *a, int n, long *out);
void psum(const int *a, int n, long *out) {
  if (n == 1) {
    *out = a[0];
    return;
  }
  long l, r;
  int h = n / 2;
// CHECK: nesting.c:[[@LINE+1]]:1: error: task regions do not nest: 'psum' has a task of its own (line [[#@LINE+1]]), which would run inside this one; call it without a task, or leave the tasks to its leaves (the calls that do the work)
#pragma esched task in(a[0:h]) out(l)
  psum(a, h, &l);
  psum(a + h, n - h, &r);
  *out = l + r;
}
