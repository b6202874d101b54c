/* Memory spaces: where a device's copies of host data live, behind one set
 * of operations per back end. Space 0 is host memory (devices of kind "cpu");
 * every other device owns a space whose back end is
 *   sim     a separate heap on the host, poisoned when allocated so that
 *           data never moved shows up in the output;
 *   cuda    device memory through libcudart (loaded at run time), copies
 *           staged through pinned buffers;
 *   opencl  an OpenCL device through the ICD loader (loaded at run time):
 *           shared virtual memory or buffers, copies through its queue,
 *           poisoned like sim (mem_opencl.h).
 * Which variants a space runs: plain C functions on sim (and the host),
 * launchers flagged ESRT_VARIANT_CUDA on cuda, ESRT_VARIANT_OPENCL on
 * opencl. */
#ifndef ESCHED_RT_MEM_H
#define ESCHED_RT_MEM_H

#include <stdbool.h>
#include <stddef.h>

typedef enum RtCopyDir { RT_H2D, RT_D2H, RT_D2D } RtCopyDir;

typedef struct RtMemOps {
  const char *name;
  unsigned variant_flag; /* the EsrtVariant.flags bit of the variants it runs (0: plain C) */
  bool simulated;        /* its variants run on the host processor (sim) */
  /* 0 or a negative ES_E* code; *out receives the new buffer. */
  int (*alloc)(void *ctx, size_t bytes, void **out);
  void (*release)(void *ctx, void *p);
  /* Copies n bytes and returns when the copy is complete. */
  int (*copy)(void *ctx, void *dst, const void *src, size_t n, RtCopyDir dir);
  /* Waits for the work variants queued (cuda: the stream; opencl: the queue). */
  void (*sync)(void *ctx);
  void (*close)(void *ctx);
} RtMemOps;

/* The byte pattern of fresh device buffers: NaN as a float or double, -1
 * as an integer, so a missing transfer changes what a program prints. */
#define RT_SIM_POISON 0xFF

extern const RtMemOps rt_mem_sim;

/* Sim buffers and host scratch copies are aligned as a real device's
 * memory is, or more: for the largest power of two not above their size,
 * from cudaMalloc's 256 bytes (PoCL's CL_DEVICE_MEM_BASE_ADDR_ALIGN is
 * 128) to a page. A section starting with an object of a type declared
 * _Alignas(A), A up to a page, is aligned for it, as in host memory. */
#define RT_MEM_ALIGN_MIN 256
#define RT_MEM_ALIGN_MAX 4096

/* Host memory laid out as a sim buffer: `bytes` bytes (at least one),
 * aligned as above, with `pad` spare bytes before and after them (rounded
 * up to a multiple of RT_MEM_ALIGN_MAX, so the alignment holds), all
 * filled with RT_SIM_POISON. NULL when out of memory. The caller owns it:
 * rt_mem_host_release with the same pad frees it (NULL: nothing). */
void *rt_mem_host_alloc(size_t bytes, size_t pad);
void rt_mem_host_release(void *p, size_t pad);
extern const RtMemOps rt_mem_cuda;

/* Opens CUDA device `ordinal`: 0 and a context, or ES_ENOSUP / ES_ENOMEM
 * and a one-line reason (libcudart missing, no driver, no such GPU). */
int rt_mem_cuda_open(int ordinal, void **ctx, char *why, int whylen);
/* The context's cudaStream_t (variants launch on it) and ordinal. */
void *rt_mem_cuda_stream(void *ctx);
int rt_mem_cuda_ordinal(void *ctx);

/* The device whose variant the calling thread runs: the runtime sets it
 * before a variant and clears it (NULL) after, so that launchers ask for
 * their own device's stream or queue (esrt_cuda_stream, esrt_opencl_queue)
 * even when several devices' variants run at once. Thread local. */
void rt_mem_set_current(const RtMemOps *ops, void *ctx);
/* Its back end (NULL outside a variant) and context. */
const RtMemOps *rt_mem_current(void **ctx);
/* Seconds of the current variant's call spent on one-time setup (OpenCL
 * programs built on first use), which measured task times leave out;
 * rt_mem_set_current starts it at 0. Thread local. */
void rt_mem_add_setup(double seconds);
double rt_mem_setup(void);

#endif
