/* Memory spaces: where a device's copies of host data live, behind one set
 * of operations per back end. Space 0 is host memory (devices of kind "cpu");
 * every other device owns a space whose back end is `sim` (a separate heap
 * on the host, poisoned when allocated so that data never moved shows up in
 * the output) or `cuda` (device memory, copies through pinned buffers). */
#ifndef ESCHED_RT_MEM_H
#define ESCHED_RT_MEM_H

#include <stdbool.h>
#include <stddef.h>

typedef enum RtCopyDir { RT_H2D, RT_D2H, RT_D2D } RtCopyDir;

typedef struct RtMemOps {
  const char *name;
  /* 0 or a negative ES_E* code; *out receives the new buffer. */
  int (*alloc)(void *ctx, size_t bytes, void **out);
  void (*release)(void *ctx, void *p);
  /* Copies n bytes and returns when the copy is complete. */
  int (*copy)(void *ctx, void *dst, const void *src, size_t n, RtCopyDir dir);
  /* Waits for the work variants queued (cuda: the stream). */
  void (*sync)(void *ctx);
  /* The stream variants launch on, or NULL. */
  void *(*stream)(void *ctx);
  void (*close)(void *ctx);
} RtMemOps;

/* The byte pattern of fresh sim buffers: NaN as a float or double, -1 as an
 * integer, so a missing transfer changes what a program prints. */
#define RT_SIM_POISON 0xFF

extern const RtMemOps rt_mem_sim;

/* The cuda back end: NULL when it is not built in. rt_mem_cuda_open returns
 * 0 and a context, or a negative code and a reason when no GPU is usable. */
const RtMemOps *rt_mem_cuda(void);
int rt_mem_cuda_open(int ordinal, void **ctx, char *why, int whylen);

#endif
