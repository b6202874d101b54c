/* The sim GPU back end: device memory is a separate host allocation and every
 * transfer an explicit copy, so the program computes with exactly the data
 * the runtime moved (docs/runtime.md, "Back ends"). Its context is the
 * number of spare bytes around each buffer (cast to a pointer; 0 mostly):
 * ESCHED_CHECK gives some, so that a variant writing past its sections
 * does not break the heap before the check's report is read. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/memory/mem.h"
#include "scheduler/base/error.h"

static int sim_alloc(void *ctx, size_t bytes, void **out) {
  size_t pad = (size_t)(uintptr_t)ctx;
  char *base = malloc(bytes + 2 * pad + 1);
  if (!base)
    return ES_ENOMEM;
  memset(base, RT_SIM_POISON, bytes + 2 * pad);
  *out = base + pad;
  return ES_OK;
}

static void sim_release(void *ctx, void *p) {
  if (p)
    free((char *)p - (size_t)(uintptr_t)ctx);
}

static int sim_copy(void *ctx, void *dst, const void *src, size_t n, RtCopyDir dir) {
  (void)ctx, (void)dir;
  memcpy(dst, src, n);
  return ES_OK;
}

static void sim_sync(void *ctx) { (void)ctx; }
static void sim_close(void *ctx) { (void)ctx; }

const RtMemOps rt_mem_sim = {"sim", 0, true, sim_alloc, sim_release, sim_copy, sim_sync, sim_close};
