/* Accumulating into a total, as its author would write it: a task without
 * clauses (its data inferred from the prototype: v, from malloc, has no
 * size esched knows), and one whose clause names only the input. */
#include <stdio.h>
#include <stdlib.h>

static void accumulate(const double *v, int n, double *acc) {
  for (int i = 0; i < n; i++)
    *acc += v[i];
}
static void accumulate_gpu(const double *v, int n, double *acc) { accumulate(v, n, acc); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  double *v = malloc(sizeof(double) * (size_t)n), acc = 100, *total = malloc(sizeof *total);
  if (!v || !total)
    return 1;
  for (int i = 0; i < n; i++)
    v[i] = i + 1;
#pragma esched task gpu(accumulate_gpu)
  accumulate(v, n, &acc);
  *total = acc;
#pragma esched task in(v[0:n]) gpu(accumulate_gpu)
  accumulate(v, n, total);
  printf("acc=%g total=%g\n", acc, *total);
  free(v), free(total);
  return 0;
}
