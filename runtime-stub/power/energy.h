/* Measured energy for profiling runs (docs/runtime.md, "Profiling"):
 *   rapl  Linux powercap (ROOT/intel-rapl:*): every CPU package domain and
 *         every DRAM domain, counters energy_uj in microjoules that wrap at
 *         max_energy_range_uj; charged to tasks of devices in host memory;
 *   nvml  a GPU's total energy counter (millijoules; Volta and later),
 *         charged to tasks of the first cuda device; NVML is loaded at run
 *         time (nvml_dl.h).
 * Either meter is a monotonic joule counter read before and after a task
 * (under the runtime's lock, so reads are serialized); a task's energy is
 * the difference. Without a meter the profile keeps the model's figure
 * (time x the level's power) and says so (energy_source: model).
 */
#ifndef ESCHED_RT_ENERGY_H
#define ESCHED_RT_ENERGY_H

#define RT_RAPL_MAX 32 /* domains: packages and DRAM of up to 16 sockets */

typedef struct RtRapl {
  int n;
  int fd[RT_RAPL_MAX];        /* energy_uj, kept open and re-read with pread */
  double range[RT_RAPL_MAX];  /* max_energy_range_uj: where the counter wraps */
  double last[RT_RAPL_MAX];   /* microjoules at the last read */
  char name[RT_RAPL_MAX][32]; /* the zone's name (package-0, dram) */
  double total;               /* joules since open, wraps unfolded */
} RtRapl;

/* Opens every package and dram zone listed flat under root (the layout of
 * /sys/class/powercap: intel-rapl:0, intel-rapl:0:1, ... each with name,
 * energy_uj and max_energy_range_uj), in zone order. Fails with ES_ENOSUP
 * and a reason when there is none, ES_EIO when a counter cannot be read
 * (permissions: energy_uj is root-only on current kernels). */
int rt_rapl_open(RtRapl *r, const char *root, char *why, int whylen);
/* Joules since open, summed over the zones; a counter below its last value
 * wrapped once (a task longer than a wrap period, minutes at full power, is
 * undercounted). Returns -1 when a counter cannot be read. */
double rt_rapl_read(RtRapl *r);
void rt_rapl_close(RtRapl *r);

/* The energy of NVML's GPU `index` (energy_nvml.c); ES_ENOSUP when NVML
 * cannot be loaded or the GPU has no energy counter. */
int rt_nvml_energy_open(unsigned index, void **ctx, char *why, int whylen);
/* Joules since the driver loaded, or -1. */
double rt_nvml_energy_read(void *ctx);
void rt_nvml_energy_close(void *ctx);

#endif
