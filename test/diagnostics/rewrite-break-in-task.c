// A task region runs inside the runtime's loop over variants: a break that
// leaves it, or a goto, would change what the program does.
// RUN: not %esched compile %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
int h(double *a, int n) {
  switch (n) {
  case 1:
#pragma esched task name(inswitch) inout(a[0:4])
    {
      for (int i = 0; i < 4; i++)
        if (a[i] < 0)
          break; /* fine: leaves the inner loop only */
      if (a[0] > 10)
        // CHECK: rewrite-break-in-task.c:[[@LINE+1]]:9: error: a break must not leave task region 'inswitch'
        break;
    }
    n--;
  }
#pragma esched task name(jumps) inout(a[0:4])
  {
    if (a[1] > 0)
      // CHECK: rewrite-break-in-task.c:[[@LINE+1]]:7: error: a goto must not leave task region 'jumps'
      goto out;
    a[1] = 1;
  }
out:
  return n;
}
