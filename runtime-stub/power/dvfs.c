/* DVFS: the sim bookkeeping and the choice of back end (dvfs.h). */
#include "runtime-stub/power/dvfs.h"
#include "runtime-stub/power/dvfs_nvml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/error.h"

const char *rt_dvfs_name(RtDvfsKind kind) {
  return kind == RT_DVFS_CPUFREQ ? "cpufreq" : kind == RT_DVFS_NVML ? "nvml" : "sim";
}

int rt_dvfs_open(RtDvfs *d, RtDvfsKind kind, const EsPlatform *pf, const char *root, char *why,
                 int whylen) {
  memset(d, 0, sizeof *d);
  d->pf = pf;
  d->current = malloc(sizeof(int) * ((size_t)pf->ndevices + 1));
  if (!d->current) {
    snprintf(why, (size_t)whylen, "out of memory");
    return ES_ENOMEM;
  }
  for (int i = 0; i < pf->ndevices; i++)
    d->current[i] = -1;
  int rc = ES_OK;
  if (kind == RT_DVFS_CPUFREQ)
    rc = rt_cpufreq_open(&d->cpufreq, root, why, whylen);
  else if (kind == RT_DVFS_NVML)
    rc = rt_nvml_open(&d->nvml, why, whylen);
  d->kind = rc ? RT_DVFS_SIM : kind;
  return rc;
}

static int is_kind(const EsPlatform *pf, int dev, const char *kind) {
  return pf->devices[dev].kind && strcmp(pf->devices[dev].kind, kind) == 0;
}

int rt_dvfs_set(RtDvfs *d, int dev, int level, char *why, int whylen) {
  if (d->current[dev] == level)
    return ES_OK;
  d->current[dev] = level;
  d->changes++;
  double hz = d->pf->devices[dev].levels[level].freq;
  if (d->kind == RT_DVFS_CPUFREQ && is_kind(d->pf, dev, "cpu"))
    return rt_cpufreq_set(&d->cpufreq, hz, why, whylen);
  if (d->kind == RT_DVFS_NVML && (is_kind(d->pf, dev, "gpu") || is_kind(d->pf, dev, "cuda")))
    return rt_nvml_set(d->nvml, hz, why, whylen);
  return ES_OK;
}

void rt_dvfs_to_sim(RtDvfs *d) {
  if (d->kind == RT_DVFS_CPUFREQ)
    rt_cpufreq_close(&d->cpufreq);
  if (d->kind == RT_DVFS_NVML)
    rt_nvml_close(d->nvml);
  d->nvml = NULL;
  d->kind = RT_DVFS_SIM;
}

void rt_dvfs_close(RtDvfs *d) {
  rt_dvfs_to_sim(d);
  free(d->current);
  d->current = NULL;
}
