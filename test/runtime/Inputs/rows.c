/* Rows allocated one by one behind a table of pointers (float **rows), as
 * Rodinia's backprop keeps its weights: scale and total reach them through
 * the table, which means something in this process only. ramp's output is
 * plain data, which StarPU-MPI moves. */
#include <stdio.h>
#include <stdlib.h>

static void ramp(float *b, int n) {
  for (int i = 0; i < n; i++)
    b[i] = 0.5f * (float)i;
}

static void scale(float **rows, const float *b, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      rows[i][j] = 2 * rows[i][j] + b[j];
}

static void total(float **rows, int n, float *out) {
  *out = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      *out += rows[i][j];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  float **rows = malloc(sizeof *rows * (size_t)n), *b = malloc(sizeof *b * (size_t)n), sum = 0;
  for (int i = 0; i < n; i++) {
    rows[i] = malloc(sizeof **rows * (size_t)n);
    for (int j = 0; j < n; j++)
      rows[i][j] = (float)(i + j);
  }
#pragma esched task name(ramp) out(b[0:n])
  ramp(b, n);
#pragma esched task name(scale) in(b[0:n]) inout(rows[0:n])
  scale(rows, b, n);
#pragma esched task name(total) in(rows[0:n]) out(sum)
  total(rows, n, &sum);
  printf("%g %g\n", sum, rows[n - 1][n - 1]);
  for (int i = 0; i < n; i++)
    free(rows[i]);
  free(rows);
  free(b);
  return 0;
}
