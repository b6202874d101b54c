/* The nvml DVFS back end: a GPU level becomes application clocks (the
 * supported graphics clock nearest to the level's frequency, with the
 * highest memory clock), through NVML loaded at run time (nvml_dl.h). */
#include <stdio.h>
#include <stdlib.h>

#include "runtime-stub/power/dvfs_nvml.h"
#include "runtime-stub/power/nvml_dl.h"
#include "scheduler/base/error.h"

typedef struct Nvml {
  const RtNvml *l;
  nvmlDevice_t dev;
  unsigned mem_clock; /* MHz */
} Nvml;

int rt_nvml_open(void **ctx, char *why, int whylen) {
  *ctx = NULL;
  Nvml *n = calloc(1, sizeof *n);
  if (!n)
    return ES_ENOMEM;
  if (rt_nvml_acquire(0, &n->l, &n->dev, why, whylen)) {
    free(n);
    return ES_ENOSUP;
  }
  unsigned count = 64, clocks[64];
  nvmlReturn_t r = n->l->DeviceGetSupportedMemoryClocks(n->dev, &count, clocks);
  if (r == NVML_ERROR_INSUFFICIENT_SIZE)
    r = NVML_SUCCESS;
  if (r != NVML_SUCCESS || count == 0) {
    snprintf(why, (size_t)whylen, "nvmlDeviceGetSupportedMemoryClocks: %s",
             r != NVML_SUCCESS ? n->l->ErrorString(r) : "no clocks");
    rt_nvml_close(n);
    return ES_ENOSUP;
  }
  n->mem_clock = clocks[0]; /* fastest first */
  *ctx = n;
  return ES_OK;
}

static unsigned distance(unsigned a, unsigned b) { return a > b ? a - b : b - a; }

int rt_nvml_set(void *ctx, double hz, char *why, int whylen) {
  Nvml *n = ctx;
  unsigned clocks[256], count = 256, want = (unsigned)(hz / 1e6), best = 0;
  nvmlReturn_t r = n->l->DeviceGetSupportedGraphicsClocks(n->dev, n->mem_clock, &count, clocks);
  for (unsigned i = 0; r == NVML_SUCCESS && i < count; i++)
    if (i == 0 || distance(clocks[i], want) < distance(best, want))
      best = clocks[i];
  if (r == NVML_SUCCESS)
    r = n->l->DeviceSetApplicationsClocks(n->dev, n->mem_clock, best);
  if (r != NVML_SUCCESS) {
    snprintf(why, (size_t)whylen, "nvmlDeviceSetApplicationsClocks: %s", n->l->ErrorString(r));
    return ES_EIO;
  }
  return ES_OK;
}

void rt_nvml_close(void *ctx) {
  Nvml *n = ctx;
  if (!n)
    return;
  rt_nvml_release(n->l);
  free(n);
}
