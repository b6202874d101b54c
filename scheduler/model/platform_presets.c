/* Built-in platforms: the machines of the papers esched implements, so that
 * their experiments can be rerun by name. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stdbool.h>

#include "scheduler/model/platform.h"

#define GHZ 1e9

/* Silberstein 2011, Section 6.1 (Table 2's assumptions): CPU 90 W and GPU
 * 180 W at peak, 1 GB/s link drawing 140 W while transferring, idle devices
 * draw nothing. One level each: the paper does not scale frequencies. The
 * clocks are the Section 6.2 machine's (Core 2 2.33 GHz, GTX 285 shaders
 * 1.476 GHz) and only label the level. 1 GB/s is taken as 10^9 bytes/s. */
static EsPlatform *silberstein2011(void) {
  EsPlatform *p = es_platform_new("silberstein2011");
  EsLevel cpu = {2.33 * GHZ, 90, 0}, gpu = {1.476 * GHZ, 180, 0};
  if (!p || es_platform_add_device(p, "cpu", "cpu", &cpu, 1, 0) < 0 ||
      es_platform_add_device(p, "gpu", "gpu", &gpu, 1, 0) < 0 ||
      es_platform_add_link(p, 0, 1, 1e9, 0, 140, 1)) {
    es_platform_free(p);
    return NULL;
  }
  return p;
}

/* EASEF (Liu et al. 2015), Table 1: P-states and idle power of three
 * processors. The text extraction reads the VIA C7-M at 1.0 GHz as "1" W;
 * its neighbours (13 W at 1.4 GHz, 7 W at 0.8 GHz) and the source the paper
 * cites (Terzopoulos and Karatza 2013) give 9 W, used here. */
static const EsLevel opteron[] = {
    {2.6 * GHZ, 95, 0}, {2.4 * GHZ, 90, 0}, {2.2 * GHZ, 76, 0},
    {2.0 * GHZ, 65, 0}, {1.8 * GHZ, 55, 0}, {1.0 * GHZ, 32, 0},
};
static const EsLevel pentium_m[] = {
    {1.6 * GHZ, 25, 0}, {1.4 * GHZ, 17, 0}, {1.2 * GHZ, 13, 0},
    {1.0 * GHZ, 10, 0}, {0.8 * GHZ, 8, 0},  {0.6 * GHZ, 6, 0},
};
static const EsLevel via_c7m[] = {
    {2.0 * GHZ, 20, 0}, {1.8 * GHZ, 18, 0}, {1.6 * GHZ, 15, 0}, {1.4 * GHZ, 13, 0},
    {1.0 * GHZ, 9, 0},  {0.8 * GHZ, 7, 0},  {0.6 * GHZ, 6, 0},  {0.4 * GHZ, 5, 0},
};

typedef struct Cpu {
  const char *name;
  const EsLevel *levels;
  int nlevels;
  double idle;
} Cpu;

/* Abdel-Kader's dissertation (Ch. 3, Sec. 4.1, 5.3): the Motorola CMOS 6805
 * rated 6 MHz at 5.0 V, 4.5 MHz at 3.3 V and 3 MHz at 2.2 V, with dynamic
 * power P ~ f V^2 (normalized here so that the top level draws 1 W: 1,
 * 0.3267, 0.0968 W). Idle at full voltage draws the top level's power: the
 * reference energy E1 = makespan * sum_k P1(k) of the dissertation is the
 * energy of a schedule without any DVFS strategy. */
#define MHZ         1e6
#define P6805(f, v) ((f) * (v) * (v) / (6.0 * 25.0))
static const EsLevel m6805[] = {
    {6 * MHZ, P6805(6.0, 5.0), 5.0},
    {4.5 * MHZ, P6805(4.5, 3.3), 3.3},
    {3 * MHZ, P6805(3.0, 2.2), 2.2},
};

static const Cpu easef_cpus[] = {
    {"opteron", opteron, 6, 15},
    {"pentium-m", pentium_m, 6, 5},
    {"via-c7m", via_c7m, 8, 0.1},
    {"6805", m6805, 3, P6805(6.0, 5.0)},
};

