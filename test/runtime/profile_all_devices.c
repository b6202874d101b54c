// ESCHED_PROFILE_MODE=all-devices: one profiling run measures every task on
// every device it has a variant for, while the program keeps the scheduled
// variant's results: stdout is the plain program's in every mode. The tasks
// update their data in place (inout), so an extra run whose effects were
// kept would change what the program prints. Inline tasks use the loop
// form the rewriter emits (esrt_task_first / esrt_task_next); submitted
// ones (static and deferred) have outlined variants.
// RUN: %cc -DPLAIN %s -o %t.plain && %t.plain > %t.expected
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: %t 2>/dev/null | diff %t.expected -
// RUN: rm -f %t.all.yaml*
// RUN: env ESCHED_PROFILE=%t.all.yaml ESCHED_PROFILE_MODE=all-devices ESCHED_ENERGY=model %t 2> %t.err | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.all.yaml
// RUN: FileCheck %s --check-prefix=SUM --input-file=%t.err
// A second run adds to every record.
// RUN: env ESCHED_PROFILE=%t.all.yaml ESCHED_PROFILE_MODE=all-devices ESCHED_ENERGY=model %t 2>/dev/null | diff %t.expected -
// RUN: FileCheck %s --check-prefix=TWICE --input-file=%t.all.yaml
// The concurrent executor, and no GPU (nothing else to run on).
// RUN: rm -f %t.conc.yaml*
// RUN: env ESCHED_PROFILE=%t.conc.yaml ESCHED_PROFILE_MODE=all-devices ESCHED_ENERGY=model ESCHED_EXECUTOR=concurrent %t 2>/dev/null | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.conc.yaml
// RUN: rm -f %t.none.yaml*
// RUN: env ESCHED_PROFILE=%t.none.yaml ESCHED_PROFILE_MODE=all-devices ESCHED_ENERGY=model ESCHED_GPU=none %t 2> %t.none.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=NONE --input-file=%t.none.err
// A GPU sharing host memory: its variants and the extra host runs work on
// the program's own memory, saved and restored around each extra run.
// RUN: rm -f %t.shared.yaml*
// RUN: env ESCHED_PLATFORM=%S/Inputs/shared_memory.yaml ESCHED_PROFILE=%t.shared.yaml ESCHED_PROFILE_MODE=all-devices ESCHED_ENERGY=model %t 2> %t.shared.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=SHARED --input-file=%t.shared.err
// Extra runs on the sim GPU see the current inputs, never poison.
// RUN: not grep POISON %t.err %t.shared.err
// The default mode measures each task where it ran, once.
// RUN: rm -f %t.sched.yaml*
// RUN: env ESCHED_PROFILE=%t.sched.yaml ESCHED_ENERGY=model %t 2> %t.sched.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=SCHED --input-file=%t.sched.yaml
// RUN: FileCheck %s --check-prefix=SCHEDSUM --input-file=%t.sched.err
// The begin/end form has no extra runs even in all-devices mode.
// RUN: %cc %esrt_cflags -DBEGIN_END %s -o %t.be %esrt_libs
// RUN: rm -f %t.be.yaml*
// RUN: env ESCHED_PROFILE=%t.be.yaml ESCHED_PROFILE_MODE=all-devices ESCHED_ENERGY=model %t.be 2> %t.be.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=BE --input-file=%t.be.err
// A task flagged ESRT_NO_REPLAY runs once.
// RUN: %cc %esrt_cflags -DNO_REPLAY %s -o %t.nr %esrt_libs
// RUN: rm -f %t.nr.yaml*
// RUN: env ESCHED_PROFILE=%t.nr.yaml ESCHED_PROFILE_MODE=all-devices ESCHED_ENERGY=model %t.nr 2>/dev/null | diff %t.expected -
// RUN: FileCheck %s --check-prefix=NR --input-file=%t.nr.yaml
// Outside a profiling run the mode is ignored, with a warning.
// RUN: env ESCHED_PROFILE_MODE=all-devices %t 2>&1 >/dev/null | FileCheck %s --check-prefix=NOPROF
//
// CHECK-LABEL: key: scale
// CHECK-NEXT: unit: profile_all_devices.c
// CHECK-NEXT: bytes: {x: 4096}
// CHECK-DAG: {device: cpu, level: 0, size: 4096, count: 1, {{.*}}source: measured, energy: {{.*}}energy_source: model}
// CHECK-DAG: {device: gpu, level: 0, size: 4096, count: 1, {{.*}}source: simulated,
// CHECK-LABEL: key: total
// CHECK-NEXT: unit: profile_all_devices.c
// CHECK-NEXT: bytes: {x: 4096, s: 8}
// CHECK-DAG: {device: cpu, level: 0, size: 4096, count: 1,
// CHECK-DAG: {device: gpu, level: 0, size: 4096, count: 1,
// CHECK-LABEL: key: shift
// CHECK-NEXT: unit: profile_all_devices.c
// CHECK-NEXT: bytes: {x: 4096, y: 4096}
// CHECK-DAG: {device: cpu, level: 0, size: 8192, count: 1,
// CHECK-DAG: {device: gpu, level: 0, size: 8192, count: 1,
// CHECK-LABEL: key: bump
// CHECK-NEXT: unit: profile_all_devices.c
// CHECK-NEXT: bytes: {y: 1024}
// CHECK-DAG: {device: cpu, level: 0, size: 1024, count: 4,
// CHECK-DAG: {device: gpu, level: 0, size: 1024, count: 4,
// SUM: profile: 14 samples (7 extra runs on other devices); energy: rapl 0, nvml 0, model 14
// TWICE-LABEL: key: scale
// TWICE-DAG: {device: cpu, level: 0, size: 4096, count: 2,
// TWICE-DAG: {device: gpu, level: 0, size: 4096, count: 2,
// TWICE-LABEL: key: bump
// TWICE-DAG: {device: cpu, level: 0, size: 1024, count: 8,
// TWICE-DAG: {device: gpu, level: 0, size: 1024, count: 8,
// NONE: profile: 7 samples (0 extra runs on other devices)
// SHARED: device cpu: 5 tasks
// SHARED-NEXT: device gpu: 2 tasks
// SHARED: profile: 14 samples (7 extra runs on other devices)
// SCHED-LABEL: key: scale
// SCHED: runs:
// SCHED-NEXT: {device: gpu, level: 0, size: 4096, count: 1,
// SCHED-NOT: device: cpu
// SCHED-LABEL: key: total
// SCHED: runs:
// SCHED-NEXT: {device: cpu, level: 0, size: 4096, count: 1,
// SCHED-NOT: device: gpu
// SCHED-LABEL: key: shift
// SCHEDSUM: profile: 7 samples (0 extra runs on other devices)
// BE: profile: 12 samples (5 extra runs on other devices)
// NR-LABEL: key: scale
// NR: runs:
// NR-NEXT: {device: gpu,
// NR-NOT: device: cpu
// NR-LABEL: key: total
// NOPROF: warning: ESCHED_PROFILE_MODE=all-devices was ignored: this was not a profiling run (ESCHED_PROFILE)
#include <stdio.h>

