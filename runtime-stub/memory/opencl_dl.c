/* Loading the OpenCL ICD loader at run time (opencl_dl.h). */
#include "runtime-stub/memory/opencl_dl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "runtime-stub/memory/dl.h"

#define CL(f, opt)                                                                                 \
  { "cl" #f, offsetof(RtOpenCL, f), opt }
static const RtDlSym syms[] = {
    CL(GetPlatformIDs, false),
    CL(GetPlatformInfo, false),
    CL(GetDeviceIDs, false),
    CL(GetDeviceInfo, false),
    CL(CreateContext, false),
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

/* Written once under pthread_once, read-only afterwards. */
static struct {
  RtOpenCL table;
  bool ok;
  char why[300];
} loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  const char *env = getenv("ESCHED_OPENCL_LIB");
  const char *name = env && *env ? env : "libOpenCL.so.1";
  void *h = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    snprintf(loaded.why, sizeof loaded.why, "no OpenCL ICD loader (%s)", dlerror());
    return;
  }
  loaded.ok = rt_dl_bind(h, &loaded.table, syms, (int)(sizeof syms / sizeof *syms), name,
                         loaded.why, sizeof loaded.why);
}

const RtOpenCL *rt_opencl_lib(char *why, int whylen) {
  pthread_once(&once, load);
  if (!loaded.ok)
    snprintf(why, (size_t)whylen, "%s", loaded.why);
  return loaded.ok ? &loaded.table : NULL;
}
