/* The NVML energy meter (energy.h): the first GPU's total energy counter,
 * nvmlDeviceGetTotalEnergyConsumption (millijoules since the driver loaded,
 * Volta and later). Built only when NVML is found (ESCHED_HAVE_NVML);
 * otherwise opening says it is not built in. */
#include <stdio.h>
#include <stdlib.h>

#include "runtime-stub/power/energy.h"
#include "scheduler/base/error.h"

#ifdef ESCHED_HAVE_NVML
#include <nvml.h>

typedef struct NvmlMeter {
  nvmlDevice_t dev;
} NvmlMeter;

int rt_nvml_energy_open(void **ctx, char *why, int whylen) {
  *ctx = NULL;
  nvmlReturn_t r = nvmlInit_v2(); /* reference counted: the DVFS back end may hold one too */
  if (r != NVML_SUCCESS) {
    snprintf(why, (size_t)whylen, "nvmlInit: %s", nvmlErrorString(r));
    return ES_ENOSUP;
  }
  NvmlMeter *m = calloc(1, sizeof *m);
  unsigned long long mj;
  r = m ? nvmlDeviceGetHandleByIndex_v2(0, &m->dev) : NVML_ERROR_MEMORY;
  if (r == NVML_SUCCESS)
    r = nvmlDeviceGetTotalEnergyConsumption(m->dev, &mj);
  if (r != NVML_SUCCESS) {
    snprintf(why, (size_t)whylen, "nvmlDeviceGetTotalEnergyConsumption: %s", nvmlErrorString(r));
    free(m);
    nvmlShutdown();
    return ES_ENOSUP;
  }
  *ctx = m;
  return ES_OK;
}

double rt_nvml_energy_read(void *ctx) {
  NvmlMeter *m = ctx;
  unsigned long long mj;
  if (!m || nvmlDeviceGetTotalEnergyConsumption(m->dev, &mj) != NVML_SUCCESS)
    return -1;
  return (double)mj * 1e-3;
}

void rt_nvml_energy_close(void *ctx) {
  if (!ctx)
    return;
  free(ctx);
  nvmlShutdown();
}

#else

int rt_nvml_energy_open(void **ctx, char *why, int whylen) {
  *ctx = NULL;
  snprintf(why, (size_t)whylen, "NVML support is not built in (nvml.h was not found)");
  return ES_ENOSUP;
}

double rt_nvml_energy_read(void *ctx) {
  (void)ctx;
  return -1;
}

void rt_nvml_energy_close(void *ctx) { (void)ctx; }

#endif
