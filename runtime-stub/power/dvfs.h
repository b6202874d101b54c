/* DVFS back ends: setting a device's frequency level before a task runs.
 *   sim      records the levels (the accounting charges their power);
 *   cpufreq  Linux sysfs under a root folder: the userspace governor's
 *            scaling_setspeed, else scaling_max_freq, of every CPU found;
 *   nvml     GPU application clocks (NVML loaded at run time).
 * Every back end keeps the sim bookkeeping; a real one that fails is closed
 * by the caller, who falls back to sim (docs/runtime.md, "DVFS"). */
#ifndef ESCHED_RT_DVFS_H
#define ESCHED_RT_DVFS_H

#include "runtime-stub/power/dvfs_cpufreq.h"
#include "scheduler/model/platform.h"

typedef enum RtDvfsKind { RT_DVFS_SIM, RT_DVFS_CPUFREQ, RT_DVFS_NVML } RtDvfsKind;

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

#endif
