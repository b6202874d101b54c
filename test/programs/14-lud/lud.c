/* lud.c: Rodinia 3.1's lud (the base version, in C): in-place LU
 * decomposition without pivoting of a diagonally dominant matrix, one step
 * per pivot k: row k of U, then column k of L below it.
 * Usage: lud SIZE */
#include <stdio.h>
#include <stdlib.h>

#include "lud.h"

/* U's row k: a[k][j] -= sum_{p<k} a[k][p] * a[p][j], for j >= k. */
void lud_row(int n, float a[n][n], int k) {
  for (int j = k; j < n; j++) {
    float sum = a[k][j];
    for (int p = 0; p < k; p++)
      sum -= a[k][p] * a[p][j];
    a[k][j] = sum;
  }
}

/* L's column k: a[i][k] = (a[i][k] - sum_{p<k} a[i][p] * a[p][k]) / a[k][k], i > k. */
void lud_col(int n, float a[n][n], int k) {
  for (int i = k + 1; i < n; i++) {
    float sum = a[i][k];
    for (int p = 0; p < k; p++)
      sum -= a[i][p] * a[p][k];
    a[i][k] = sum / a[k][k];
  }
}

void lud_row_gpu(int n, float a[n][n], int k) { lud_row(n, a, k); }
void lud_col_gpu(int n, float a[n][n], int k) { lud_col(n, a, k); }

int main(int argc, char *argv[]) {
  int n = argc > 1 ? atoi(argv[1]) : 32;
  if (n < 2) {
    fprintf(stderr, "usage: %s SIZE (>= 2)\n", argv[0]);
    return 1;
  }
  float (*a)[n] = malloc(sizeof(float[n][n]));
  float (*m)[n] = malloc(sizeof(float[n][n]));
  if (!a || !m)
    return 1;
  srand(7);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = i == j ? n + 1.0f : (float)(rand() % 100) / 100.0f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      m[i][j] = a[i][j];

  /* Row k reads rows 0..k-1 and rewrites row k; column k reads rows 0..k
   * and rewrites the rows below. One clause per variable: esched refuses
   * in(a[0:k]) inout(a[k:1]) ("use inout"), so each task names the rows it
   * touches in one inout. */
  for (int k = 0; k < n; k++) {
#pragma esched task name(row) inout(a[0:k+1]) gpu(lud_row_gpu)
    lud_row(n, a, k);
#pragma esched task name(col) inout(a[0:n]) gpu(lud_col_gpu)
    lud_col(n, a, k);
  }

  /* How far L * U is from the matrix. */
  double err = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int p = 0; p <= (i < j ? i : j); p++)
        s += (p == i ? 1.0 : a[i][p]) * a[p][j];
      err += (s - m[i][j]) * (s - m[i][j]);
    }
  printf("lud %d: a[0][0] = %.6f, a[n-1][n-1] = %.6f, a[n-1][0] = %.6f, |LU - A|^2 = %.3e\n", n,
         a[0][0], a[n - 1][n - 1], a[n - 1][0], err);
  free(a);
  free(m);
  return 0;
}
