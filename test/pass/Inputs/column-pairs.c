/* Column sums of a matrix the program allocates as a pointer to rows
 * (double (*u)[C], C a constant), over pairs of columns: sections of two
 * dimensions whose inner length is a constant. */
#include <stdio.h>
#include <stdlib.h>

enum { C = 6 };

static void colsum(int r, const double a[][C], int j, double *out) {
  double s = 0;
  for (int i = 0; i < r; i++)
    s += a[i][j] + a[i][j + 1];
  *out = s;
}

int main(int argc, char **argv) {
  int rows = argc > 1 ? atoi(argv[1]) : 4;
  double(*u)[C] = malloc(sizeof(double[C]) * (size_t)rows);
  if (!u)
    return 1;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < C; j++)
      u[i][j] = i + 0.5 * j;
  double s[3];
  for (int k = 0; k < 3; k++) {
#pragma esched task in(u[0:rows][2 * k:2]) out(s[k:1])
    colsum(rows, (const double(*)[C])u, 2 * k, &s[k]);
  }
  printf("%g %g %g\n", s[0], s[1], s[2]);
  free(u);
  return 0;
}
