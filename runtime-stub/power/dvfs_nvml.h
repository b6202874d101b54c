/* The nvml DVFS back end (dvfs_nvml.c): GPU application clocks. */
#ifndef ESCHED_RT_POWER_DVFS_NVML_H
#define ESCHED_RT_POWER_DVFS_NVML_H

/* GPU 0's application clocks; ES_ENOSUP when NVML cannot be loaded (nvml_dl.h). */
int rt_nvml_open(void **ctx, char *why, int whylen);
int rt_nvml_set(void *ctx, double hz, char *why, int whylen);
void rt_nvml_close(void *ctx);

#endif
