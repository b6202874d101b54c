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

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

/* The largest power of two not above n, within [RT_MEM_ALIGN_MIN,
 * RT_MEM_ALIGN_MAX]. An object of type T spans sizeof(T) >= _Alignof(T)
 * bytes, so a buffer that starts with one is aligned for T. */
static size_t align_for(size_t n) {
  size_t a = RT_MEM_ALIGN_MIN;
  while (a < RT_MEM_ALIGN_MAX && 2 * a <= n)
    a *= 2;
  return a;
}

void *rt_mem_host_alloc(size_t bytes, size_t pad) {
  size_t align = align_for(bytes), spare = round_up(pad, RT_MEM_ALIGN_MAX);
  if (spare > SIZE_MAX / 4 || bytes > SIZE_MAX / 2 - 2 * spare)
    return NULL;
  size_t total = round_up((bytes ? bytes : 1) + 2 * spare, align);
  char *base = aligned_alloc(align, total);
  if (!base)
    return NULL;
  memset(base, RT_SIM_POISON, total);
  return base + spare;
}

void rt_mem_host_release(void *p, size_t pad) {
  if (p)
    free((char *)p - round_up(pad, RT_MEM_ALIGN_MAX));
}

static int sim_alloc(void *ctx, size_t bytes, void **out) {
  *out = rt_mem_host_alloc(bytes, (size_t)(uintptr_t)ctx);
  return *out ? ES_OK : ES_ENOMEM;
}

static void sim_release(void *ctx, void *p) { rt_mem_host_release(p, (size_t)(uintptr_t)ctx); }

static int sim_copy(void *ctx, void *dst, const void *src, size_t n, RtCopyDir dir) {
  (void)ctx, (void)dir;
  memcpy(dst, src, n);
  return ES_OK;
}

static void sim_sync(void *ctx) { (void)ctx; }
static void sim_close(void *ctx) { (void)ctx; }

const RtMemOps rt_mem_sim = {"sim", 0, true, sim_alloc, sim_release, sim_copy, sim_sync, sim_close};
