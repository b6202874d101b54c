/* Host code reading task data right after a label: a goto leaving the
 * loop of the tasks early, the cases of a switch, and a loop under
 * "#pragma omp parallel for" (with -fopenmp the pragma, continued on a second
 * line, and the loop are one statement: nothing may come between them). */
#include <stdio.h>
#include <stdlib.h>

static void inc(int n, double *y, double by) {
  for (int i = 0; i < n; i++)
    y[i] += by;
}

static void inc_gpu(int n, double *y, double by) { inc(n, y, by); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8, mode = argc > 2 ? atoi(argv[2]) : 1;
  double *y = calloc((size_t)n, sizeof *y);
  for (int r = 0; r < 10; r++) {
#pragma esched task inout(y[0:n]) gpu(inc_gpu)
    inc(n, y, 1.0);
    if (r == 4)
      goto done;
  }
done:
  printf("after the loop: %.3f\n", y[0]);
#pragma esched task inout(y[0:n]) gpu(inc_gpu)
  inc(n, y, 2.0);
  switch (mode) {
  case 0:
#pragma esched task inout(y[0:n]) gpu(inc_gpu)
    inc(n, y, 3.0);
    /* fall through */
  case 1:
    printf("case 1: %.3f\n", y[1]);
    break;
  default:
    printf("default: %.3f\n", y[2]);
  }
#pragma esched task inout(y[0:n]) gpu(inc_gpu)
  inc(n, y, 0.5);
  double s = 0;
#pragma omp parallel for \
    reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += y[i];
  printf("sum: %.3f\n", s);
  free(y);
  return 0;
}
