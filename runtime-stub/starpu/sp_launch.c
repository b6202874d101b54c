/* OpenCL launchers on StarPU's OpenCL workers (sp_launch.h).
 *
 * A launcher (`gpu(f: opencl)`) enqueues kernels with cl_mem arguments,
 * but it has the task's C parameters: pointers. As in the native runtime's
 * buffer mode, each access gets an address in a reserved, never mapped
 * range standing for its StarPU buffer; esrt_opencl_set_ptr turns an
 * address inside it back into the buffer's cl_mem (a sub-buffer when it is
 * not the buffer's start: the vector interface's offset plus the
 * pointer's). Programs and kernels are built with the native runtime's
 * code (runtime-stub/memory/opencl_program.h) on StarPU's context for the
 * worker's device, once per worker: each worker is one thread, so a kernel's
 * arguments are never set by two threads at once. Nothing here takes a
 * lock: a worker's entry is touched only by its own thread, and by
 * sp_launch_close once StarPU has stopped.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE */
#include "runtime-stub/starpu/sp_launch.h"
#include "runtime-stub/memory/opencl_dl.h" /* CL/cl.h at the runtime's OpenCL version */

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "runtime-stub/memory/mem_opencl.h"
#include "runtime-stub/memory/opencl_program.h"
#include "runtime-stub/starpu/sp_state.h"
#include "scheduler/base/error.h"

/* No CUDA launcher reaches this target (the rewriter refuses them). */
void *esrt_cuda_stream(void) { return NULL; }

#ifdef STARPU_USE_OPENCL
/* What one OpenCL worker keeps between its launchers. */
typedef struct SpLauncher {
  void *kernels; /* rt_opencl_adopt's context on StarPU's: programs and kernels */
  bool failed;   /* adopting StarPU's context failed (warned) */
  char *va;      /* reserved addresses, cap bytes */
  size_t cap;
  cl_mem *subs; /* sub-buffers made for the current run */
  int nsubs, subcap;
} SpLauncher;

static SpLauncher launchers[STARPU_NMAXWORKERS];
static _Thread_local const EspRun *running;

/* Access i's bytes in StarPU's buffer (0 for an empty access). */
static size_t slot_bytes(const EspRun *r, int i) {
  int b = r->slots[i].buffer;
  return b < 0 ? 0
               : (size_t)STARPU_VECTOR_GET_NX(r->buffers[b]) *
                     STARPU_VECTOR_GET_ELEMSIZE(r->buffers[b]);
}

/* A page-multiple span per access, at least one page: distinct addresses,
 * even for empty accesses. */
static size_t span(size_t bytes) { return (bytes / 4096 + 1) * 4096; }

