/* A program of one phase, PHASE (phase_a or phase_b): two such programs
 * sharing a profile each have a task keyed k. */
#include <stdio.h>
#include <stdlib.h>

#include "k.h"

int main(void) {
  long x[50], y[50];
  for (int i = 0; i < 50; i++)
    x[i] = i, y[i] = 2 * i;
  PHASE(50, x, y);
  printf("%ld %ld\n", x[49], y[49]);
  return 0;
}
