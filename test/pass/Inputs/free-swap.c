/* A time loop swapping its buffers (tmp = u; u = v; v = tmp), then both
 * freed, and a structure's buffer freed through its member right after
 * a task wrote it. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *v;
} vec;

static void step(int n, const double *u, double *v) {
  for (int i = 0; i < n; i++)
    v[i] = u[i] + (i > 0 ? u[i - 1] : 1);
}

static void scale(int n, double *v) {
  for (int i = 0; i < n; i++)
    v[i] *= 2;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  double *u = calloc(n, sizeof *u), *v = calloc(n, sizeof *v);
  for (int t = 0; t < 3; t++) {
#pragma esched task in(u[0:n]) out(v[0:n]) gpu(step)
    step(n, u, v);
    double *tmp = u;
    u = v;
    v = tmp;
  }
  printf("%g %g\n", u[0], u[n - 1]);
  free(u);
  free(v);
  vec w = {n, malloc(n * sizeof(double))};
  for (int i = 0; i < n; i++)
    w.v[i] = i;
#pragma esched task inout(w.v[0:w.n]) gpu(scale)
  scale(w.n, w.v);
  free(w.v); /* the task's data, never read again */
  printf("%d\n", w.n);
  return 0;
}
