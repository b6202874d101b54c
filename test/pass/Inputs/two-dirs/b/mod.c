#include "mod.h"

static void mul(const double *x, double *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = FACTOR * x[i];
}

static void mul_gpu(const double *x, double *y, int n) { mul(x, y, n); }

double scale_b(int n) {
  double x[64], y[64], s = 0;
  for (int i = 0; i < n; i++)
    x[i] = i + 1;
#pragma esched task name(scale_b) in(x[0:n]) out(y[0:n]) gpu(mul_gpu)
  mul(x, y, n);
  for (int i = 0; i < n; i++)
    s += y[i];
  return s;
}
