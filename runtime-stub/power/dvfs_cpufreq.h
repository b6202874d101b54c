/* The cpufreq DVFS back end (dvfs_cpufreq.c): CPU frequencies through
 * sysfs (scaling_setspeed or scaling_max_freq). */
#ifndef ESCHED_RT_POWER_DVFS_CPUFREQ_H
#define ESCHED_RT_POWER_DVFS_CPUFREQ_H

typedef struct RtCpufreq {
  char **files; /* the file written per CPU (scaling_setspeed or scaling_max_freq) */
  int *cpus;    /* the CPU number of each file; files are in increasing CPU order */
  int nfiles;
  long *avail; /* scaling_available_frequencies in kHz, or NULL */
  int navail;
} RtCpufreq;

int rt_cpufreq_open(RtCpufreq *c, const char *root, char *why, int whylen);
int rt_cpufreq_set(RtCpufreq *c, double hz, char *why, int whylen);
/* Sets the i-th CPU's file only (a stream's core; thread safe: writes one
 * file and changes nothing in c). */
int rt_cpufreq_set_one(const RtCpufreq *c, int i, double hz, char *why, int whylen);
void rt_cpufreq_close(RtCpufreq *c);

#endif
