/* Tasks on part of an array, then host code reading all of it through the
 * pointer it was allocated with, written as their authors write them: the
 * upper half of an array (a[n/2:...]), its interior through a pointer
 * (inner = a + 1), and the rows of a matrix kept in a structure through a
 * pointer taken from the member before the loop (p = m.data), which the
 * host then reads and frees through the structure; and two buffers swapped
 * at every step, with a pointer into one made before the swaps. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int rows, cols;
  double *data;
} matrix;

static void relax(double *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] = x[i] * 0.5 + 1;
}

static void relax_gpu(double *x, int n) { relax(x, n); }

static void step(const double *src, double *dst, int n) {
  for (int i = 0; i < n; i++)
    dst[i] = 0.5 * src[i] + i % 3;
}

static void step_gpu(const double *src, double *dst, int n) { step(src, dst, n); }

static double sum(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100, rows = argc > 2 ? atoi(argv[2]) : 8;
  double *a = malloc(sizeof *a * (size_t)n);
  for (int i = 0; i < n; i++)
    a[i] = i % 7;
#pragma esched task inout(a[n / 2:n - n / 2]) gpu(relax_gpu)
  relax(a + n / 2, n - n / 2);
  printf("upper half: %.3f\n", sum(a, n));

  double *inner = a + 1;
#pragma esched task inout(inner[0:n - 2]) gpu(relax_gpu)
  relax(inner, n - 2);
  printf("interior: %.3f\n", sum(a, n));

  matrix m = {rows, 16, NULL};
  m.data = malloc(sizeof *m.data * (size_t)(m.rows * m.cols));
  for (int i = 0; i < m.rows * m.cols; i++)
    m.data[i] = i % 5;
  double *p = m.data;
  for (int i = 0; i < m.rows; i++) {
#pragma esched task inout(p[i * m.cols:m.cols]) gpu(relax_gpu)
    relax(p + i * m.cols, m.cols);
  }
  printf("rows: %.3f\n", sum(m.data, m.rows * m.cols));
  free(m.data);

  double *src = a, *dst = malloc(sizeof *dst * (size_t)n), *half = src + n / 2;
  for (int t = 0; t < 5; t++) {
    double *tmp = src;
    src = dst;
    dst = tmp;
#pragma esched task in(dst[0:n]) out(src[0:n]) gpu(step_gpu)
    step(dst, src, n);
  }
#pragma esched task in(src[0:n / 2]) out(half[0:n / 4]) gpu(step_gpu)
  step(src, half, n / 4);
  printf("swapped: %.3f %.3f\n", sum(src, n), sum(dst, n));
  free(src);
  free(dst);
  return 0;
}
