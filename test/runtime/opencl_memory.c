// The opencl back end's memory: fresh device memory is poison (0xFF bytes,
// NaN as a double), as on sim, so a launcher that fails to write what its
// task declares it writes changes the program's output; an array section
// is an interior pointer the launcher passes on (a sub-buffer in buffer
// mode); and a launcher asks for its own device's queue.
// REQUIRES: opencl
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs %opencl_lib
// What the machine offers (its CPUs and OpenCL devices, on stderr), and the
// runtime's summary and warnings checked before the output: a failure shows
// them all.
// RUN: %opencl_env %esched platform --detect --no-calibrate -o %t.machine.yaml
// RUN: %opencl_env ESCHED_GPU=opencl ESCHED_OPENCL_PATH=%src_root/examples/opencl %t > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=SVM --input-file=%t.err --implicit-check-not=warning
// RUN: FileCheck %s --input-file=%t.out
// RUN: %opencl_env ESCHED_GPU=opencl ESCHED_OPENCL_PATH=%src_root/examples/opencl ESCHED_OPENCL_MEMORY=buffer %t > %t.out 2> %t.buf
// RUN: FileCheck %s --check-prefix=BUF --input-file=%t.buf --implicit-check-not=warning
// RUN: FileCheck %s --input-file=%t.out
// CHECK: forgotten: {{-?}}nan {{-?}}nan
// CHECK-NEXT: section: Z[15] = 0, Z[16] = 32, Z[47] = 94, Z[48] = 0, sum = 2016
// SVM: device gpu: 2 tasks, {{.*}}, on opencl {{.*}}, svm
// BUF: device gpu: 2 tasks, {{.*}}, on opencl {{.*}}, buffers
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>

#include "esched_rt.h"

static double X[2], Y[64], Z[64];

/* Declares it writes its output but enqueues nothing. */
static void forget(double *x) { (void)x; }

/* r = t + c over 32 elements with examples/opencl's add kernel; t and c are
 * an interior pointer of Y's buffer (128 bytes in: sub-buffers need the
 * device's base address alignment, PoCL's 128 bytes). */
static void add_section(const double *t, const double *c, double *r) {
  cl_kernel k = esrt_opencl_kernel("kernels.cl", "add");
  if (!k || !esrt_opencl_queue())
    return;
  esrt_opencl_set_ptr(k, 0, t), esrt_opencl_set_ptr(k, 1, c), esrt_opencl_set_ptr(k, 2, r);
  size_t global = 32;
  clEnqueueNDRangeKernel(esrt_opencl_queue(), k, 1, NULL, &global, NULL, 0, NULL, NULL);
}

static const EsrtVariant variants[] = {{"cpu", NULL, 0, 0}, {"gpu", NULL, 0, ESRT_VARIANT_OPENCL}};
static const EsrtTask forget_task = {"m", "forget", "forget", variants, 2, 1, 0, 0, NULL, NULL, 0};
static const EsrtTask add_task = {"m", "add", "add", variants, 2, 1, 0, 0, NULL, NULL, 0};

int main(void) {
  EsrtRun r;
  void *p[3];
  EsrtAccess out[1] = {{X, sizeof X, ESRT_OUT}};
  for (int v = esrt_task_first(&r, &forget_task, out, 1, p); v >= 0; v = esrt_task_next(&r))
    if (v == 1)
      forget(p[0]);
  esrt_host(X, sizeof X, ESRT_IN);
  printf("forgotten: %g %g\n", X[0], X[1]);
  for (int i = 0; i < 64; i++)
    Y[i] = i;
  /* Y whole and its section Y[16:32] share one buffer: the section is 128 bytes into it. */
  EsrtAccess acc[3] = {
      {Y, sizeof Y, ESRT_IN}, {Y + 16, 32 * sizeof *Y, ESRT_IN}, {Z + 16, 32 * sizeof *Z, ESRT_OUT}};
  for (int v = esrt_task_first(&r, &add_task, acc, 3, p); v >= 0; v = esrt_task_next(&r))
    if (v == 1)
      add_section(p[1], p[1], p[2]);
    else
      for (int i = 16; i < 48; i++)
        Z[i] = Y[i] + Y[i];
  esrt_region_end();
  double sum = 0;
  for (int i = 0; i < 64; i++)
    sum += Z[i];
  printf("section: Z[15] = %g, Z[16] = %g, Z[47] = %g, Z[48] = %g, sum = %g\n", Z[15], Z[16],
         Z[47], Z[48], sum);
  return 0;
}
