// A program whose GPU variant is a CUDA kernel (Inputs/saxpy_gpu.cu),
// built with nvcc against the runtime's cuda back end. Without a usable GPU
// (ESCHED_GPU=cuda on a machine without one, or the default sim back end,
// which cannot run .cu launchers) the task runs its CPU variant: stdout is
// the plain program's either way. On a machine with a GPU the same binary
// runs the kernel with ESCHED_GPU=cuda.
// REQUIRES: cuda
// RUN: %cc -DPLAIN %s -o %t.plain && %t.plain > %t.expected
// RUN: %nvcc -c %S/Inputs/saxpy_gpu.cu -I%esrt_include -o %t.gpu.o
// RUN: %cc %esrt_cflags -c %s -o %t.o
// RUN: %cc %esrt_cflags %t.o %t.gpu.o -o %t %esrt_libs %cudart_link
// RUN: %t 2> %t.sim | diff %t.expected -
// RUN: FileCheck %s --check-prefix=SIM --input-file=%t.sim
// RUN: env ESCHED_GPU=cuda %t > %t.out 2> %t.cuda
// RUN: diff %t.expected %t.out
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t.cuda
// SIM: warning: task 'saxpy': its variant for device 'gpu' cannot run here; it runs on the host
// SIM: device cpu: 1 tasks
// Without a GPU: one warning, for the device (no driver here, or no GPU).
// CUDA-NOT: its variant for device
// CUDA: summary: platform silberstein2011, executor serial, gpu cuda
#include <stdio.h>

#define N 4096

static float x[N], y[N];

static void saxpy(float a, const float *xs, float *ys, int n) {
  for (int i = 0; i < n; i++)
    ys[i] = a * xs[i] + ys[i];
}

#ifndef PLAIN
#include "esched_rt.h"
struct saxpy_args {
  float a;
  int n;
};
void saxpy_gpu(void *const *p, const void *args);
static void saxpy_cpu(void *const *p, const void *args) {
  const struct saxpy_args *s = args;
  saxpy(s->a, p[0], p[1], s->n);
}
static const EsrtVariant v_saxpy[] = {{"cpu", saxpy_cpu, 0, 0},
                                      {"gpu", saxpy_gpu, 0, ESRT_VARIANT_CUDA}};
static const EsrtTask t_saxpy = {"main", "saxpy", "saxpy", v_saxpy, 2, 1, 0, 0};
#endif

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = (float)(i % 10), y[i] = (float)(i % 7);
#ifdef PLAIN
  saxpy(2.0f, x, y, N);
#else
  struct saxpy_args a = {2.0f, N};
  EsrtAccess acc[2] = {{x, sizeof x, ESRT_IN}, {y, sizeof y, ESRT_INOUT}};
  esrt_submit(&t_saxpy, acc, 2, &a, sizeof a);
  esrt_host(y, sizeof y, ESRT_IN);
#endif
  double s = 0;
  for (int i = 0; i < N; i++)
    s += y[i];
  printf("y[9]=%g sum=%.1f\n", y[9], s);
  return 0;
}
