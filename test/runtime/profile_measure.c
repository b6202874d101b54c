// ESCHED_PROFILE is the profile: a run reads it (task times) and merges its
// samples into it at exit. A profiling run measures every task on the
// device and level it ran, even those with a model time (whose accounting
// stays the model's: the summary is the plain run's), with the bytes of
// each data item and the input bytes as the size; sim GPU times are marked
// simulated. The paper's Figure 3 program (both tasks on the GPU) in the
// rewriter's loop form, its unit declared for stale marking.
// RUN: %cc -DPLAIN %s -o %t.plain && %t.plain > %t.expected
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: rm -f %t.prof.yaml*
// RUN: %t 2> %t.plain.err | diff %t.expected -
// RUN: env ESCHED_PROFILE=%t.prof.yaml ESCHED_ENERGY=model %t 2> %t.err | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.prof.yaml
// RUN: FileCheck %s --check-prefix=SUM --input-file=%t.err
// The last good copy is written beside it, with the same bytes.
// RUN: cmp %t.prof.yaml %t.prof.yaml.good
// The next run reads its times (the model's now) and adds its samples.
// RUN: env ESCHED_PROFILE=%t.prof.yaml ESCHED_ENERGY=model %t 2> %t.err2 | diff %t.expected -
// RUN: FileCheck %s --check-prefix=TWO --input-file=%t.prof.yaml
// RUN: FileCheck %s --check-prefix=USED --input-file=%t.err2
// With the concurrent executor too.
// RUN: env ESCHED_PROFILE=%t.prof.yaml ESCHED_ENERGY=model ESCHED_EXECUTOR=concurrent %t 2>/dev/null | diff %t.expected -
// RUN: FileCheck %s --check-prefix=THREE --input-file=%t.prof.yaml
// A profiling build names the profile in its units (esched-cc
// --profile-generate=DIR): runs write it without ESCHED_PROFILE, unless
// ESCHED_PROFILE_OUT=none.
// RUN: %cc %esrt_cflags '-DPROFILE_DEFAULT="%t.def.yaml"' %s -o %t.gen %esrt_libs
// RUN: rm -f %t.def.yaml*
// RUN: env ESCHED_ENERGY=model %t.gen 2>/dev/null | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.def.yaml
// RUN: rm -f %t.def.yaml*
// RUN: env ESCHED_PROFILE_OUT=none %t.gen 2>/dev/null | diff %t.expected -
// RUN: not test -e %t.def.yaml
// A run without ESCHED_PROFILE measures nothing and prints no profile line.
// RUN: FileCheck %s --check-prefix=PLAINRUN --input-file=%t.plain.err
//
// CHECK: esched_profile: 1
// CHECK-NEXT: tasks:
// CHECK-NEXT: - key: mul
// CHECK-NEXT: unit: test/runtime/profile_measure.c
// CHECK-NEXT: bytes: {A: 32768, B: 32768, T: 32768}
// CHECK-NEXT: runs:
// CHECK-NEXT: - {device: gpu, level: 0, size: 65536, count: 1, mean: {{[0-9.e-]+}}, var: 0, min: {{[0-9.e-]+}}, max: {{[0-9.e-]+}}, source: simulated, energy: {count: 1, mean: {{[0-9.e-]+}}, var: 0, min: {{.*}}}, energy_source: model}
// CHECK-NEXT: - key: add
// CHECK-NEXT: unit: test/runtime/profile_measure.c
// CHECK-NEXT: bytes: {T: 32768, C: 32768, R: 32768}
// CHECK-NEXT: runs:
// CHECK-NEXT: - {device: gpu, level: 0, size: 65536, count: 1,
// A task the unit declares that never ran has an entry without runs.
// CHECK-NEXT: - key: unused
// CHECK-NEXT: unit: test/runtime/profile_measure.c
// CHECK-NEXT: runs: []
// CHECK-NOT: stale
// SUM: device gpu: 2 tasks, busy 0.0012 s, energy 0.216 J, levels 0:2
// SUM: makespan: serial 0.00136384 s
// SUM: profile: 2 samples (0 extra runs on other devices); energy: rapl 0, nvml 0, model 2
// TWO: key: mul
// TWO: {device: gpu, level: 0, size: 65536, count: 2,
// TWO: key: add
// TWO: {device: gpu, level: 0, size: 65536, count: 2,
// USED-NOT: busy 0.0012 s
// USED: profile: 2 samples
// THREE: key: mul
// THREE: count: 3,
// PLAINRUN-NOT: profile:
#include "Inputs/fig3_kernels.h"

#ifndef PLAIN
#include "esched_rt.h"
ESRT_REQUIRE_ABI(6);

static void matmul_gpu(const double *a, const double *b, double *t, int n) { matmul(a, b, t, n); }
static void add_gpu(const double *t, const double *c, double *r, int n) { add(t, c, r, n); }

static const EsrtUnit esrt_unit;
static const EsrtVariant esrt_v_mul[] = {{"cpu", NULL, 0.01, 0}, {"gpu", NULL, 0.001, 0}};
static const EsrtVariant esrt_v_add[] = {{"cpu", NULL, 0.0001, 0}, {"gpu", NULL, 0.0002, 0}};
static const char *const esrt_items_mul[] = {"A", "B", "T"};
static const char *const esrt_items_add[] = {"T", "C", "R"};
static const EsrtTask esrt_task_mul = {"fig3",     "mul", "mul", esrt_v_mul, 2, 1, 0, 0,
                                       &esrt_unit, esrt_items_mul, 3};
static const EsrtTask esrt_task_add = {"fig3",     "add", "add", esrt_v_add, 2, 1, 0, 0,
                                       &esrt_unit, esrt_items_add, 3};
static const EsrtTask esrt_task_unused = {"fig3",     "unused", "unused", esrt_v_add, 2, 0, 0, 0,
                                          &esrt_unit, NULL,     0};
static const EsrtTask *const esrt_unit_tasks[] = {&esrt_task_mul, &esrt_task_add,
                                                  &esrt_task_unused};
#ifndef PROFILE_DEFAULT
#define PROFILE_DEFAULT NULL
#endif
static const EsrtUnit esrt_unit = {"test/runtime/profile_measure.c", esrt_unit_tasks, 3,
                                   PROFILE_DEFAULT};
#endif

static void fig3(void) {
#ifdef PLAIN
  matmul(A, B, T, N);
  add(T, C, R, N);
#else
  {
    EsrtRun r;
    void *p[3];
    EsrtAccess acc[3] = {{A, sizeof A, ESRT_IN}, {B, sizeof B, ESRT_IN}, {T, sizeof T, ESRT_OUT}};
    for (int v = esrt_task_first(&r, &esrt_task_mul, acc, 3, p); v >= 0; v = esrt_task_next(&r))
      if (v == 1)
        matmul_gpu(p[0], p[1], p[2], N);
      else
        matmul(A, B, T, N);
  }
  {
    EsrtRun r;
    void *p[3];
    EsrtAccess acc[3] = {{T, sizeof T, ESRT_IN}, {C, sizeof C, ESRT_IN}, {R, sizeof R, ESRT_OUT}};
    for (int v = esrt_task_first(&r, &esrt_task_add, acc, 3, p); v >= 0; v = esrt_task_next(&r))
      if (v == 1)
        add_gpu(p[0], p[1], p[2], N);
      else
        add(T, C, R, N);
  }
  esrt_host(R, sizeof R, ESRT_IN);
#endif
  fig3_print();
#ifndef PLAIN
  esrt_region_end();
#endif
}

int main(void) {
  fig3_init();
  fig3();
  return 0;
}
