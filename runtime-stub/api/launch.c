/* The launcher API of esched_rt.h: what CUDA and OpenCL variants ask of
 * the device they are run for (the calling thread's current device,
 * memory/mem.h). Called while the variant runs, without the state's lock
 * except to record a warning. */
#include "esched_rt.h"
#include "runtime-stub/core/state.h"
#include "runtime-stub/memory/mem.h"
#include "runtime-stub/memory/mem_opencl.h"
#include "runtime-stub/memory/opencl_dl.h" /* CL_INVALID_CONTEXT */
#include "runtime-stub/memory/opencl_program.h"

/* The current device's context when its back end is ops, else NULL. */
static void *current_of(const RtMemOps *ops) {
  void *ctx;
  return rt_mem_current(&ctx) == ops ? ctx : NULL;
}

void *esrt_cuda_stream(void) {
  void *c = current_of(&rt_mem_cuda);
  return c ? rt_mem_cuda_stream(c) : NULL;
}

void *esrt_opencl_context(void) {
  void *c = current_of(&rt_mem_opencl);
  return c ? rt_opencl_context(c) : NULL;
}

void *esrt_opencl_queue(void) {
  void *c = current_of(&rt_mem_opencl);
  return c ? rt_opencl_queue(c) : NULL;
}

void *esrt_opencl_device(void) {
  void *c = current_of(&rt_mem_opencl);
  return c ? rt_opencl_device(c) : NULL;
}

void *esrt_opencl_kernel(const char *file, const char *name) {
  void *c = current_of(&rt_mem_opencl);
  char why[1024] = "";
  void *k = c && file && name ? rt_opencl_kernel(c, file, name, why, sizeof why) : NULL;
  RtState *s = why[0] ? rt_state_locked() : NULL;
  if (s) {
    rt_warn_locked(s, "opencl: %s", why);
    rt_state_unlock(s);
  }
  return k;
}

int esrt_opencl_set_ptr(void *kernel, unsigned index, const void *ptr) {
  void *c = current_of(&rt_mem_opencl);
  return c ? rt_opencl_set_ptr(c, kernel, index, ptr) : CL_INVALID_CONTEXT;
}
