/* The host CPU of a detected platform (detect.h): its DVFS levels from
 * cpufreq, its model and clock from /proc/cpuinfo, its idle power from
 * RAPL when the counters are readable, the rest from the estimate table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "runtime-stub/detect/detect_cpu.h"
#include "runtime-stub/detect/estimate.h"
#include "runtime-stub/memory/clock.h"
#include "runtime-stub/power/energy.h"

#define MAX_LEVELS 32

typedef struct Cpu {
  int ncpus;
  char model[128];
  double mhz;              /* the fastest "cpu MHz" of /proc/cpuinfo, or 0 */
  double freq[MAX_LEVELS]; /* Hz, fastest first */
  int nfreq;
  bool freq_estimated;
  const char *source;
} Cpu;

/* ROOT/rel's first line, newline removed; false when unreadable. */
static bool read_line(const RtDetectOptions *o, const char *rel, char *buf, int len) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", o->root, rel);
  FILE *f = fopen(path, "r");
  bool ok = f && fgets(buf, len, f);
  if (f)
    fclose(f);
  if (ok)
    buf[strcspn(buf, "\n")] = '\0';
  return ok;
}

static void read_cpuinfo(const RtDetectOptions *o, Cpu *c) {
  char path[4096], line[512];
  snprintf(path, sizeof path, "%s/proc/cpuinfo", o->root);
  FILE *f = fopen(path, "r");
  while (f && fgets(line, sizeof line, f)) {
    char *v = strchr(line, ':');
    if (!v)
      continue;
    v += 1 + strspn(v + 1, " \t");
    v[strcspn(v, "\n")] = '\0';
    if (!strncmp(line, "model name", 10) && !c->model[0])
      snprintf(c->model, sizeof c->model, "%s", v);
    else if (!strncmp(line, "cpu MHz", 7) && atof(v) > c->mhz)
      c->mhz = atof(v);
  }
  if (f)
    fclose(f);
}

static int descending(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? 1 : x > y ? -1 : 0;
}

/* cpufreq's list; else its bounds with levels between; else cpuinfo's clock. */
static void read_levels(const RtDetectOptions *o, Cpu *c) {
  const char *dir = "sys/devices/system/cpu/cpu0/cpufreq";
  char rel[256], buf[2048], lo[64], hi[64];
  snprintf(rel, sizeof rel, "%s/scaling_available_frequencies", dir);
  if (read_line(o, rel, buf, sizeof buf)) {
    char *p = buf, *end;
    for (long khz; c->nfreq < MAX_LEVELS && (khz = strtol(p, &end, 10), end != p); p = end)
      if (khz > 0)
        c->freq[c->nfreq++] = (double)khz * 1e3;
    qsort(c->freq, (size_t)c->nfreq, sizeof *c->freq, descending);
    int k = 0; /* each frequency once: levels are distinct */
    for (int i = 0; i < c->nfreq; i++)
      if (i == 0 || c->freq[i] != c->freq[k - 1])
        c->freq[k++] = c->freq[i];
    c->nfreq = k;
    c->source = "cpufreq scaling_available_frequencies";
  }
  snprintf(rel, sizeof rel, "%s/cpuinfo_max_freq", dir);
  bool have_hi = read_line(o, rel, hi, sizeof hi);
  snprintf(rel, sizeof rel, "%s/cpuinfo_min_freq", dir);
  if (!c->nfreq && have_hi && read_line(o, rel, lo, sizeof lo) && atof(hi) > atof(lo)) {
    double fmax = atof(hi) * 1e3, fmin = atof(lo) * 1e3; /* intel_pstate, amd-pstate: a range */
    for (int i = 0; i < 4; i++)
      c->freq[c->nfreq++] = fmax - (fmax - fmin) * i / 3;
    c->freq_estimated = true;
    c->source = "cpufreq cpuinfo_min/max_freq (the levels between are estimated)";
  }
  if (!c->nfreq) {
    c->freq[c->nfreq++] = c->mhz > 0 ? c->mhz * 1e6 : 1e9;
    c->freq_estimated = c->mhz <= 0;
    c->source = c->mhz > 0 ? "no cpufreq: one level, /proc/cpuinfo's clock"
                           : "no cpufreq and no clock in /proc/cpuinfo (1 GHz, estimated)";
  }
}

/* Idle watts measured over 0.3 s with RAPL, or -1 (logged either way). */
static double rapl_idle(const RtDetectOptions *o) {
  RtRapl r;
  char why[512];
  if (rt_rapl_open(&r, o->powercap, why, sizeof why)) {
    fprintf(o->log, "detect: rapl: %s\n", why);
    return -1;
  }
  double a = rt_rapl_read(&r), t0 = rt_now();
  nanosleep(&(struct timespec){0, 300000000}, NULL);
  double b = rt_rapl_read(&r), w = a >= 0 && b > a ? (b - a) / (rt_now() - t0) : -1;
  rt_rapl_close(&r);
  fprintf(o->log, "detect: rapl: %d zones, idle %.3g W\n", r.n, w);
  return w;
}

bool rt_detect_cpu(const RtDetectOptions *o, EsPlatform *p) {
  Cpu c = {0};
  c.ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
  c.ncpus = c.ncpus > 0 ? c.ncpus : 1;
  read_cpuinfo(o, &c);
  read_levels(o, &c);
  fprintf(o->log, "detect: cpu: %s, %d CPUs, %d level%s from %s\n",
          c.model[0] ? c.model : "unknown model", c.ncpus, c.nfreq, c.nfreq == 1 ? "" : "s",
          c.source);
  RtPowerGuess g = rt_estimate_power(RT_CLASS_HOST, c.ncpus, 0, 0);
  double idle = rapl_idle(o);
  if (idle >= g.busy) /* a measured idle above the table's busy figure: keep busy above it */
    g.busy = 2 * idle;
  unsigned estimated =
      ES_EST_POWER | (idle < 0 ? ES_EST_IDLE_POWER : 0) | (c.freq_estimated ? ES_EST_FREQ : 0);
  idle = idle < 0 ? g.idle : idle;
  EsLevel levels[MAX_LEVELS];
  for (int i = 0; i < c.nfreq; i++)
    levels[i] = (EsLevel){c.freq[i], rt_estimate_level(idle, g.busy, c.freq[i], c.freq[0]), 0};
  int d = es_platform_add_device(p, "cpu", "cpu", levels, c.nfreq, idle);
  if (d < 0)
    return false;
  p->devices[d].estimated = estimated;
  return true;
}
