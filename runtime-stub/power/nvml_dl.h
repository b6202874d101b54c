/* NVML (libnvidia-ml.so.1, the driver's) loaded at run time, so that no
 * program links it: GPU application clocks (dvfs_nvml.c), the GPU energy
 * counter (energy_nvml.c) and power limits for platform detection. Types
 * and constants are declared here from NVML's documented ABI. ESCHED_NVML
 * names another library, or "none". Loaded once per process, thread safe,
 * never unloaded. */
#ifndef ESCHED_RT_POWER_NVML_DL_H
#define ESCHED_RT_POWER_NVML_DL_H

typedef int nvmlReturn_t;
enum {
  NVML_SUCCESS = 0,
  NVML_ERROR_NOT_SUPPORTED = 3,
  NVML_ERROR_INSUFFICIENT_SIZE = 7,
  NVML_ERROR_MEMORY = 20,
};
typedef struct nvmlDevice_st *nvmlDevice_t;
enum { NVML_CLOCK_GRAPHICS = 0 };
#define NVML_DEVICE_NAME_BUFFER_SIZE 96 /* the _v2 size */

typedef struct RtNvml {
  nvmlReturn_t (*Init_v2)(void); /* reference counted */
  nvmlReturn_t (*Shutdown)(void);
  const char *(*ErrorString)(nvmlReturn_t);
  nvmlReturn_t (*DeviceGetHandleByIndex_v2)(unsigned, nvmlDevice_t *);
  nvmlReturn_t (*DeviceGetName)(nvmlDevice_t, char *, unsigned);
  nvmlReturn_t (*DeviceGetSupportedMemoryClocks)(nvmlDevice_t, unsigned *, unsigned *);
  nvmlReturn_t (*DeviceGetSupportedGraphicsClocks)(nvmlDevice_t, unsigned, unsigned *, unsigned *);
  nvmlReturn_t (*DeviceSetApplicationsClocks)(nvmlDevice_t, unsigned, unsigned);
  /* optional: NULL when the driver lacks them */
  nvmlReturn_t (*DeviceGetTotalEnergyConsumption)(nvmlDevice_t, unsigned long long *);
  nvmlReturn_t (*DeviceGetMaxClockInfo)(nvmlDevice_t, int, unsigned *);
  nvmlReturn_t (*DeviceGetPowerManagementDefaultLimit)(nvmlDevice_t, unsigned *);
} RtNvml;

/* The loaded library, or NULL and the reason. */
const RtNvml *rt_nvml_lib(char *why, int whylen);

/* nvmlInit and the handle of GPU `index` (NVML's order: PCI bus; CUDA's
 * matches with CUDA_DEVICE_ORDER=PCI_BUS_ID). 0, or ES_ENOSUP and the
 * reason; rt_nvml_release undoes it. */
int rt_nvml_acquire(unsigned index, const RtNvml **lib, nvmlDevice_t *dev, char *why, int whylen);
void rt_nvml_release(const RtNvml *lib);

#endif
