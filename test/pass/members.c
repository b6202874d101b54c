// Items reached through structures: p->v[0:p->n] and s.data[0:s.n] are
// data items of their own (the argument p->x names p->x); host code using
// the structure brings back the items reached from it.
// RUN: %esched extract %s -o - | FileCheck %s --check-prefix=GRAPH
// GRAPH: - {item: p->x, mode: in, lo: 0, len: p->n, type: double}
// GRAPH-NEXT: - {item: C.data, mode: in, lo: 0, len: C.n, type: double}
// GRAPH-NEXT: - {item: p->f, mode: out, lo: 0, len: p->n, type: double}
// GRAPH: - {from: energy, to: main.host.1, data: E.data}
// RUN: %esched compile --variant gpu-only %s -o %t.c 2>/dev/null
// RUN: FileCheck %s --input-file=%t.c
// CHECK: EsrtAccess esrt_a_[3] = {{[{][{]}}(p->x) + (0), (size_t)(p->n) * sizeof *(p->x), ESRT_IN, p->x}, {(C.data) + (0), (size_t)(C.n) * sizeof *(C.data), ESRT_IN, C.data}, {(p->f) + (0), (size_t)(p->n) * sizeof *(p->f), ESRT_OUT, p->f}};
// CHECK: {{^ *}}spring_gpu(p->n, 0.5, esrt_dev(esrt_p_[0], esrt_a_[0].ptr, p->x), esrt_dev(esrt_p_[1], esrt_a_[1].ptr, C.data), esrt_dev(esrt_p_[2], esrt_a_[2].ptr, p->f));
// The loop reading E.data and free(E.data) make one host node: the data
// comes home for writing (freeing ends the device copies) before the loop.
// CHECK: {{^ *}}esrt_host_whole(E.data, ESRT_INOUT);
// CHECK-NEXT: #line [[#]]
// CHECK-NEXT:   for (int i = 0; i < E.n; i++)
// RUN: %cc -std=c11 %s -o %t.plain && %t.plain > %t.expected
// RUN: %esched_cc --variant=gpu-only %esrt_cflags -Wall -Wextra -Werror %s -o %t.gpu
// RUN: %t.gpu 2>/dev/null | diff %t.expected -
// RUN: env ESCHED_EXECUTOR=concurrent %t.gpu 2>/dev/null | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *data;
} Vec;
typedef struct {
  int n;
  double *x, *f;
} Particles;

static void spring(int n, double k, const double *x, const double *c, double *f) {
  for (int i = 0; i < n; i++)
    f[i] = -k * x[i] + c[i];
}
static void spring_gpu(int n, double k, const double *x, const double *c, double *f) {
  spring(n, k, x, c, f);
}

static void step(Particles *p, Vec C) {
#pragma esched task name(spring) in(p->x[0:p->n], C.data[0:C.n]) out(p->f[0:p->n]) gpu(spring_gpu)
  spring(p->n, 0.5, p->x, C.data, p->f);
}

int main(void) {
  Particles P = {4, malloc(4 * sizeof(double)), malloc(4 * sizeof(double))};
  Vec C = {4, malloc(4 * sizeof(double))}, E = {4, malloc(4 * sizeof(double))};
  for (int i = 0; i < 4; i++)
    P.x[i] = i, C.data[i] = 0.25 * i;
  step(&P, C);
#pragma esched task name(energy) in(P.f[0:P.n]) out(E.data[0:E.n]) gpu(spring_gpu)
  spring(P.n, 2, P.f, P.f, E.data);
  double sum = 0;
  for (int i = 0; i < E.n; i++)
    sum += E.data[i];
  printf("%g %g\n", P.f[3], sum);
  free(P.x), free(P.f), free(C.data), free(E.data);
  return 0;
}
