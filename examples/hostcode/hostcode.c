/* Host code between tasks: the host reads a task's result (a norm) and
 * writes task data (it normalizes the vector in place) before the next task
 * reads it. The rewriter brings the data back to the host before each such
 * statement and the runtime sends the host's new values to the device for
 * the next task: every variant prints the same numbers. */
#include <math.h>
#include <stdio.h>

#define N 256

static double X[N], Y[N], NORM[1];

static void smooth(const double *x, double *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = (x[(i + n - 1) % n] + 2 * x[i] + x[(i + 1) % n]) / 4;
}
static void smooth_gpu(const double *x, double *y, int n) { smooth(x, y, n); }

static void norm2(const double *y, double *out, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += y[i] * y[i];
  out[0] = sqrt(s);
}
static void norm2_gpu(const double *y, double *out, int n) { norm2(y, out, n); }

static void pipeline(void) {
#pragma esched task name(smooth1) in(X[0:N]) out(Y[0:N]) gpu(smooth_gpu)
  smooth(X, Y, N);
#pragma esched task name(norm) in(Y[0:N]) out(NORM[0:1]) gpu(norm2_gpu)
  norm2(Y, NORM, N);
  /* host code: reads NORM, writes Y */
  for (int i = 0; i < N; i++)
    Y[i] /= NORM[0];
#pragma esched task name(smooth2) in(Y[0:N]) out(X[0:N]) gpu(smooth_gpu)
  smooth(Y, X, N);
  printf("norm %.12f, X[0] = %.12f, X[N/2] = %.12f\n", NORM[0], X[0], X[N / 2]);
}

int main(void) {
  for (int i = 0; i < N; i++)
    X[i] = (i % 17) - 8;
  pipeline();
  return 0;
}
