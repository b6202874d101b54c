/* Rows of a matrix kept in a structure, reached through a pointer computed
 * from a member in each iteration: the tasks name the row, and after the
 * loop (an if's branch, with an else) the host reads and frees the matrix
 * through the structure. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int rows, cols;
  double *data;
} matrix;

static void scale_row(double *r, int n, double f) {
  for (int i = 0; i < n; i++)
    r[i] = r[i] * f + 1;
}

static void scale_row_gpu(double *r, int n, double f) { scale_row(r, n, f); }

int main(int argc, char **argv) {
  matrix m = {argc > 1 ? atoi(argv[1]) : 8, 50, NULL}, *mp = &m;
  m.data = malloc(sizeof(double) * (size_t)m.rows * (size_t)m.cols);
  for (int i = 0; i < m.rows * m.cols; i++)
    m.data[i] = i % 5;
  if (m.rows > 0)
    for (int i = 0; i < mp->rows; i++) {
      double *row = mp->data + (size_t)i * mp->cols;
#pragma esched task inout(row[0:mp->cols]) gpu(scale_row_gpu)
      scale_row(row, mp->cols, 1.5);
    }
  else
    printf("no rows\n");
  double s = 0;
  for (int i = 0; i < m.rows * m.cols; i++)
    s += m.data[i];
  printf("%.3f\n", s);
  free(m.data);
  return 0;
}
