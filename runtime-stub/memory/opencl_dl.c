/* Loading the OpenCL ICD loader at run time (opencl_dl.h). */
#include "runtime-stub/memory/opencl_dl.h"

#include "scheduler/base/dl.h"

#define CL(f, opt)                                                                                 \
  { "cl" #f, offsetof(RtOpenCL, f), opt }
static const EsDlSym syms[] = {
    CL(GetPlatformIDs, false),
    CL(GetPlatformInfo, false),
    CL(GetDeviceIDs, false),
    CL(GetDeviceInfo, false),
    CL(CreateContext, false),
    CL(RetainContext, false),
    CL(ReleaseContext, false),
    CL(CreateCommandQueue, false),
    CL(CreateCommandQueueWithProperties, true),
    CL(ReleaseCommandQueue, false),
    CL(Finish, false),
    CL(CreateBuffer, false),
    CL(CreateSubBuffer, false),
    CL(ReleaseMemObject, false),
    CL(EnqueueFillBuffer, false),
    CL(EnqueueWriteBuffer, false),
    CL(EnqueueReadBuffer, false),
    CL(EnqueueCopyBuffer, false),
    CL(SVMAlloc, true),
    CL(SVMFree, true),
    CL(EnqueueSVMMemcpy, true),
    CL(EnqueueSVMMemFill, true),
    CL(SetKernelArgSVMPointer, true),
    CL(CreateProgramWithSource, false),
    CL(BuildProgram, false),
    CL(GetProgramBuildInfo, false),
    CL(ReleaseProgram, false),
    CL(CreateKernel, false),
    CL(ReleaseKernel, false),
    CL(SetKernelArg, false),
};

static bool load(void *table, char *why, int whylen) {
  return es_dl_open_bind("ESCHED_OPENCL_LIB", "libOpenCL.so.1", "OpenCL ICD loader", table, syms,
                         (int)(sizeof syms / sizeof *syms), why, whylen);
}

const RtOpenCL *rt_opencl_lib(char *why, int whylen) {
  static EsDlOnce once = ES_DL_ONCE;
  static RtOpenCL table;
  return es_dl_load(&once, &table, load, why, whylen);
}
