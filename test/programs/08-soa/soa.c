/* soa.c: a particle system kept as a structure of arrays; the tasks name
 * the arrays through the structures that own them. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *data;
} Vec;

typedef struct {
  int n;
  double *x, *v, *f; /* position, velocity, force */
} Particles;

static void vec_init(Vec *a, int n) {
  a->n = n;
  a->data = malloc(sizeof(double) * n);
}

/* f[i] := -k x[i] + c[i] */
static void spring(int n, double k, const double *x, const double *c, double *f) {
  for (int i = 0; i < n; i++)
    f[i] = -k * x[i] + c[i];
}
static void spring_gpu(int n, double k, const double *x, const double *c, double *f) {
  spring(n, k, x, c, f);
}

/* v += dt f; x += dt v */
static void integrate(int n, double dt, const double *f, double *v, double *x) {
  for (int i = 0; i < n; i++) {
    v[i] += dt * f[i];
    x[i] += dt * v[i];
  }
}
static void integrate_gpu(int n, double dt, const double *f, double *v, double *x) {
  integrate(n, dt, f, v, x);
}

/* e[i] := x[i]^2 + v[i]^2 */
static void energy(int n, const double *x, const double *v, double *e) {
  for (int i = 0; i < n; i++)
    e[i] = x[i] * x[i] + v[i] * v[i];
}
static void energy_gpu(int n, const double *x, const double *v, double *e) {
  energy(n, x, v, e);
}

static void step(Particles *p, Vec C, double dt) {
#pragma esched task name(spring) in(p->x[0:p->n], C.data[0:C.n]) out(p->f[0:p->n]) gpu(spring_gpu)
  spring(p->n, 0.5, p->x, C.data, p->f);
#pragma esched task name(integrate) in(p->f[0:p->n]) inout(p->v[0:p->n], p->x[0:p->n]) gpu(integrate_gpu)
  integrate(p->n, dt, p->f, p->v, p->x);
}

int main(void) {
  Particles P;
  Vec C, E;
  P.n = 100;
  P.x = malloc(sizeof(double) * P.n);
  P.v = malloc(sizeof(double) * P.n);
  P.f = malloc(sizeof(double) * P.n);
  vec_init(&C, P.n);
  vec_init(&E, P.n);
  for (int i = 0; i < P.n; i++) {
    P.x[i] = (i % 10) * 0.1;
    P.v[i] = 0;
    C.data[i] = (i % 3) * 0.01;
  }
  step(&P, C, 0.01);
  step(&P, C, 0.01);
#pragma esched task name(energy) in(P.x[0:P.n], P.v[0:P.n]) out(E.data[0:E.n]) gpu(energy_gpu)
  energy(P.n, P.x, P.v, E.data);
  double sum = 0;
  for (int i = 0; i < E.n; i++)
    sum += E.data[i] * (i % 7 + 1);
  printf("soa: x[1] = %.17g, energy checksum = %.17g\n", P.x[1], sum);
  free(P.x), free(P.v), free(P.f), free(C.data), free(E.data);
  return 0;
}
