/* Column sums of a matrix the program allocates as a pointer to rows
 * (double (*u)[C], C a constant), over pairs of columns: sections of two
 * dimensions whose inner length is a constant; then steps of points kept
 * as a structure of arrays, named by member (p.x, p.v) and passed through
 * pointers to them. */
#include <stdio.h>
#include <stdlib.h>

enum { C = 6 };

static void colsum(int r, const double a[][C], int j, double *out) {
  double s = 0;
  for (int i = 0; i < r; i++)
    s += a[i][j] + a[i][j + 1];
  *out = s;
}

typedef struct {
  double *x, *v;
} points_t;

static void drift(int n, double *x, const double *v) {
  for (int i = 0; i < n; i++)
    x[i] += v[i];
}
static void drift_gpu(int n, double *x, const double *v) { drift(n, x, v); }

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
  points_t p = {calloc((size_t)rows, sizeof(double)), malloc((size_t)rows * sizeof(double))};
  if (!p.x || !p.v)
    return 1;
  for (int i = 0; i < rows; i++)
    p.v[i] = 0.5 * i;
  double *xs = p.x, *vs = p.v;
  for (int step = 0; step < 3; step++) {
#pragma esched task inout(p.x[0:rows]) in(p.v[0:rows]) gpu(drift_gpu)
    drift(rows, xs, vs);
  }
  printf("%g\n", p.x[rows - 1]);
  free(p.x), free(p.v);
  free(u);
  return 0;
}