#define N 512

static double x[N], y[N], s;

static void scale(double *v, int n) {
  for (int i = 0; i < n; i++)
    v[i] = 2 * v[i] + 1;
}

static void total(const double *v, double *out, int n) {
  double t = 0;
  for (int i = 0; i < n; i++)
    t += v[i];
  *out = t;
}

static void shift(const double *u, double *v, int n) {
  for (int i = 0; i < n; i++)
    v[i] += u[i];
}

static void bump(double *v, int n) {
  for (int i = 0; i < n; i++)
    v[i] = v[i] * 1.5 - 1;
}

#ifndef PLAIN
#include "esched_rt.h"
ESRT_REQUIRE_ABI(6);

/* GPU variants complain when handed data never moved to them (NaN). */
static void check(const char *task, const double *v, int n) {
  for (int i = 0; i < n; i++)
    if (v[i] != v[i]) {
      fprintf(stderr, "POISON in %s\n", task);
      return;
    }
}
static void scale_gpu(double *v, int n) {
  check("scale", v, n);
  scale(v, n);
}
static void total_gpu(const double *v, double *out, int n) {
  check("total", v, n);
  total(v, out, n);
}

struct n_args {
  int n;
};
static void shift_cpu(void *const *p, const void *a) {
  shift(p[0], p[1], ((const struct n_args *)a)->n);
}
static void shift_gpu(void *const *p, const void *a) {
  check("shift", p[0], ((const struct n_args *)a)->n);
  check("shift", p[1], ((const struct n_args *)a)->n);
  shift(p[0], p[1], ((const struct n_args *)a)->n);
}
static void bump_cpu(void *const *p, const void *a) { bump(p[0], ((const struct n_args *)a)->n); }
static void bump_gpu(void *const *p, const void *a) {
  check("bump", p[0], ((const struct n_args *)a)->n);
  bump(p[0], ((const struct n_args *)a)->n);
}

