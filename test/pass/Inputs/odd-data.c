/* Task data of less common kinds, read by host code after the task: a
 * flexible array member, an array declared `extern T x[];` before its
 * definition, a register variable a { ... } task writes, and a scalar a
 * task writes on a device that a { ... } task then reads, without clauses
 * and with clauses that do not name it; members of a C11 anonymous
 * structure and union named in clauses (pts.x, pts.re). */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double data[];
} Vec;

extern double tab[];

typedef struct {
  size_t n;
  struct {
    double *x, *y;
  };
  union {
    double re[2];
    long bits[2];
  };
} Points;

static void twice(double *d, int n) {
  for (int i = 0; i < n; i++)
    d[i] *= 2;
}
static void twice_gpu(double *d, int n) { twice(d, n); }

static void fill(double *p, int n) {
  for (int i = 0; i < n; i++)
    p[i] = i + 1;
}
static void fill_gpu(double *p, int n) { fill(p, n); }

static void norm2(const double *v, int n, double *out) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * v[i];
  *out = s;
}
static void norm2_gpu(const double *v, int n, double *out) { norm2(v, n, out); }

int main(void) {
  Vec *v = malloc(sizeof *v + 4 * sizeof(double));
  v->n = 4;
  for (int i = 0; i < 4; i++)
    v->data[i] = i;
#pragma esched task name(twice) inout(v->data[0:v->n]) gpu(twice_gpu)
  twice(v->data, v->n);
  printf("%g\n", v->data[3]);
#pragma esched task name(fill) out(tab[0:4]) gpu(fill_gpu)
  fill(tab, 4);
  printf("%g\n", tab[3]);
  register int acc = 0;
  int small[4] = {1, 2, 3, 4};
#pragma esched task
  {
    for (int i = 0; i < 4; i++)
      acc += small[i];
  }
  printf("%d\n", acc);
  double r = 0, w[3];
#pragma esched task name(norm) in(tab[0:3]) out(r) gpu(norm2_gpu)
  norm2(tab, 3, &r);
#pragma esched task
  {
    for (int i = 0; i < 3; i++)
      w[i] = tab[i] + r;
  }
  printf("%g %g\n", r, w[0]);
  double r2 = 0, w2[3];
#pragma esched task name(norm2) in(tab[0:3]) out(r2) gpu(norm2_gpu)
  norm2(tab, 3, &r2);
#pragma esched task in(tab[0:3]) out(w2[0:3])
  {
    for (int i = 0; i < 3; i++)
      w2[i] = tab[i] * r2;
  }
  printf("%g %g\n", r2, w2[2]);
  Points pts = {.n = 3};
  pts.x = calloc(pts.n, sizeof *pts.x), pts.y = calloc(pts.n, sizeof *pts.y);
#pragma esched task name(points) out(pts.x[0:pts.n]) gpu(fill_gpu)
  fill(pts.x, (int)pts.n);
#pragma esched task name(real) out(pts.re[0:2]) gpu(fill_gpu)
  fill(pts.re, 2);
  printf("%g %g\n", pts.x[2], pts.re[1]);
  free(pts.x), free(pts.y);
  free(v);
  return 0;
}

double tab[4];
