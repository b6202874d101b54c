/* Blocks of one array reached through pointers computed from it, as
 * blocked codes write them: the tasks of the first loop name the block
 * pointer, and the host reads and frees the array through its own name;
 * the tasks of the second loop name the array, and the host computes a
 * block pointer in each iteration, which touches no data. */
#include <stdio.h>
#include <stdlib.h>

static void scale_block(double *x, int n, double f) {
  for (int i = 0; i < n; i++)
    x[i] = x[i] * f + 1;
}

static void scale_block_gpu(double *x, int n, double f) { scale_block(x, n, f); }

int main(int argc, char **argv) {
  int nb = argc > 1 ? atoi(argv[1]) : 8, bs = argc > 2 ? atoi(argv[2]) : 100;
  double *a = malloc(sizeof *a * (size_t)nb * (size_t)bs);
  for (int i = 0; i < nb * bs; i++)
    a[i] = i % 7;
  for (int b = 0; b < nb; b++) {
    double *blk = a + (size_t)b * bs;
#pragma esched task inout(blk[0:bs]) gpu(scale_block_gpu)
    scale_block(blk, bs, 0.5 + b);
  }
  double s = 0;
  for (int i = 0; i < nb * bs; i++)
    s += a[i];
  printf("after the first loop: %.3f\n", s);
  for (int b = 0; b < nb; b++) {
    double *blk = &a[(size_t)b * bs];
#pragma esched task inout(a[b * bs:bs]) gpu(scale_block_gpu)
    scale_block(blk, bs, 2.0);
  }
  s = 0;
  for (int i = 0; i < nb * bs; i++)
    s += a[i];
  printf("after the second loop: %.3f\n", s);
  free(a);
  return 0;
}
