#include <stdio.h>
#include <stdlib.h>

#include "k.h"

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100, steps = argc > 2 ? atoi(argv[2]) : 3;
  long *x = malloc(sizeof *x * (size_t)n), *y = malloc(sizeof *y * (size_t)n);
  for (int i = 0; i < n; i++)
    x[i] = i % 97;
  for (int t = 0; t < steps; t++) {
    phase_a(n, x, y);
    phase_b(n, x, y);
    long s = 0;
    for (int i = 0; i < n; i++)
      s = (s * 7 + x[i] + y[i]) % 1000003;
    printf("%d %ld\n", t, s);
  }
  free(x), free(y);
  return 0;
}
