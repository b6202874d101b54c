/* Passes of an affine update, written as their author would: the pass's
 * coefficients in an array declared in the loop's body, or a compound
 * literal, handed to a task beside the data its clauses name. The array
 * and the literal live one iteration; the tasks are deferred past it. */
#include <stdio.h>
#include <stdlib.h>

static void affine(int n, double y[n], const double k[2]) {
  for (int i = 0; i < n; i++)
    y[i] = y[i] * k[0] + k[1];
}

static void affine_gpu(int n, double y[n], const double k[2]) { affine(n, y, k); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8, passes = argc > 2 ? atoi(argv[2]) : 4;
  double *y = malloc((size_t)n * sizeof *y);
  if (!y)
    return 1;
  for (int i = 0; i < n; i++)
    y[i] = i;
  for (int p = 1; p <= passes; p++) {
    const double k[2] = {1.0 + p / 8.0, p};
#pragma esched task inout(y[0:n]) gpu(affine_gpu)
    affine(n, y, k);
  }
  for (int p = 1; p <= passes; p++) {
#pragma esched task inout(y[0:n]) gpu(affine_gpu)
    affine(n, y, (const double[2]){0.5, -p});
  }
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += y[i];
  printf("%.6f %.6f\n", y[n - 1], sum);
  free(y);
  return 0;
}
