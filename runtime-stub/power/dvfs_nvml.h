/* The nvml DVFS back end (dvfs_nvml.c): GPU application clocks. */
#ifndef ESCHED_RT_POWER_DVFS_NVML_H
#define ESCHED_RT_POWER_DVFS_NVML_H

/* ES_ENOSUP when not built in. */
int rt_nvml_open(void **ctx, char *why, int whylen);
int rt_nvml_set(void *ctx, double hz, char *why, int whylen);
void rt_nvml_close(void *ctx);

#endif
