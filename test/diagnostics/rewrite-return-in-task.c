// Leaving a task region by return would skip the end of the task.
// RUN: not %esched compile %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
int g(double *a, int n) {
#pragma esched task inout(a[0:n])
  {
    if (n == 0)
      // CHECK: rewrite-return-in-task.c:[[@LINE+1]]:7: error: a task region must not return from its function
      return 1;
    a[0] = 2;
  }
  return 0;
}
