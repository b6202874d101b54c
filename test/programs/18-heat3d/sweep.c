/* sweep.c: one half step of heat-3d, B := the stencil of A on the interior. */
#include "heat-3d.h"

void sweep(int n, DATA_TYPE A[n][n][n], DATA_TYPE B[n][n][n]) {
  int i, j, k;
  for (i = 1; i < n - 1; i++) {
    for (j = 1; j < n - 1; j++) {
      for (k = 1; k < n - 1; k++) {
        B[i][j][k] =
            SCALAR_VAL(0.125) * (A[i + 1][j][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i - 1][j][k]) +
            SCALAR_VAL(0.125) * (A[i][j + 1][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j - 1][k]) +
            SCALAR_VAL(0.125) * (A[i][j][k + 1] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j][k - 1]) +
            A[i][j][k];
      }
    }
  }
}
