/* Loading NVML at run time (nvml_dl.h). */
#include "runtime-stub/power/nvml_dl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/memory/dl.h"
#include "scheduler/base/error.h"

#define NV(f, opt)                                                                                 \
  { "nvml" #f, offsetof(RtNvml, f), opt }
static const RtDlSym syms[] = {
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

/* Written once under pthread_once, read-only afterwards. */
static struct {
  RtNvml table;
  bool ok;
  char why[300];
} loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  const char *env = getenv("ESCHED_NVML");
  if (env && !strcmp(env, "none")) {
    snprintf(loaded.why, sizeof loaded.why, "NVML disabled (ESCHED_NVML=none)");
    return;
  }
  const char *name = env && *env ? env : "libnvidia-ml.so.1";
  void *h = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    snprintf(loaded.why, sizeof loaded.why, "no NVML (%s)", dlerror());
    return;
  }
  loaded.ok = rt_dl_bind(h, &loaded.table, syms, (int)(sizeof syms / sizeof *syms), name,
                         loaded.why, sizeof loaded.why);
}

const RtNvml *rt_nvml_lib(char *why, int whylen) {
  pthread_once(&once, load);
  if (!loaded.ok)
    snprintf(why, (size_t)whylen, "%s", loaded.why);
  return loaded.ok ? &loaded.table : NULL;
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
