/* mvt.c: PolyBench/C 4.2.1's mvt (x1 := x1 + A y1; x2 := x2 + A^T y2), with
 * C99 VLA parameters and the matrix allocated in main as a VLA pointer. */
#include <stdio.h>
#include <stdlib.h>

static void init_array(int n, double x1[n], double x2[n], double y_1[n], double y_2[n],
                       double A[n][n]) {
  for (int i = 0; i < n; i++) {
    x1[i] = (double)(i % n) / n;
    x2[i] = (double)((i + 1) % n) / n;
    y_1[i] = (double)((i + 3) % n) / n;
    y_2[i] = (double)((i + 4) % n) / n;
    for (int j = 0; j < n; j++)
      A[i][j] = (double)(i * j % n) / n;
  }
}

static void mv(int n, double x1[n], double y_1[n], double A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
}
static void mv_gpu(int n, double x1[n], double y_1[n], double A[n][n]) { mv(n, x1, y_1, A); }

static void mtv(int n, double x2[n], double y_2[n], double A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
}
static void mtv_gpu(int n, double x2[n], double y_2[n], double A[n][n]) { mtv(n, x2, y_2, A); }

static void kernel_mvt(int n, double x1[n], double x2[n], double y_1[n], double y_2[n],
                       double A[n][n]) {
#pragma esched task name(mv) inout(x1[0:n]) in(y_1[0:n], A[0:n]) gpu(mv_gpu)
  mv(n, x1, y_1, A);
#pragma esched task name(mtv) inout(x2[0:n]) in(y_2[0:n], A[0:n]) gpu(mtv_gpu)
  mtv(n, x2, y_2, A);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40;
  double (*A)[n] = malloc(sizeof(double[n][n]));
  double *x1 = malloc(sizeof(double[n])), *x2 = malloc(sizeof(double[n]));
  double *y_1 = malloc(sizeof(double[n])), *y_2 = malloc(sizeof(double[n]));
  init_array(n, x1, x2, y_1, y_2, A);
  kernel_mvt(n, x1, x2, y_1, y_2, A);
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += x1[i] * (i % 3 + 1) + x2[i] * (i % 5 + 1);
  printf("mvt %d: x1[0] = %.17g, x2[0] = %.17g, checksum = %.17g\n", n, x1[0], x2[0], sum);
  free(A), free(x1), free(x2), free(y_1), free(y_2);
  return 0;
}
