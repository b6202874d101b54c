/* Loops whose conditions read what their tasks write: a for loop with a
 * declaration, a for loop without, and a while loop. */
#include <stdio.h>

static void bump(double *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] += 1;
}

int main(void) {
  double a[4] = {0, 0, 0, 0};
  for (int i = 0; a[0] < 10 && i < 100; i++) {
#pragma esched task inout(a[0:4])
    bump(a, 4);
  }
  int k;
  for (k = 0; a[1] < 15; k++) {
#pragma esched task inout(a[0:4])
    bump(a, 4);
  }
  while (a[2] < 20) {
#pragma esched task inout(a[0:4])
    bump(a, 4);
    k++;
  }
  printf("%g %g %g %d\n", a[0], a[1], a[2], k);
  return 0;
}
