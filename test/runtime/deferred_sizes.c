// Task sizes (predict.h): deferred scheduling and the accounts both take a
// task's time from the profile's predictor at the bytes it reads, and the
// samples a run records are keyed on those bytes (or, for a task reading
// nothing, on the bytes it writes). Three deferred tasks of one key read 80,
// 160 and 320 bytes: the first stays on the CPU (8e-4 s, with an
// initializer's 1e-6 s), the others go to the GPU (1e-3 s *
// (100 / size)^3: 2.44140625e-4 s and 3.0517578125e-5 s).
// RUN: %cc -DPLAIN %s -o %t.plain && %t.plain > %t.expected
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: env ESCHED_PROFILE=%S/Inputs/sizes_profile.yaml ESCHED_PROFILE_OUT=none %t 2> %t.err | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.err
// CHECK: device cpu: 2 tasks, busy 0.000801 s
// CHECK-NEXT: device gpu: 2 tasks, busy 0.000274658 s
// CHECK: deferred: 1 regions, 4 tasks, scheduled by tree-dp (1)
// The samples of a measuring run: sizes 80, 160 and 320 (not counting the
// 8 bytes each writes), and 64 for the initializer, which reads nothing.
// RUN: rm -f %t.prof.yaml
// RUN: env ESCHED_ALGO=single:cpu ESCHED_PROFILE_OUT=%t.prof.yaml ESCHED_SUMMARY=none %t
// RUN: FileCheck %s --check-prefix=PROF --input-file=%t.prof.yaml
// PROF: key: work
// PROF: runs:
// PROF-NEXT: {device: cpu, level: 0, size: 80,
// PROF-NEXT: {device: cpu, level: 0, size: 160,
// PROF-NEXT: {device: cpu, level: 0, size: 320,
// PROF: key: init
// PROF: runs:
// PROF-NEXT: {device: cpu, level: 0, size: 64,
#include <stdio.h>

static double a[10], b[20], c[40], out[3], z[8];

static void sum(const double *x, int n, double *o) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  *o = s;
}

static void fill(double *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] = i;
}

#ifndef PLAIN
#include "esched_rt.h"

struct sum_args {
  int n;
};
static void sum_v(void *const *p, const void *a) {
  sum(p[0], ((const struct sum_args *)a)->n, p[1]);
}
static void fill_v(void *const *p, const void *a) {
  (void)a;
  fill(p[0], 8);
}
static const EsrtVariant v_sum[] = {{"cpu", sum_v, 0, 0}, {"gpu", sum_v, 0, 0}};
static const EsrtVariant v_fill[] = {{"cpu", fill_v, 0, 0}};
static const EsrtTask t_sum = {"main", "work", "work", v_sum, 2, 0, 0, ESRT_DEFERRED};
static const EsrtTask t_fill = {"main", "init", "init", v_fill, 1, 0, 0, ESRT_DEFERRED};

static void submit(double *x, int n, double *o) {
  struct sum_args args = {n};
  EsrtAccess acc[2] = {{x, sizeof(double) * (size_t)n, ESRT_IN}, {o, sizeof *o, ESRT_OUT}};
  esrt_submit(&t_sum, acc, 2, &args, sizeof args);
}
#endif

int main(void) {
  for (int i = 0; i < 40; i++)
    c[i] = i, b[i % 20] = 2 * i, a[i % 10] = 3 * i;
#ifdef PLAIN
  sum(a, 10, &out[0]);
  sum(b, 20, &out[1]);
  sum(c, 40, &out[2]);
  fill(z, 8);
#else
  submit(a, 10, &out[0]);
  submit(b, 20, &out[1]);
  submit(c, 40, &out[2]);
  EsrtAccess acc[1] = {{z, sizeof z, ESRT_OUT}};
  esrt_submit(&t_fill, acc, 1, NULL, 0);
  esrt_region_end();
#endif
  printf("%g %g %g %g\n", out[0], out[1], out[2], z[7]);
  return 0;
}
