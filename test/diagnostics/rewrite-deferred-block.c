// A task that runs at run time is outlined, so it must be one call.
// RUN: not %esched compile %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
void f(double *a, int n) {
  for (int i = 0; i < 4; i++) {
#pragma esched task inout(a[0:n])
    // CHECK: rewrite-deferred-block.c:[[@LINE+1]]:5: error: task 'f.block.1' runs at run time (it is in a loop or recursion), so it must be one function call: its variants are outlined
    {
      a[i] += 1;
    }
  }
}
