/* Calls written the C11 way: a type-generic macro (_Generic choosing the
 * function for the argument's type), a callee in parentheses (as code
 * does to stop a function-like macro of the same name), and a value shown
 * through a _Generic macro inside a task that must keep its place among
 * the host's lines. */
#include <stdio.h>
#include <stdlib.h>

static void fill(int n, double *v, double s) {
  for (int i = 0; i < n; i++)
    v[i] = s * i;
}
static void fill_gpu(int n, double *v, double s) { fill(n, v, s); }

static void sum_d(int n, const double *x, double *out) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  *out = s;
}
static void sum_f(int n, const float *x, double *out) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  *out = s;
}
static void sum_d_gpu(int n, const double *x, double *out) { sum_d(n, x, out); }
#define SUM(n, x, out) _Generic((x), double *: sum_d, float *: sum_f)(n, x, out)

static void show_d(double v) { printf("  sum %.3f\n", v); }
static void show_i(int v) { printf("  sum %d\n", v); }
#define SHOW(x) _Generic((x), int: show_i, double: show_d)(x)

static void step(int n, double *y, int k) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    y[i] = y[i] * 0.5 + k;
    s += y[i];
  }
  SHOW(s);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 6;
  double *y = calloc((size_t)n, sizeof *y), r = -1, r2 = -1, r3 = -1;
#pragma esched task out(y[0:n]) gpu(fill_gpu)
  (fill)(n, y, 1.0);
#pragma esched task
  _Generic(y, double *: sum_d, float *: sum_f)(n, y, &r);
#pragma esched task out(y[0:n]) gpu(fill_gpu)
  fill(n, y, 2.0);
#pragma esched task
  SUM(n, y, &r2);
#pragma esched task out(y[0:n]) gpu(fill_gpu)
  fill(n, y, 3.0);
#pragma esched task in(y[0:n]) out(r3) gpu(sum_d_gpu)
  (sum_d)(n, y, &r3);
  printf("%g %g %g\n", r, r2, r3);
  for (int k = 0; k < 3; k++) {
    printf("iteration %d\n", k);
#pragma esched task inout(y[0:n])
    step(n, y, k);
  }
  free(y);
  return 0;
}
