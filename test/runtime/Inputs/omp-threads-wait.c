/* A task submitted by one OpenMP thread (omp single), then every thread of
 * the team reads its data (omp for): each thread's wait must see the task
 * done, also while another thread is running the batch. */
#include <stdio.h>
#include <stdlib.h>

static void inc(double *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] += i;
}
static void inc_gpu(double *x, int n) { inc(x, n); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000, rounds = argc > 2 ? atoi(argv[2]) : 20;
  double *x = calloc((size_t)n, sizeof *x);
  double tot = 0;
  for (int r = 0; r < rounds; r++) {
#pragma omp parallel num_threads(4)
    {
#pragma omp single
      {
#pragma esched task name(inc) inout(x[0:n]) gpu(inc_gpu)
        inc(x, n);
      }
#pragma omp for reduction(+ : tot)
      for (int i = 0; i < n; i++)
        tot += x[i];
    }
  }
  printf("tot %.1f\n", tot);
  free(x);
  return 0;
}
