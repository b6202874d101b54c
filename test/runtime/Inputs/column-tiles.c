/* Tiles of one column-major matrix (lda = m), one task per pair of tiles
 * of a block column: the task reads the tile above and updates the tile
 * below. Each tile spans (nb - 1) * lda + nb elements, so the spans of one
 * task's two tiles overlap though the elements it touches do not. */
#include <stdio.h>
#include <stdlib.h>

static void sub(const double *top, double *bot, int nb, int lda) {
  for (int j = 0; j < nb; j++)
    for (int i = 0; i < nb; i++)
      bot[i + j * lda] -= 0.5 * top[i + j * lda];
}
static void sub_gpu(const double *top, double *bot, int nb, int lda) { sub(top, bot, nb, lda); }

int main(int argc, char **argv) {
  int nb = argc > 1 ? atoi(argv[1]) : 2, tiles = argc > 2 ? atoi(argv[2]) : 3;
  int m = nb * tiles, lda = m;
  double *A = malloc(sizeof *A * (size_t)m * (size_t)m);
  for (int k = 0; k < m * m; k++)
    A[k] = k % 7 + 1;
  for (int jt = 0; jt < tiles; jt++)
    for (int it = 0; it + 1 < tiles; it++) {
      double *top = &A[it * nb + jt * nb * lda], *bot = top + nb;
      int span = (nb - 1) * lda + nb;
#pragma esched task name(sub) in(top[0:span]) inout(bot[0:span]) gpu(sub_gpu)
      sub(top, bot, nb, lda);
    }
  double s = 0;
  for (int k = 0; k < m * m; k++)
    s += A[k] * (k % 5 + 1);
  printf("%.6f\n", s);
  free(A);
  return 0;
}
