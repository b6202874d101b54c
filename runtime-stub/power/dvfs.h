/* DVFS back ends: setting a device's frequency level before a task runs.
 *   sim      records the levels (the accounting charges their power);
 *   cpufreq  Linux sysfs under a root folder: the userspace governor's
 *            scaling_setspeed, else scaling_max_freq, of every CPU found;
 *   nvml     GPU application clocks (built only when NVML is found).
 * Every back end keeps the sim bookkeeping; a real one that fails is closed
 * by the caller, who falls back to sim (docs/runtime.md, "DVFS"). */
#ifndef ESCHED_RT_DVFS_H
#define ESCHED_RT_DVFS_H

#include "scheduler/model/platform.h"

typedef enum RtDvfsKind { RT_DVFS_SIM, RT_DVFS_CPUFREQ, RT_DVFS_NVML } RtDvfsKind;

typedef struct RtCpufreq {
  char **files; /* the file written per CPU (scaling_setspeed or scaling_max_freq) */
  int *cpus;    /* the CPU number of each file; files are in increasing CPU order */
  int nfiles;
  long *avail; /* scaling_available_frequencies in kHz, or NULL */
  int navail;
} RtCpufreq;

typedef struct RtDvfs {
  RtDvfsKind kind;
  const EsPlatform *pf;
  int *current; /* [ndevices] level set last, -1 before the first */
  long changes; /* level changes made */
  RtCpufreq cpufreq;
  void *nvml;
} RtDvfs;

/* Opens back end kind. root is the cpufreq root folder ("/" for the real
 * sysfs). On failure returns a negative code with the reason in why and
 * leaves d open as sim. */
int rt_dvfs_open(RtDvfs *d, RtDvfsKind kind, const EsPlatform *pf, const char *root, char *why,
                 int whylen);
/* Sets device dev to level (a no-op when it is already there). On a failure
 * of a real back end returns a negative code with the reason in why; the
 * level still counts as set. */
int rt_dvfs_set(RtDvfs *d, int dev, int level, char *why, int whylen);
/* Closes a real back end, keeping the sim bookkeeping (the fallback). */
void rt_dvfs_to_sim(RtDvfs *d);
void rt_dvfs_close(RtDvfs *d);
const char *rt_dvfs_name(RtDvfsKind kind);

/* The cpufreq back end (dvfs_cpufreq.c). */
int rt_cpufreq_open(RtCpufreq *c, const char *root, char *why, int whylen);
int rt_cpufreq_set(RtCpufreq *c, double hz, char *why, int whylen);
/* Sets the i-th CPU's file only (a stream's core; thread safe: writes one
 * file and changes nothing in c). */
int rt_cpufreq_set_one(const RtCpufreq *c, int i, double hz, char *why, int whylen);
void rt_cpufreq_close(RtCpufreq *c);

/* The nvml back end (dvfs_nvml.c); ES_ENOSUP when not built in. */
int rt_nvml_open(void **ctx, char *why, int whylen);
int rt_nvml_set(void *ctx, double hz, char *why, int whylen);
void rt_nvml_close(void *ctx);

#endif