#ifdef NO_REPLAY
#define SCALE_FLAGS ESRT_NO_REPLAY
#else
#define SCALE_FLAGS 0
#endif

static const EsrtUnit esrt_unit;
static const EsrtVariant v_scale[] = {{"cpu", NULL, 0.002, 0}, {"gpu", NULL, 0.001, 0}};
static const EsrtVariant v_total[] = {{"cpu", NULL, 0.001, 0}, {"gpu", NULL, 0.002, 0}};
static const EsrtVariant v_shift[] = {{"cpu", shift_cpu, 0.002, 0}, {"gpu", shift_gpu, 0.001, 0}};
static const EsrtVariant v_bump[] = {{"cpu", bump_cpu, 0.002, 0}, {"gpu", bump_gpu, 0.001, 0}};
static const char *const i_scale[] = {"x"};
static const char *const i_total[] = {"x", "s"};
static const char *const i_shift[] = {"x", "y"};
static const char *const i_bump[] = {"y"};
static const EsrtTask t_scale = {"main", "scale", "scale", v_scale,    2,       1, 0,
                                 SCALE_FLAGS, &esrt_unit, i_scale, 1};
static const EsrtTask t_total = {"main", "total", "total", v_total, 2, 0, 0, 0,
                                 &esrt_unit, i_total, 2};
static const EsrtTask t_shift = {"main", "shift", "shift", v_shift, 2, 1, 0, 0,
                                 &esrt_unit, i_shift, 2};
static const EsrtTask t_bump = {"main", "bump", "bump", v_bump, 2, 0, 0, ESRT_DEFERRED,
                                &esrt_unit, i_bump, 1};
static const EsrtTask *const esrt_unit_tasks[] = {&t_scale, &t_total, &t_shift, &t_bump};
static const EsrtUnit esrt_unit = {"profile_all_devices.c", esrt_unit_tasks, 4};
#endif

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = i % 17, y[i] = i % 5;
#ifdef PLAIN
  scale(x, N);
  total(x, &s, N);
  shift(x, y, N);
  for (int k = 0; k < 4; k++)
    bump(y + k * (N / 4), N / 4);
#else
  {
    EsrtRun r;
    void *p[1];
    EsrtAccess acc[1] = {{x, sizeof x, ESRT_INOUT}};
#ifdef BEGIN_END
    if (esrt_task_begin(&r, &t_scale, acc, 1, p) == 1)
      scale_gpu(p[0], N);
    else
      scale(x, N);
    esrt_task_end(&r);
#else
    for (int v = esrt_task_first(&r, &t_scale, acc, 1, p); v >= 0; v = esrt_task_next(&r))
      if (v == 1)
        scale_gpu(p[0], N);
      else
        scale(x, N);
#endif
  }
  {
    EsrtRun r;
    void *p[2];
    EsrtAccess acc[2] = {{x, sizeof x, ESRT_IN}, {&s, sizeof s, ESRT_OUT}};
#ifdef BEGIN_END
    if (esrt_task_begin(&r, &t_total, acc, 2, p) == 1)
      total_gpu(p[0], p[1], N);
    else
      total(x, &s, N);
    esrt_task_end(&r);
#else
    for (int v = esrt_task_first(&r, &t_total, acc, 2, p); v >= 0; v = esrt_task_next(&r))
      if (v == 1)
        total_gpu(p[0], p[1], N);
      else
        total(x, &s, N);
#endif
  }
  {
    struct n_args a = {N};
    EsrtAccess acc[2] = {{x, sizeof x, ESRT_IN}, {y, sizeof y, ESRT_INOUT}};
    esrt_submit(&t_shift, acc, 2, &a, sizeof a);
  }
  for (int k = 0; k < 4; k++) {
    struct n_args a = {N / 4};
    EsrtAccess acc[1] = {{y + k * (N / 4), sizeof y / 4, ESRT_INOUT}};
    esrt_submit(&t_bump, acc, 1, &a, sizeof a);
  }
  esrt_host(&s, sizeof s, ESRT_IN);
  esrt_host(y, sizeof y, ESRT_IN);
#endif
  double c = 0;
  for (int i = 0; i < N; i++)
    c += y[i] * (i % 3 + 1);
  printf("s=%.17g y[1]=%.17g check=%.17g\n", s, y[1], c);
#ifndef PLAIN
  esrt_region_end();
#endif
  return 0;
}
