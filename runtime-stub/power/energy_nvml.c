/* The NVML energy meter (energy.h): a GPU's total energy counter,
 * nvmlDeviceGetTotalEnergyConsumption (millijoules since the driver
 * loaded, Volta and later), through NVML loaded at run time. */
#include <stdio.h>
#include <stdlib.h>

#include "runtime-stub/power/energy.h"
#include "runtime-stub/power/nvml_dl.h"
#include "scheduler/base/error.h"

typedef struct NvmlMeter {
  const RtNvml *l;
  nvmlDevice_t dev;
} NvmlMeter;

int rt_nvml_energy_open(unsigned index, void **ctx, char *why, int whylen) {
  *ctx = NULL;
  NvmlMeter *m = calloc(1, sizeof *m);
  if (!m)
    return ES_ENOMEM;
  if (rt_nvml_acquire(index, &m->l, &m->dev, why, whylen)) {
    free(m);
    return ES_ENOSUP;
  }
  unsigned long long mj;
  nvmlReturn_t r = m->l->DeviceGetTotalEnergyConsumption
                       ? m->l->DeviceGetTotalEnergyConsumption(m->dev, &mj)
                       : NVML_ERROR_NOT_SUPPORTED;
  if (r != NVML_SUCCESS) {
    snprintf(why, (size_t)whylen, "nvmlDeviceGetTotalEnergyConsumption: %s", m->l->ErrorString(r));
    rt_nvml_energy_close(m);
    return ES_ENOSUP;
  }
  *ctx = m;
  return ES_OK;
}

double rt_nvml_energy_read(void *ctx) {
  NvmlMeter *m = ctx;
  unsigned long long mj;
  if (!m || m->l->DeviceGetTotalEnergyConsumption(m->dev, &mj) != NVML_SUCCESS)
    return -1;
  return (double)mj * 1e-3;
}

void rt_nvml_energy_close(void *ctx) {
  NvmlMeter *m = ctx;
  if (!m)
    return;
  rt_nvml_release(m->l);
  free(m);
}
