// The cuda back end and NVML, loaded at run time, on a stand-in libcudart
// and libnvidia-ml (Inputs/fake_cuda.c: the "GPU's" memory is host memory,
// so this test's launcher can be C): a task whose GPU variant is a CUDA
// launcher runs on the cuda device, its 5 MiB cross the 4 MiB staging
// buffers both ways, the launcher gets its device's stream, the profile's
// GPU energy comes from NVML, and NVML sets the level's clocks. Without a
// CUDA runtime: one warning, for the device, and the same output.
// RUN: %cc -DPLAIN %s -o %t.plain && %t.plain > %t.expected
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: env ESCHED_GPU=cuda ESCHED_CUDART=%fake_cuda %t 2> %t.err | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=warning
// CHECK: launcher: a stream
// CHECK: device gpu: 1 tasks, {{.*}}, on cuda GPU 0
// CHECK: link cpu->gpu: 1 transfers, 5242880 bytes
// CHECK: link gpu->cpu: 1 transfers, 5242880 bytes
// RUN: env ESCHED_GPU=cuda ESCHED_CUDART=none %t 2> %t.none | diff %t.expected -
// RUN: FileCheck %s --check-prefix=NONE --input-file=%t.none
// NONE: warning: ESCHED_GPU=cuda: libcudart disabled (ESCHED_CUDART=none); tasks of device 'gpu' run on the host
// NONE-NOT: warning
// NONE: device cpu: 1 tasks
// RUN: env ESCHED_GPU=cuda ESCHED_CUDART=%fake_cuda FAKE_CUDA_DEVICES=0 %t 2> %t.nodev | diff %t.expected -
// RUN: FileCheck %s --check-prefix=NODEV --input-file=%t.nodev
// NODEV: warning: ESCHED_GPU=cuda: {{.*}}libesched_fake_cuda.so: no CUDA-capable device is detected; tasks of device 'gpu' run on the host
//
// Profiling with NVML: the GPU task's energy is the counter's difference.
// RUN: rm -f %t.prof.yaml
// RUN: env ESCHED_GPU=cuda ESCHED_CUDART=%fake_cuda ESCHED_NVML=%fake_cuda ESCHED_PROFILE=%t.prof.yaml %t 2>/dev/null | diff %t.expected -
// RUN: FileCheck %s --check-prefix=PROFILE --input-file=%t.prof.yaml
// PROFILE: {device: gpu, level: 0, {{.*}}source: measured, {{.*}}energy_source: nvml}
// RUN: env ESCHED_GPU=cuda ESCHED_CUDART=%fake_cuda ESCHED_NVML=%fake_cuda ESCHED_DVFS=nvml %t 2>&1 >/dev/null | FileCheck %s --check-prefix=DVFS
// DVFS: fake nvml: application clocks 2619 MHz (memory), 1410 MHz (graphics)
// DVFS-NOT: warning
#include <stdio.h>

#define N (5 << 20) / (int)sizeof(float)

static float x[N];

static void twice(float *v, int n) {
  for (int i = 0; i < n; i++)
    v[i] = 2 * v[i] + 1;
}

#ifndef PLAIN
#include "esched_rt.h"
/* A "CUDA launcher": on the stand-in library device memory is host memory. */
static void twice_launcher(float *v, int n) {
  static int told;
  if (!told++)
    fprintf(stderr, "launcher: %s\n", esrt_cuda_stream() ? "a stream" : "no stream");
  twice(v, n);
}
static const EsrtVariant variants[] = {{"cpu", NULL, 0, 0}, {"gpu", NULL, 0, ESRT_VARIANT_CUDA}};
/* silberstein2011's GPU runs at 1.476 GHz: NVML's nearest clock is 1410 MHz. */
static const EsrtTask task = {"main", "twice", "twice", variants, 2, 1, 0, 0, NULL, NULL, 0};
#endif

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = (float)(i % 1000);
#ifdef PLAIN
  twice(x, N);
#else
  EsrtRun r;
  void *p[1];
  EsrtAccess acc[1] = {{x, sizeof x, ESRT_INOUT}};
  for (int v = esrt_task_first(&r, &task, acc, 1, p); v >= 0; v = esrt_task_next(&r))
    if (v == 1)
      twice_launcher(p[0], N);
    else
      twice(x, N);
  esrt_region_end();
#endif
  double s = 0;
  for (int i = 0; i < N; i++)
    s += x[i];
  printf("x[7] = %g, sum = %.1f\n", x[7], s);
  return 0;
}
