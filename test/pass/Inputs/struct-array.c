/* Arrays of structures whose members point to the data: the tasks name
 * p->v with p = &a[s], and the host reads a[s].v[0] directly and through
 * q = a[1].v, a pointer loaded from the array. */
#include <stdio.h>
#include <stdlib.h>

struct vec {
  double *v;
  int n;
};

static void inc(int n, double *v) {
  for (int i = 0; i < n; i++)
    v[i] += 1.0 + i;
}

static void inc_gpu(int n, double *v) { inc(n, v); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  struct vec a[3];
  for (int s = 0; s < 3; s++)
    a[s].n = n + s, a[s].v = calloc((size_t)(n + s), sizeof(double));
  for (int t = 0; t < 3; t++) {
    for (int s = 0; s < 3; s++) {
      struct vec *p = &a[s];
#pragma esched task inout(p->v[0:p->n]) gpu(inc_gpu)
      inc(p->n, p->v);
    }
    printf("t %d: %.1f %.1f\n", t, a[0].v[0], a[2].v[a[2].n - 1]);
    const double *q = a[1].v;
    printf("  through q: %.1f\n", q[1]);
  }
  for (int s = 0; s < 3; s++)
    free(a[s].v);
  return 0;
}
