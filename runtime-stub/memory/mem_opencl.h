/* The opencl back end (docs/runtime.md, "Back ends"): one OpenCL device
 * through the ICD loader, loaded at run time (opencl_dl.h).
 *
 * Device memory is coarse-grained shared virtual memory (clSVMAlloc) when
 * the device offers it, else cl_mem buffers behind reserved, never mapped
 * host addresses (so the registry's `base + offset` arithmetic still
 * works and a launcher's pointer names its buffer and offset). Copies are
 * blocking commands on the device's in-order queue, which first finishes
 * the kernels enqueued before. Fresh memory is filled with RT_SIM_POISON,
 * as sim's is, so a missing transfer changes the output. Buffers never use
 * CL_MEM_USE_HOST_PTR: on a device sharing host memory (PoCL) host writes
 * would leak into device copies.
 *
 * Variants are launchers (ESRT_VARIANT_OPENCL): C functions taking the
 * task's parameters (device pointers) that enqueue kernels from .cl files
 * on the queue the runtime gives them (esched_rt.h, esrt_opencl_*). */
#ifndef ESCHED_RT_MEMORY_MEM_OPENCL_H
#define ESCHED_RT_MEMORY_MEM_OPENCL_H

#include <stdbool.h>

#include "runtime-stub/memory/mem.h"

extern const RtMemOps rt_mem_opencl;

/* How device memory is made: SVM when the device has coarse-grained SVM,
 * else buffers (auto), or either by force (ESCHED_OPENCL_MEMORY). */
typedef enum RtOclMemory { RT_OCL_AUTO, RT_OCL_SVM, RT_OCL_BUFFER } RtOclMemory;

/* One OpenCL device as the ICD loader lists it. */
typedef struct RtOclDevice {
  void *platform, *device; /* cl_platform_id, cl_device_id */
  int pi, di;              /* its indexes: platform, device within it ("P:D") */
  unsigned long type;      /* CL_DEVICE_TYPE_* bits */
  char name[128], platform_name[128];
} RtOclDevice;

/* Every device of every platform, GPUs first, then accelerators, then the
 * rest (each in the loader's order): the order in which the runtime's
 * opencl devices take them and `esched platform --detect` lists them.
 * Returns how many (at most max), or -1 and the reason when there is no
 * OpenCL at all. */
int rt_opencl_devices(RtOclDevice *out, int max, char *why, int whylen);

/* Opens a device: `want` is "P:D", a substring of the device's name, or
 * NULL for the nth device of rt_opencl_devices. Returns 0 and a context,
 * or ES_ENOSUP / ES_ENOMEM and the reason. */
int rt_mem_opencl_open(const char *want, int nth, RtOclMemory mode, void **ctx, char *why,
                       int whylen);
/* A context for kernels only (rt_opencl_kernel), on the device and
 * cl_context another runtime made (StarPU's OpenCL workers): it has no
 * queue and no memory of its own, retains the context, and
 * rt_mem_opencl.close releases it. Returns 0, ES_ENOMEM, or ES_ENOSUP and
 * the reason when the ICD loader cannot be loaded. */
int rt_opencl_adopt(void *context, void *device, void **ctx, char *why, int whylen);
/* "NAME (PLATFORM, OpenCL X.Y), svm|buffers", for the summary. */
const char *rt_opencl_describe(void *ctx);

/* The context's cl_context, cl_command_queue and cl_device_id. */
void *rt_opencl_context(void *ctx);
void *rt_opencl_queue(void *ctx);
void *rt_opencl_device(void *ctx);

/* Sets argument idx of kernel to device pointer p (any address inside a
 * buffer of this context: sections are interior pointers; NULL for a
 * zero-byte access). Returns a CL error code (0: CL_SUCCESS); buffers
 * cannot start a section at an offset that is not a multiple of the
 * device's base address alignment (CL_MISALIGNED_SUB_BUFFER_OFFSET). */
int rt_opencl_set_ptr(void *ctx, void *kernel, unsigned idx, const void *p);

#endif
