// The paper's Figure 3 program (R = A x B + C) as the rewriter emits it for
// the optimal schedule (both tasks on the GPU), in the inline form. Its
// stdout is the plain program's in every mode, and the summary charges what
// the sim GPU moved: A, B and C in; R read by the host, T at region end out.
// RUN: %cc -DPLAIN %s -o %t.plain && %t.plain > %t.expected
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: %t 2> %t.err | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.err
// RUN: env ESCHED_EXECUTOR=concurrent %t 2> %t.conc | diff %t.expected -
// RUN: FileCheck %s --check-prefix=CONC --input-file=%t.conc
// RUN: env ESCHED_GPU=none %t 2> %t.none | diff %t.expected -
// RUN: FileCheck %s --check-prefix=NONE --input-file=%t.none
// ESCHED_SCHEDULE overrides the table: mul on the CPU, T and C move instead.
// RUN: env ESCHED_SCHEDULE=%S/Inputs/fig3_cpu_mul.yaml %t 2> %t.over | diff %t.expected -
// RUN: FileCheck %s --check-prefix=OVER --input-file=%t.over
// A skipped transfer (no esrt_host before the host reads R) changes stdout:
// RUN: %cc %esrt_cflags -DSKIP_HOST %s -o %t.skip %esrt_libs
// RUN: %t.skip 2>/dev/null > %t.skipped && not diff %t.expected %t.skipped
// CHECK: esched: summary: platform silberstein2011, executor serial, gpu sim, dvfs sim
// CHECK-NEXT: esched:   device cpu: 0 tasks, busy 0 s, energy 0 J, levels -
// CHECK-NEXT: esched:   device gpu: 2 tasks, busy 0.0012 s, energy 0.216 J, levels 0:2
// CHECK-NEXT: esched:   link cpu->gpu: 3 transfers, 98304 bytes, 9.8304e-05 s, 0.0137626 J
// CHECK-NEXT: esched:   link gpu->cpu: 2 transfers, 65536 bytes, 6.5536e-05 s, 0.00917504 J
// CHECK-NEXT: esched:   makespan: serial 0.00136384 s
// CHECK-NEXT: esched:   energy: serial 0.238938 J
// CONC: executor concurrent
// CONC: makespan: serial 0.00136384 s, concurrent 0.00136384 s
// OVER: device cpu: 1 tasks, busy 0.01 s, energy 0.9 J, levels 0:1
// OVER-NEXT: device gpu: 1 tasks, busy 0.0002 s, energy 0.036 J, levels 0:1
// OVER-NEXT: link cpu->gpu: 2 transfers, 65536 bytes
// OVER-NEXT: link gpu->cpu: 1 transfers, 32768 bytes
// NONE: warning: ESCHED_GPU=none: tasks of device 'gpu' run on the host
// NONE-NOT: warning
// NONE: device cpu: 2 tasks, busy 0.0101 s, energy 0.909 J
// NONE: fallbacks: 2 tasks ran on the host
#include "Inputs/fig3_kernels.h"

#ifndef PLAIN
#include "esched_rt.h"
ESRT_REQUIRE_ABI(6);

/* "GPU" variants: separate functions seeing only device memory. */
static void matmul_gpu(const double *a, const double *b, double *t, int n) { matmul(a, b, t, n); }
static void add_gpu(const double *t, const double *c, double *r, int n) { add(t, c, r, n); }

static const EsrtVariant esrt_v_mul[] = {{"cpu", NULL, 0.01, 0}, {"gpu", NULL, 0.001, 0}};
static const EsrtVariant esrt_v_add[] = {{"cpu", NULL, 0.0001, 0}, {"gpu", NULL, 0.0002, 0}};
static const EsrtTask esrt_task_mul = {"fig3", "mul", "mul", esrt_v_mul, 2, 1, 0, 0};
static const EsrtTask esrt_task_add = {"fig3", "add", "add", esrt_v_add, 2, 1, 0, 0};
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
    if (esrt_task_begin(&r, &esrt_task_mul, acc, 3, p) == 1)
      matmul_gpu(p[0], p[1], p[2], N);
    else
      matmul(A, B, T, N);
    esrt_task_end(&r);
  }
  {
    EsrtRun r;
    void *p[3];
    EsrtAccess acc[3] = {{T, sizeof T, ESRT_IN}, {C, sizeof C, ESRT_IN}, {R, sizeof R, ESRT_OUT}};
    if (esrt_task_begin(&r, &esrt_task_add, acc, 3, p) == 1)
      add_gpu(p[0], p[1], p[2], N);
    else
      add(T, C, R, N);
    esrt_task_end(&r);
  }
#ifndef SKIP_HOST
  esrt_host(R, sizeof R, ESRT_IN);
#endif
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
