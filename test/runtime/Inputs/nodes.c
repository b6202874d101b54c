/* A program for two nodes, written as its author would: arrays from malloc
 * in main, the number of relaxation steps from argv. The transform is
 * worth a GPU (nodes-profile.yaml), which only node n0 of two-nodes.yaml
 * has; the rest runs cheapest on n1's frugal CPU. */
#include <stdio.h>
#include <stdlib.h>

#define N 4096

static void transform(const double *x, double *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] * x[i] - 0.5 * x[(i + 1) % n];
}
static void transform_gpu(const double *x, double *y, int n) { transform(x, y, n); }

static void total(const double *y, double *s, int n) {
  double t = 0;
  for (int i = 0; i < n; i++)
    t += y[i];
  s[0] = t;
}

static void relax(const double *a, double *b, int n) {
  for (int i = 0; i < n; i++)
    b[i] = 0.25 * a[(i + n - 1) % n] + 0.5 * a[i] + 0.25 * a[(i + 1) % n];
}

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 4;
  double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), sum[1];
  if (!x || !y)
    return 1;
  for (int i = 0; i < N; i++)
    x[i] = (i % 13) * 0.125;
#pragma esched task name(transform) in(x[0:N]) out(y[0:N]) gpu(transform_gpu)
  transform(x, y, N);
#pragma esched task name(total) in(y[0:N]) out(sum[0:1])
  total(y, sum, N);
  printf("after the transform: %.6f\n", sum[0]);
  for (int s = 0; s < steps; s++) {
#pragma esched task name(relax) in(y[0:N]) out(x[0:N])
    relax(y, x, N);
#pragma esched task name(back) in(x[0:N]) out(y[0:N])
    relax(x, y, N);
    y[0] += 1; /* the host keeps a source term */
  }
  printf("after %d steps: y[0] = %.9f, y[%d] = %.9f\n", steps, y[0], N / 2, y[N / 2]);
  free(x);
  free(y);
  return 0;
}
