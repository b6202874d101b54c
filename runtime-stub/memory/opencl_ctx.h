/* The opencl back end's context, shared by mem_opencl.c (devices, memory,
 * copies, kernel arguments) and opencl_program.c (programs and kernels).
 * Internal to the memory room. */
#ifndef ESCHED_RT_MEMORY_OPENCL_CTX_H
#define ESCHED_RT_MEMORY_OPENCL_CTX_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "runtime-stub/memory/opencl_dl.h"

typedef struct OclKernel {
  char *name;
  cl_kernel k;
} OclKernel;

typedef struct OclProgram {
  char *file;      /* as the launcher named it */
  cl_program prog; /* NULL when it failed: warned once, never retried */
  OclKernel *kernels;
  int nkernels;
} OclProgram;

/* Buffer mode: a reserved, never mapped host address range standing for a
 * cl_mem, and the sub-buffers made for sections inside it. */
typedef struct OclSub {
  size_t off;
  cl_mem mem;
} OclSub;

typedef struct OclExtent {
  char *va;
  size_t bytes;
  cl_mem mem;
  OclSub *subs;
  int nsubs;
} OclExtent;

typedef struct Ocl {
  const RtOpenCL *cl;
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  bool svm;
  size_t base_align; /* CL_DEVICE_MEM_BASE_ADDR_ALIGN, bytes: sub-buffer offsets */
  char describe[400];
  pthread_mutex_t lock; /* programs and extents: launchers of several threads */
  OclProgram *programs;
  int nprograms;
  OclExtent *ext;
  int next, extcap;
} Ocl;

/* opencl_program.c: releases every program and kernel of c. */
void ocl_programs_free(Ocl *c);

#endif
