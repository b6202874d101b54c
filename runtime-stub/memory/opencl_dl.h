/* The OpenCL ICD loader (libOpenCL.so.1) loaded at run time, so that
 * programs without OpenCL variants need no OpenCL library. The table's
 * types come from the Khronos headers (opencl-c-headers), so each pointer
 * has exactly the declared function's type. */
#ifndef ESCHED_RT_MEMORY_OPENCL_DL_H
#define ESCHED_RT_MEMORY_OPENCL_DL_H

#define CL_TARGET_OPENCL_VERSION          300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS /* clCreateCommandQueue for 1.x devices */
#include <CL/cl.h>

#define RT_CL_FN(f) __typeof__(cl##f) *f
typedef struct RtOpenCL {
  RT_CL_FN(GetPlatformIDs);
  RT_CL_FN(GetPlatformInfo);
  RT_CL_FN(GetDeviceIDs);
  RT_CL_FN(GetDeviceInfo);
  RT_CL_FN(CreateContext);
  RT_CL_FN(RetainContext);
  RT_CL_FN(ReleaseContext);
  RT_CL_FN(CreateCommandQueue);
  RT_CL_FN(CreateCommandQueueWithProperties); /* 2.0; NULL when the loader lacks it */
  RT_CL_FN(ReleaseCommandQueue);
  RT_CL_FN(Finish);
  RT_CL_FN(CreateBuffer);
  RT_CL_FN(CreateSubBuffer);
  RT_CL_FN(ReleaseMemObject);
  RT_CL_FN(EnqueueFillBuffer);
  RT_CL_FN(EnqueueWriteBuffer);
  RT_CL_FN(EnqueueReadBuffer);
  RT_CL_FN(EnqueueCopyBuffer);
  RT_CL_FN(SVMAlloc); /* 2.0 (shared virtual memory); NULL when missing */
  RT_CL_FN(SVMFree);
  RT_CL_FN(EnqueueSVMMemcpy);
  RT_CL_FN(EnqueueSVMMemFill);
  RT_CL_FN(SetKernelArgSVMPointer);
  RT_CL_FN(CreateProgramWithSource);
  RT_CL_FN(BuildProgram);
  RT_CL_FN(GetProgramBuildInfo);
  RT_CL_FN(ReleaseProgram);
  RT_CL_FN(CreateKernel);
  RT_CL_FN(ReleaseKernel);
  RT_CL_FN(SetKernelArg);
} RtOpenCL;
#undef RT_CL_FN

/* The loaded ICD loader (ESCHED_OPENCL_LIB, else libOpenCL.so.1), or NULL
 * and the reason. Loaded once per process, thread safe, never unloaded. */
const RtOpenCL *rt_opencl_lib(char *why, int whylen);

#endif
