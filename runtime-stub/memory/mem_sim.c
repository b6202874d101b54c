/* The sim GPU back end: device memory is a separate host allocation and every
 * transfer an explicit copy, so the program computes with exactly the data
 * the runtime moved (docs/runtime.md, "Back ends"). */
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/memory/mem.h"
#include "scheduler/base/error.h"

static int sim_alloc(void *ctx, size_t bytes, void **out) {
  (void)ctx;
  *out = malloc(bytes ? bytes : 1);
  if (!*out)
    return ES_ENOMEM;
  memset(*out, RT_SIM_POISON, bytes);
  return ES_OK;
}

static void sim_release(void *ctx, void *p) {
  (void)ctx;
  free(p);
}

static int sim_copy(void *ctx, void *dst, const void *src, size_t n, RtCopyDir dir) {
  (void)ctx, (void)dir;
  memcpy(dst, src, n);
  return ES_OK;
}

static void sim_sync(void *ctx) { (void)ctx; }
static void sim_close(void *ctx) { (void)ctx; }

const RtMemOps rt_mem_sim = {"sim", 0, true, sim_alloc, sim_release, sim_copy, sim_sync, sim_close};
