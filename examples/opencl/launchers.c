/* OpenCL launchers (launchers.h): what a user writes for `gpu(f: opencl)`.
 * The runtime gives each the device's queue and built kernels
 * (esrt_opencl_*), and waits for the queue after it returns. An OpenCL
 * error is fatal here: a kernel that did not run would leave the device's
 * poisoned memory in the output. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

#include "esched_rt.h"
#include "launchers.h"

static void check(cl_int e, const char *what) {
  if (e != CL_SUCCESS) {
    fprintf(stderr, "launchers: %s: OpenCL error %d\n", what, e);
    exit(3);
  }
}

static cl_kernel kernel(const char *name) {
  cl_kernel k = esrt_opencl_kernel("kernels.cl", name);
  if (!k) {
    fprintf(stderr, "launchers: no kernel '%s' (see the warning above)\n", name);
    exit(3);
  }
  return k;
}

static void arg_ptr(cl_kernel k, unsigned i, const void *p) {
  check(esrt_opencl_set_ptr(k, i, p), "a pointer argument");
}

static void arg_int(cl_kernel k, unsigned i, int v) {
  check(clSetKernelArg(k, i, sizeof v, &v), "an int argument");
}

/* Enqueues k on the task's queue over a dims-dimensional range. */
static void enqueue(cl_kernel k, cl_uint dims, size_t x, size_t y) {
  size_t global[2] = {x, y};
  check(clEnqueueNDRangeKernel(esrt_opencl_queue(), k, dims, NULL, global, NULL, 0, NULL, NULL),
        "clEnqueueNDRangeKernel");
}

void matmul_ocl(const double *a, const double *b, double *t, int n) {
  cl_kernel k = kernel("matmul");
  arg_ptr(k, 0, a), arg_ptr(k, 1, b), arg_ptr(k, 2, t), arg_int(k, 3, n);
  enqueue(k, 2, (size_t)n, (size_t)n);
}

void add_ocl(const double *t, const double *c, double *r, int n) {
  cl_kernel k = kernel("add");
  arg_ptr(k, 0, t), arg_ptr(k, 1, c), arg_ptr(k, 2, r);
  enqueue(k, 1, (size_t)n * (size_t)n, 1);
}

void jacobi_ocl(const double *u, double *v, int nx, int ny) {
  cl_kernel k = kernel("jacobi");
  arg_ptr(k, 0, u), arg_ptr(k, 1, v), arg_int(k, 2, nx), arg_int(k, 3, ny);
  enqueue(k, 2, (size_t)nx, (size_t)ny);
}

void change_ocl(const double *u, const double *v, double *d, int n) {
  cl_kernel k = kernel("change");
  arg_ptr(k, 0, u), arg_ptr(k, 1, v), arg_ptr(k, 2, d), arg_int(k, 3, n);
  enqueue(k, 1, 1, 1);
}
