#include "scale.h"

static void mul(const double *x, double *y, int n, double f) {
  for (int i = 0; i < n; i++)
    y[i] = f * x[i];
}

static void mul_gpu(const double *x, double *y, int n, double f) { mul(x, y, n, f); }

double thrice(int n) {
  double x[64], y[64], s = 0;
  for (int i = 0; i < n; i++)
    x[i] = i + 1;
#pragma esched task name(thrice) in(x[0:n]) out(y[0:n]) gpu(mul_gpu)
  mul(x, y, n, (FACTOR + 1));
  for (int i = 0; i < n; i++)
    s += y[i];
  return s;
}
