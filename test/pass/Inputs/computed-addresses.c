/* Host code and an inferred block reaching task data through addresses
 * computed in an expression rather than through a name: x + k written
 * through and passed to a function that writes it, and pointers assigned
 * inside the expression that uses them (*(q = x + k), (r = &x[k])[1],
 * (c = &cells[1])->v, f(q = x + k)), between tasks and in loops of tasks. */
#include <stdio.h>

typedef struct {
  double v[2];
} cell;

static void inc(double *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] += 1;
}
static void inc_gpu(double *x, int n) { inc(x, n); }

static void grow(cell *c, int n) {
  for (int i = 0; i < n; i++)
    c[i].v[0] += 10;
}
static void grow_gpu(cell *c, int n) { grow(c, n); }

static void set(double *p, double v) { *p = v; }
static double get(const double *p) { return *p; }

int main(void) {
  double x[8] = {0}, *q;
  double s = 0, s2 = 0, s3 = 0, s4 = 0, v;
  for (int b = 0; b < 4; b++) {
#pragma esched task name(comma) inout(x[2*b:2]) gpu(inc_gpu)
    inc(x + 2 * b, 2);
    q = x + 2 * b, v = q[0];
    s += v;
  }
  for (int b = 0; b < 4; b++) {
#pragma esched task name(deref) inout(x[2*b:2]) gpu(inc_gpu)
    inc(x + 2 * b, 2);
    s2 += *(q = x + 2 * b);
  }
  for (int b = 0; b < 4; b++) {
#pragma esched task name(subscript) inout(x[2*b:2]) gpu(inc_gpu)
    inc(x + 2 * b, 2);
    double *r;
    s3 += (r = &x[2 * b])[1];
  }
  for (int b = 0; b < 4; b++) {
#pragma esched task name(argument) inout(x[2*b:2]) gpu(inc_gpu)
    inc(x + 2 * b, 2);
    s4 += get(q = x + 2 * b);
  }
  printf("%g %g %g %g\n", s, s2, s3, s4);

#pragma esched task name(w1) inout(x[0:8]) gpu(inc_gpu)
  inc(x, 8);
  *(x + 2) = 50;
#pragma esched task name(w2) inout(x[0:8]) gpu(inc_gpu)
  inc(x, 8);
  set(x + 3, 60);
#pragma esched task name(w3) inout(x[0:8]) gpu(inc_gpu)
  inc(x, 8);
  *(q = x + 4) = 70;
#pragma esched task name(w4) inout(x[0:8]) gpu(inc_gpu)
  inc(x, 8);
  set(q = x + 5, 80);
#pragma esched task name(w5) inout(x[0:8]) gpu(inc_gpu)
  inc(x, 8);
#pragma esched task name(block)
  {
    *(x + 6) = 90;
  }
#pragma esched task name(w6) inout(x[0:8]) gpu(inc_gpu)
  inc(x, 8);
  for (int i = 0; i < 8; i++)
    printf("%g ", x[i]);
  printf("\n");

  cell cells[2] = {{{1, 2}}, {{3, 4}}}, *c;
  double t = 0;
  for (int k = 0; k < 2; k++) {
#pragma esched task name(grow) inout(cells[0:2]) gpu(grow_gpu)
    grow(cells, 2);
    t += (c = &cells[1])->v[0];
  }
  printf("%g\n", t);
  return 0;
}
