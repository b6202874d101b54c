/* size-placed.c's static task on variable length arrays of main, named
 * whole (in(x) for double x[n]): their size, sizeof x, is the run's too.
 * rowsum is O(n^2) on the CPU; its "GPU" variant (a sim device: host code)
 * waits 3 ms, a launch, then does O(n). Usage: size-placed-vla N */
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void rowsum(int n, const double x[n], double y[n]);
void rowsum_gpu(int n, const double x[n], double y[n]);

void rowsum(int n, const double x[n], double y[n]) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += x[j];
    y[i] = s + i;
  }
}

void rowsum_gpu(int n, const double x[n], double y[n]) {
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
  if (n < 1 || n > 10000)
    return 1;
  double x[n], y[n];
  for (int i = 0; i < n; i++)
    x[i] = (i % 17) * 0.25;
#pragma esched task name(rowsum) in(x) out(y) gpu(rowsum_gpu)
  rowsum(n, x, y);
  printf("%.2f %.2f\n", y[0], y[n - 1]);
  return 0;
}
