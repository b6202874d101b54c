/* Built-in platforms: the machines of the papers esched implements, so that
 * their experiments can be rerun by name. */
#include <stddef.h>
#include <string.h>

#include "scheduler/platform.h"

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

static const Cpu easef_cpus[] = {
    {"opteron", opteron, 6, 15},
    {"pentium-m", pentium_m, 6, 5},
    {"via-c7m", via_c7m, 8, 0.1},
};

/* A platform of the given EASEF processors, fully interconnected (the paper's
 * communication costs come from the task graph, so the links are nominal). */
static EsPlatform *easef_platform(const char *name, const int *which, int n) {
  EsPlatform *p = es_platform_new(name);
  if (!p)
    return NULL;
  for (int i = 0; i < n; i++) {
    const Cpu *c = &easef_cpus[which[i]];
    if (es_platform_add_device(p, c->name, "cpu", c->levels, c->nlevels,
                               c->idle) < 0)
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
                                    "via-c7m", NULL};

static const char *const summaries[] = {
    "Silberstein 2011 Table 2: cpu 90 W, gpu 180 W, 1 GB/s link at 140 W, idle 0 W",
    "EASEF Table 1: one AMD Opteron, one Intel Pentium M and one VIA C7-M with idle power",
    "EASEF Table 1: AMD Opteron, 6 P-states 2.6-1.0 GHz, idle 15 W",
    "EASEF Table 1: Intel Pentium M, 6 P-states 1.6-0.6 GHz, idle 5 W",
    "EASEF Table 1: VIA C7-M, 8 P-states 2.0-0.4 GHz, idle 0.1 W",
};

const char *const *es_platform_preset_names(void) { return names; }

const char *es_platform_preset_summary(const char *name) {
  for (int i = 0; names[i]; i++)
    if (strcmp(names[i], name) == 0)
      return summaries[i];
  return NULL;
}

EsPlatform *es_platform_preset(const char *name) {
  static const int all[] = {0, 1, 2};
  if (strcmp(name, "silberstein2011") == 0)
    return silberstein2011();
  if (strcmp(name, "easef") == 0)
    return easef_platform("easef", all, 3);
  for (int i = 0; i < 3; i++)
    if (strcmp(name, easef_cpus[i].name) == 0)
      return easef_platform(name, &all[i], 1);
  return NULL;
}
