/* The nvml DVFS back end: a GPU level becomes application clocks (the
 * supported graphics clock nearest to the level's frequency, with the
 * highest memory clock). Built only when NVML is found (ESCHED_HAVE_NVML);
 * otherwise every entry point says it is not built in. */
#include <stdio.h>
#include <stdlib.h>

#include "runtime-stub/power/dvfs_nvml.h"
#include "scheduler/base/error.h"

#ifdef ESCHED_HAVE_NVML
#include <nvml.h>

typedef struct Nvml {
  nvmlDevice_t dev;
  unsigned mem_clock; /* MHz */
} Nvml;

int rt_nvml_open(void **ctx, char *why, int whylen) {
  nvmlReturn_t r = nvmlInit_v2();
  if (r != NVML_SUCCESS) {
    snprintf(why, (size_t)whylen, "nvmlInit: %s", nvmlErrorString(r));
    return ES_ENOSUP;
  }
  Nvml *n = calloc(1, sizeof *n);
  unsigned count = 64, clocks[64];
  if (!n)
    r = NVML_ERROR_MEMORY;
  if (r == NVML_SUCCESS)
    r = nvmlDeviceGetHandleByIndex_v2(0, &n->dev);
  if (r == NVML_SUCCESS) /* the list is sorted fastest first */
    r = nvmlDeviceGetSupportedMemoryClocks(n->dev, &count, clocks);
  if (r == NVML_ERROR_INSUFFICIENT_SIZE)
    r = NVML_SUCCESS;
  if (r != NVML_SUCCESS) {
    snprintf(why, (size_t)whylen, "nvml: %s", nvmlErrorString(r));
    free(n);
    nvmlShutdown();
    return ES_ENOSUP;
  }
  n->mem_clock = clocks[0];
  *ctx = n;
  return ES_OK;
}

int rt_nvml_set(void *ctx, double hz, char *why, int whylen) {
  Nvml *n = ctx;
  unsigned clocks[256], count = 256, want = (unsigned)(hz / 1e6), best = 0;
  nvmlReturn_t r = nvmlDeviceGetSupportedGraphicsClocks(n->dev, n->mem_clock, &count, clocks);
  for (unsigned i = 0; r == NVML_SUCCESS && i < count; i++)
    if (i == 0 || (clocks[i] > want ? clocks[i] - want : want - clocks[i]) <
                      (best > want ? best - want : want - best))
      best = clocks[i];
  if (r == NVML_SUCCESS)
    r = nvmlDeviceSetApplicationsClocks(n->dev, n->mem_clock, best);
  if (r != NVML_SUCCESS) {
    snprintf(why, (size_t)whylen, "nvmlDeviceSetApplicationsClocks: %s", nvmlErrorString(r));
    return ES_EIO;
  }
  return ES_OK;
}

void rt_nvml_close(void *ctx) {
  if (!ctx)
    return;
  free(ctx);
  nvmlShutdown();
}

#else

int rt_nvml_open(void **ctx, char *why, int whylen) {
  *ctx = NULL;
  snprintf(why, (size_t)whylen, "NVML support is not built in (nvml.h was not found)");
  return ES_ENOSUP;
}

int rt_nvml_set(void *ctx, double hz, char *why, int whylen) {
  (void)ctx, (void)hz;
  snprintf(why, (size_t)whylen, "NVML support is not built in");
  return ES_ENOSUP;
}

void rt_nvml_close(void *ctx) { (void)ctx; }

#endif
