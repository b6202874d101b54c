/* One task whose best device changes with its input: rowsum is O(n^2) on
 * the CPU, while its "GPU" variant (a sim device: host code) waits 3 ms, a
 * launch, then does O(n). Once as a static task, once in a loop (deferred).
 * Usage: size-placed N */
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void rowsum(const double *x, double *y, int n);
void rowsum_gpu(const double *x, double *y, int n);

void rowsum(const double *x, double *y, int n) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += x[j];
    y[i] = s + i;
  }
}

void rowsum_gpu(const double *x, double *y, int n) {
  struct timespec t0, t;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  do
    clock_gettime(CLOCK_MONOTONIC, &t);
  while ((t.tv_sec - t0.tv_sec) * 1e9 + (t.tv_nsec - t0.tv_nsec) < 3e6);
  double s = 0;
  for (int j = 0; j < n; j++)
    s += x[j];
  for (int i = 0; i < n; i++)
    y[i] = s + i;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *z = malloc(n * sizeof *z);
  if (!x || !y || !z)
    return 1;
  for (int i = 0; i < n; i++)
    x[i] = (i % 17) * 0.25;
#pragma esched task name(rowsum) in(x[0:n]) out(y[0:n]) gpu(rowsum_gpu)
  rowsum(x, y, n);
  for (int k = 0; k < 1; k++) {
#pragma esched task name(rowsum_loop) in(x[0:n]) out(z[0:n]) gpu(rowsum_gpu)
    rowsum(x, z, n);
  }
  printf("%.2f %.2f\n", y[n - 1], z[0]);
  free(x), free(y), free(z);
  return 0;
}
