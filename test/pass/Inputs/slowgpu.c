/* A task whose GPU variant does 400 times the work of its CPU variant (same
 * result): a profile that claims the GPU is faster is wrong, and measuring
 * shows it. The tests compare one measured run of each variant; a margin of
 * 400 (not 40) keeps a CPU run preempted on a loaded machine the faster. */
#include <stdio.h>

#define N 20000
static double X[N], Y[N];

static void smooth(const double *x, double *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = 0.5 * x[i] + 0.25 * (x[(i + 1) % n] + x[(i + n - 1) % n]);
}
static void smooth_gpu(const double *x, double *y, int n) {
  for (int r = 0; r < 400; r++) /* wasted work: what a bad kernel looks like */
    smooth(x, y, n);
}

int main(void) {
  for (int i = 0; i < N; i++)
    X[i] = (i * 37) % 101;
#pragma esched task name(smooth) in(X[0:N]) out(Y[0:N]) gpu(smooth_gpu)
  smooth(X, Y, N);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += Y[i] * (i % 3);
  printf("checksum %.6f\n", s);
  return 0;
}