/* A platform of the given processors, fully interconnected (the papers'
 * communication costs come from the task graph, so the links are nominal
 * and draw nothing: the processors' idle power covers the dissertation's
 * sender busy during a transfer). With numbered, the devices are p0, p1,
 * ... (the names the generators give times for); else the CPUs' names. */
static EsPlatform *easef_platform(const char *name, const int *which, int n, bool numbered) {
  EsPlatform *p = es_platform_new(name);
  if (!p)
    return NULL;
  for (int i = 0; i < n; i++) {
    const Cpu *c = &easef_cpus[which[i]];
    char dev[16];
    snprintf(dev, sizeof dev, "p%d", i);
    if (es_platform_add_device(p, numbered ? dev : c->name, "cpu", c->levels, c->nlevels, c->idle) <
        0)
      goto fail;
  }
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (es_platform_add_link(p, i, j, 1e9, 0, 0, 1))
        goto fail;
  return p;
fail:
  es_platform_free(p);
  return NULL;
}

static const char *const names[] = {"silberstein2011", "easef", "opteron", "pentium-m",
                                    "via-c7m",         "6805",  NULL};

static const char *const summaries[] = {
    "Silberstein 2011 Table 2: cpu 90 W, gpu 180 W, 1 GB/s link at 140 W, idle 0 W",
    "EASEF Table 1: one AMD Opteron, one Intel Pentium M and one VIA C7-M with idle power",
    "EASEF Table 1: AMD Opteron, 6 P-states 2.6-1.0 GHz, idle 15 W",
    "EASEF Table 1: Intel Pentium M, 6 P-states 1.6-0.6 GHz, idle 5 W",
    "EASEF Table 1: VIA C7-M, 8 P-states 2.0-0.4 GHz, idle 0.1 W",
    "Abdel-Kader: Motorola 6805, 6 MHz@5.0V, 4.5 MHz@3.3V, 3 MHz@2.2V, P ~ f V^2 (1 W top)",
};

const char *const *es_platform_preset_names(void) { return names; }

const char *es_platform_preset_summary(const char *name) {
  for (int i = 0; names[i]; i++)
    if (strcmp(names[i], name) == 0)
      return summaries[i];
  return NULL;
}

enum { MAX_PROCESSORS = 4096 };

/* NAME:N, N processors p0..p(N-1): copies of one CPU, or for easef the
 * three EASEF CPUs in turn (Opteron, Pentium M, VIA C7-M, Opteron, ...). */
static EsPlatform *numbered(const char *name, const char *colon) {
  char *end;
  long n = strtol(colon + 1, &end, 10);
  size_t len = (size_t)(colon - name);
  if (*end || n < 1 || n > MAX_PROCESSORS)
    return NULL;
  int *which = malloc((size_t)n * sizeof *which);
  if (!which)
    return NULL;
  bool mix = len == 5 && strncmp(name, "easef", 5) == 0, found = mix;
  for (int c = 0; c < 4 && !mix; c++)
    if (strlen(easef_cpus[c].name) == len && strncmp(name, easef_cpus[c].name, len) == 0) {
      for (long i = 0; i < n; i++)
        which[i] = c;
      found = true;
    }
  for (long i = 0; mix && i < n; i++)
    which[i] = (int)(i % 3);
  EsPlatform *p = found ? easef_platform(name, which, (int)n, true) : NULL;
  free(which);
  return p;
}

EsPlatform *es_platform_preset(const char *name) {
  static const int all[] = {0, 1, 2, 3};
  const char *colon = strchr(name, ':');
  if (colon)
    return numbered(name, colon);
  if (strcmp(name, "silberstein2011") == 0)
    return silberstein2011();
  if (strcmp(name, "easef") == 0)
    return easef_platform("easef", all, 3, false);
  for (int i = 0; i < 4; i++)
    if (strcmp(name, easef_cpus[i].name) == 0)
      return easef_platform(name, &all[i], 1, false);
  return NULL;
}
