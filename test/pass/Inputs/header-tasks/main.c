/* Says nothing of the scheduler itself: only the header it includes (found
 * through -Iinc) has a task. */
#include <stdio.h>
#include "kernels.h"

void add(const int *a, const int *b, int *c, int n) {
  for (int i = 0; i < n; i++)
    c[i] = a[i] + b[i];
}

int main(void) {
  int a[3] = {1, 2, 3}, b[3] = {10, 20, 30}, c[3];
  step(a, b, c, 3);
  printf("%d %d %d\n", c[0], c[1], c[2]);
  return 0;
}
