/* Loading NVML at run time (nvml_dl.h). */
#include "runtime-stub/power/nvml_dl.h"

#include <stdio.h>

#include "scheduler/base/dl.h"
#include "scheduler/base/error.h"

#define NV(f, opt)                                                                                 \
  { "nvml" #f, offsetof(RtNvml, f), opt }
static const EsDlSym syms[] = {
    NV(Init_v2, false),
    NV(Shutdown, false),
    NV(ErrorString, false),
    NV(DeviceGetHandleByIndex_v2, false),
    NV(DeviceGetName, false),
    NV(DeviceGetSupportedMemoryClocks, false),
    NV(DeviceGetSupportedGraphicsClocks, false),
    NV(DeviceSetApplicationsClocks, false),
    NV(DeviceGetTotalEnergyConsumption, true), /* Volta and later */
    NV(DeviceGetMaxClockInfo, true),
    NV(DeviceGetPowerManagementDefaultLimit, true),
};

static bool load(void *table, char *why, int whylen) {
  return es_dl_open_bind("ESCHED_NVML", "libnvidia-ml.so.1", "NVML", table, syms,
                         (int)(sizeof syms / sizeof *syms), why, whylen);
}

const RtNvml *rt_nvml_lib(char *why, int whylen) {
  static EsDlOnce once = ES_DL_ONCE;
  static RtNvml table;
  return es_dl_load(&once, &table, load, why, whylen);
}

int rt_nvml_acquire(unsigned index, const RtNvml **lib, nvmlDevice_t *dev, char *why, int whylen) {
  const RtNvml *l = rt_nvml_lib(why, whylen);
  if (!l)
    return ES_ENOSUP;
  nvmlReturn_t r = l->Init_v2();
  if (r != NVML_SUCCESS) {
    snprintf(why, (size_t)whylen, "nvmlInit: %s", l->ErrorString(r));
    return ES_ENOSUP;
  }
  r = l->DeviceGetHandleByIndex_v2(index, dev);
  if (r != NVML_SUCCESS) {
    snprintf(why, (size_t)whylen, "nvmlDeviceGetHandleByIndex(%u): %s", index, l->ErrorString(r));
    l->Shutdown();
    return ES_ENOSUP;
  }
  *lib = l;
  return ES_OK;
}

void rt_nvml_release(const RtNvml *lib) {
  if (lib)
    lib->Shutdown();
}
