/* Gaussian elimination of a 4x4 system, one task per row update: the
 * updates of one pivot step read the pivot row and write different rows,
 * and the next step reads what they wrote, so the tasks form a DAG (not a
 * tree). Back substitution runs on the host. Each row of the augmented
 * matrix [A | b] is its own array, so each is its own data item. The early
 * updates are cheaper on the GPU (profile.yaml), the last one on the CPU. */
#include <stdio.h>

#define N 4
#define W (N + 1) /* a row of the augmented matrix [A | b] */

static double R0[W] = {2, 1, -1, 3, 5}, R1[W] = {-3, -1, 2, 1, 1},
              R2[W] = {-2, 1, 2, -1, 2}, R3[W] = {1, 2, 3, 4, 9};

/* row -= (row[k] / pivot[k]) * pivot */
static void update(const double *pivot, double *row, int k, int w) {
  double f = row[k] / pivot[k];
  for (int j = k; j < w; j++)
    row[j] -= f * pivot[j];
}
static void update_gpu(const double *pivot, double *row, int k, int w) { update(pivot, row, k, w); }

static void eliminate(void) {
#pragma esched task name(u01) in(R0) inout(R1) gpu(update_gpu)
  update(R0, R1, 0, W);
#pragma esched task name(u02) in(R0) inout(R2) gpu(update_gpu)
  update(R0, R2, 0, W);
#pragma esched task name(u03) in(R0) inout(R3) gpu(update_gpu)
  update(R0, R3, 0, W);
#pragma esched task name(u12) in(R1) inout(R2) gpu(update_gpu)
  update(R1, R2, 1, W);
#pragma esched task name(u13) in(R1) inout(R3) gpu(update_gpu)
  update(R1, R3, 1, W);
#pragma esched task name(u23) in(R2) inout(R3) gpu(update_gpu)
  update(R2, R3, 2, W);
}

int main(void) {
  eliminate();
  double *rows[N] = {R0, R1, R2, R3}, x[N];
  for (int i = N - 1; i >= 0; i--) {
    double s = rows[i][N];
    for (int j = i + 1; j < N; j++)
      s -= rows[i][j] * x[j];
    x[i] = s / rows[i][i];
  }
  for (int i = 0; i < N; i++)
    printf("x[%d] = %.12f\n", i, x[i]);
  return 0;
}