bool sp_launch_begin(EspRun *r) {
  SpLauncher *l = &launchers[r->worker];
  size_t need = 0;
  for (int i = 0; i < r->task->nslots; i++)
    need += span(slot_bytes(r, i));
  if (need > l->cap) {
    if (l->va)
      munmap(l->va, l->cap);
    void *va = mmap(NULL, need, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    l->va = va == MAP_FAILED ? NULL : va;
    l->cap = va == MAP_FAILED ? 0 : need;
    if (!l->va)
      return false;
  }
  size_t at = 0;
  for (int i = 0; i < r->task->nslots; i++) {
    r->ptr[i] = l->va + at;
    at += span(slot_bytes(r, i));
  }
  l->nsubs = 0;
  running = r;
  return true;
}

void sp_launch_end(EspRun *r) {
  SpLauncher *l = &launchers[r->worker];
  for (int i = 0; i < l->nsubs; i++)
    clReleaseMemObject(l->subs[i]);
  l->nsubs = 0;
  running = NULL;
}

void sp_launch_close(void) {
  for (int w = 0; w < STARPU_NMAXWORKERS; w++) {
    SpLauncher *l = &launchers[w];
    if (l->kernels)
      rt_mem_opencl.close(l->kernels);
    if (l->va)
      munmap(l->va, l->cap);
    free(l->subs);
    *l = (SpLauncher){0};
  }
}

static int devid(void) { return starpu_worker_get_devid(running->worker); }

void *esrt_opencl_context(void) {
  cl_context c = NULL;
  if (running)
    starpu_opencl_get_context(devid(), &c);
  return c;
}

void *esrt_opencl_queue(void) {
  cl_command_queue q = NULL;
  if (running)
    starpu_opencl_get_queue(devid(), &q);
  return q;
}

void *esrt_opencl_device(void) {
  cl_device_id d = NULL;
  if (running)
    starpu_opencl_get_device(devid(), &d);
  return d;
}

void *esrt_opencl_kernel(const char *file, const char *name) {
  SpLauncher *l = running ? &launchers[running->worker] : NULL;
  if (!l || !file || !name)
    return NULL;
  char why[1024] = "";
  if (!l->kernels && !l->failed) {
    l->failed = rt_opencl_adopt(esrt_opencl_context(), esrt_opencl_device(), &l->kernels, why,
                                (int)sizeof why) != ES_OK;
    if (l->failed && !why[0])
      snprintf(why, sizeof why, "out of memory");
  }
  void *k = l->kernels ? rt_opencl_kernel(l->kernels, file, name, why, (int)sizeof why) : NULL;
  if (why[0])
    sp_warn("opencl: %s", why);
  return k;
}

/* The access whose addresses hold p, or -1. */
static int slot_at(const EspRun *r, const char *p) {
  for (int i = 0; i < r->task->nslots; i++) {
    const char *at = r->ptr[i];
    if (p == at || (p > at && p < at + slot_bytes(r, i)))
      return i;
  }
  return -1;
}

/* A sub-buffer of v from off, kept until the run ends. */
static cl_mem sub_buffer(struct starpu_vector_interface *v, size_t off, size_t room, cl_int *e) {
  SpLauncher *l = &launchers[running->worker];
  if (l->nsubs == l->subcap) {
    int cap = l->subcap ? 2 * l->subcap : 8;
    cl_mem *s = realloc(l->subs, sizeof *s * (size_t)cap);
    if (!s) {
      *e = CL_OUT_OF_HOST_MEMORY;
      return NULL;
    }
    l->subs = s, l->subcap = cap;
  }
  cl_buffer_region region = {off, room};
  cl_mem m = clCreateSubBuffer((cl_mem)v->dev_handle, CL_MEM_READ_WRITE,
                               CL_BUFFER_CREATE_TYPE_REGION, &region, e);
  if (*e == CL_SUCCESS)
    l->subs[l->nsubs++] = m;
  return m;
}

int esrt_opencl_set_ptr(void *kernel, unsigned index, const void *ptr) {
  if (!running)
    return CL_INVALID_CONTEXT;
  cl_mem m = NULL; /* NULL, or an empty access: no buffer */
  cl_int e = CL_SUCCESS;
  int i = ptr ? slot_at(running, ptr) : -1;
  if (ptr && i < 0)
    return CL_INVALID_MEM_OBJECT;
  if (i >= 0 && running->slots[i].buffer >= 0) {
    struct starpu_vector_interface *v = running->buffers[running->slots[i].buffer];
    size_t inside = (size_t)((const char *)ptr - (const char *)running->ptr[i]);
    m = (cl_mem)v->dev_handle;
    if (v->offset + inside != 0)
      m = sub_buffer(v, v->offset + inside, slot_bytes(running, i) - inside, &e);
  }
  return e == CL_SUCCESS ? clSetKernelArg(kernel, index, sizeof m, &m) : e;
}
#else
bool sp_launch_begin(EspRun *r) {
  (void)r;
  return false; /* no OpenCL worker without OpenCL */
}
void sp_launch_end(EspRun *r) { (void)r; }
void sp_launch_close(void) {}
void *esrt_opencl_context(void) { return NULL; }
void *esrt_opencl_queue(void) { return NULL; }
void *esrt_opencl_device(void) { return NULL; }
void *esrt_opencl_kernel(const char *file, const char *name) {
  (void)file, (void)name;
  return NULL;
}
int esrt_opencl_set_ptr(void *kernel, unsigned index, const void *ptr) {
  (void)kernel, (void)index, (void)ptr;
  return CL_INVALID_CONTEXT;
}
#endif
