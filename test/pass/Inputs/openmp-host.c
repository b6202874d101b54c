/* OpenMP beside tasks: host code only an OpenMP build compiles
 * (#ifdef _OPENMP) writing task data between tasks, and a parallel loop
 * whose body submits tasks (the loop's region ends after it). */
#include <stdio.h>

static void fill(double *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] = i;
}
static void fill_gpu(double *x, int n) { fill(x, n); }

static void sum(const double *x, double *s, int n) {
  *s = 0;
  for (int i = 0; i < n; i++)
    *s += x[i];
}
static void sum_gpu(const double *x, double *s, int n) { sum(x, s, n); }

static void sq(const double *x, double *y) { *y = *x * *x; }
static void sq_gpu(const double *x, double *y) { sq(x, y); }

int main(void) {
  double x[8], s, b[8];
#pragma esched task name(fill) out(x[0:8]) gpu(fill_gpu)
  fill(x, 8);
#ifdef _OPENMP
  x[0] = 100;
#else
  x[0] = -1;
#endif
#pragma esched task name(sum) in(x[0:8]) out(s) gpu(sum_gpu)
  sum(x, &s, 8);
  printf("%.1f\n", s);
#pragma omp parallel for
  for (int i = 0; i < 8; i++) {
    double *p = x + i, *q = b + i;
#pragma esched task name(sq) in(p[0:1]) out(q[0:1]) gpu(sq_gpu)
    sq(p, q);
  }
  double t = 0;
  for (int i = 0; i < 8; i++)
    t += b[i];
  printf("%.1f\n", t);
  return 0;
}
