// An iterative stencil in deferred mode, as the rewriter emits tasks in a
// loop: each sweep is two tasks on overlapping array sections (each half
// reads one cell of the other), submitted with access lists and outlined
// variants, scheduled at the region's end by the scheduler library (mincut:
// a two-device DAG) and run. stdout equals the plain program's with both
// executors, any flush granularity, and without a GPU.
// RUN: %cc -DPLAIN %s -o %t.plain && %t.plain > %t.expected
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: %t 2> %t.err | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.err
// RUN: env ESCHED_EXECUTOR=concurrent %t 2> %t.conc | diff %t.expected -
// RUN: FileCheck %s --check-prefix=CONC --input-file=%t.conc
// RUN: env ESCHED_DEFER_MAX=7 %t 2> %t.small | diff %t.expected -
// RUN: FileCheck %s --check-prefix=SMALL --input-file=%t.small
// RUN: env ESCHED_DEFER_MAX=5 ESCHED_EXECUTOR=concurrent %t 2>/dev/null | diff %t.expected -
// RUN: env ESCHED_GPU=none %t 2> %t.none | diff %t.expected -
// RUN: FileCheck %s --check-prefix=NONE --input-file=%t.none
// RUN: env ESCHED_ALGO=single:cpu %t 2> %t.cpu | diff %t.expected -
// RUN: FileCheck %s --check-prefix=CPU --input-file=%t.cpu
// The GPU is 4x faster at twice the power: every sweep runs there. In: a
// (its halves), and b's two boundary cells, which no sweep writes. Out: the
// interior of a (the host read) and of b (region end).
// CHECK: device cpu: 0 tasks
// CHECK-NEXT: device gpu: 40 tasks, busy 0.02 s, energy 3.6 J, levels 0:40
// CHECK-NEXT: link cpu->gpu: 4 transfers, 16400 bytes
// CHECK-NEXT: link gpu->cpu: 2 transfers, 32736 bytes
// CHECK: deferred: 1 regions, 40 tasks, scheduled by mincut (1)
// CONC: device gpu: 40 tasks
// CONC: makespan: serial 0.0200491 s, concurrent
// SMALL: device gpu: 40 tasks
// SMALL: deferred: 6 regions, 40 tasks, scheduled by mincut (6)
// NONE: device cpu: 40 tasks, busy 0.08 s
// NONE: deferred: 1 regions, 40 tasks, scheduled by
// CPU: device cpu: 40 tasks
// CPU: scheduled by single:cpu (1)
#include <stdio.h>

#define N 2048
#define SWEEPS 20

static double a[N], b[N];

/* v[lo:len] = average of u around it (u[lo-1 : len+2] is read). */
static void sweep(const double *u, double *v, int lo, int len) {
  for (int i = lo; i < lo + len; i++)
    v[i] = (u[i - 1] + 2 * u[i] + u[i + 1]) / 4;
}

#ifndef PLAIN
#include "esched_rt.h"

struct sweep_args {
  int lo, len;
};

/* Outlined variants: p[0] is u + lo - 1, p[1] is v + lo (device addresses). */
static void sweep_cpu(void *const *p, const void *args) {
  const struct sweep_args *x = args;
  sweep((const double *)p[0] + 1 - x->lo, (double *)p[1] - x->lo, x->lo, x->len);
}
static void sweep_gpu(void *const *p, const void *args) {
  const struct sweep_args *x = args;
  const double *u = p[0];
  double *v = p[1];
  for (int i = 0; i < x->len; i++)
    v[i] = (u[i] + 2 * u[i + 1] + u[i + 2]) / 4;
}
static const EsrtVariant esrt_v_sweep[] = {{"cpu", sweep_cpu, 0.002, 0},
                                           {"gpu", sweep_gpu, 0.0005, 0}};
static const EsrtTask esrt_task_sweep = {"run", "sweep", "sweep", esrt_v_sweep, 2, 0, 0,
                                         ESRT_DEFERRED};
#endif

static void run(void) {
  double *u = a, *v = b;
  for (int s = 0; s < SWEEPS; s++) {
    for (int h = 0; h < 2; h++) {
      int lo = h ? N / 2 : 1, len = h ? N / 2 - 1 : N / 2 - 1;
#ifdef PLAIN
      sweep(u, v, lo, len);
#else
      struct sweep_args x = {lo, len};
      EsrtAccess acc[2] = {{u + lo - 1, (size_t)(len + 2) * sizeof *u, ESRT_IN},
                           {v + lo, (size_t)len * sizeof *v, ESRT_OUT}};
      esrt_submit(&esrt_task_sweep, acc, 2, &x, sizeof x);
#endif
    }
    double *t = u;
    u = v, v = t;
  }
#ifndef PLAIN
  esrt_host(u, sizeof a, ESRT_IN);
#endif
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += u[i] * (i % 3 + 1);
  printf("u[1]=%.17g u[mid]=%.17g checksum=%.17g\n", u[1], u[N / 2], sum);
#ifndef PLAIN
  esrt_region_end();
#endif
}

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = b[i] = (i * 7) % 17;
  run();
  return 0;
}
