/* Two habits of Rodinia's codes: results in file-scope arrays that a helper
 * function prints (report() reads the array the tasks write), and matrices
 * allocated as one block plus a table of row pointers (alloc_2d), which the
 * host reads and writes through the rows while the tasks name the block. */
#include <stdio.h>
#include <stdlib.h>

#define COLS 32
static double totals[COLS];

static void accumulate(double *t, const float *row, int n) {
  for (int j = 0; j < n; j++)
    t[j % COLS] += row[j];
}

static void relax(int n, const float *in, float *out) {
  for (int i = 0; i < n * n; i++)
    out[i] = 0.5f * in[i] + 1.0f;
}

static void accumulate_gpu(double *t, const float *row, int n) { accumulate(t, row, n); }
static void relax_gpu(int n, const float *in, float *out) { relax(n, in, out); }

static double edge(void) { return totals[0] + totals[COLS - 1]; }
static void report(int step) { printf("step %d: totals %.4f\n", step, edge()); }

static float **alloc_2d(int n, float **block) {
  float **rows = malloc(sizeof *rows * (size_t)n);
  *block = calloc((size_t)(n * n), sizeof **block);
  for (int i = 0; i < n; i++)
    rows[i] = *block + i * n;
  return rows;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8, steps = argc > 2 ? atoi(argv[2]) : 4;
  float *ablk, *bblk;
  float **a = alloc_2d(n, &ablk), **b = alloc_2d(n, &bblk);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = (float)(i + j);
  for (int s = 0; s < steps; s++) {
#pragma esched task in(ablk[0:n * n]) out(bblk[0:n * n]) gpu(relax_gpu)
    relax(n, ablk, bblk);
#pragma esched task in(bblk[0:n * n]) inout(totals[0:COLS]) gpu(accumulate_gpu)
    accumulate(totals, bblk, n * n);
    report(s);
    printf("b[1][2] = %.4f\n", b[1][2]);
    a[1][2] = b[1][2] + 1.0f;
  }
  free(ablk), free(bblk), free(a), free(b);
  return 0;
}
