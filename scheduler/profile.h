/* Profiles: measured task times (and energies) per task key, device and
 * DVFS level, as the runtime writes them and the scheduler reads them
 * (docs/formats.md, "Profile file").
 *
 * A run record summarizes every sample of one (key, device, level, size)
 * with count, mean, variance, min and max, so that records from several runs
 * merge exactly (es_profile_merge_stats).
 */
#ifndef ESCHED_SCHEDULER_PROFILE_H
#define ESCHED_SCHEDULER_PROFILE_H

#include <stdbool.h>

#include "scheduler/arena.h"
#include "scheduler/error.h"
#include "scheduler/graph.h"
#include "scheduler/strmap.h"

/* Summary statistics of samples (Welford: m2 is the sum of squared
 * deviations from the mean). */
typedef struct EsStats {
  long count;
  double mean, m2, min, max;
} EsStats;

typedef struct EsProfileRun {
  const char *device;
  int level;
  double size;        /* total input bytes of the samples, -1 when unknown */
  EsStats time;       /* seconds */
  EsStats energy;     /* joules; count 0 when not measured */
  const char *source; /* where the times come from: "measured", "simulated", "model" */
  const char *energy_source; /* "model", "rapl", "nvml", or NULL */
  EsMark mark;
} EsProfileRun;

typedef struct EsProfileEntry {
  const char *key;
  bool stale; /* the source no longer has this task; kept, never dropped */
  EsProfileRun *runs;
  int nruns, runs_cap;
  const char **item_names; /* bytes moved per data item */
  double *item_bytes;
  int nitems, items_cap;
  EsMark mark;
} EsProfileEntry;

typedef struct EsProfile {
  const char *file;
  EsProfileEntry *entries;
  int nentries, entries_cap;
  EsStrMap index; /* key -> entry */
  EsArena arena;
} EsProfile;

EsProfile *es_profile_new(void);
void es_profile_free(EsProfile *p);

/* The entry of key, or NULL. */
EsProfileEntry *es_profile_find(const EsProfile *p, const char *key);
/* The entry of key, added when missing; NULL when out of memory. */
EsProfileEntry *es_profile_entry(EsProfile *p, const char *key);
/* The run record of (device, level, size) in e, added when missing. */
EsProfileRun *es_profile_run(EsProfile *p, EsProfileEntry *e, const char *device, int level,
                             double size);

/* Mean time of key on device at level, pooling every size. Returns false when
 * the profile has no sample of it. */
bool es_profile_time(const EsProfile *p, const char *key, const char *device, int level,
                     double *seconds);

/* Adds one sample x to s. */
void es_stats_add(EsStats *s, double x);
/* Merges b into a (Chan et al.'s parallel variance formula). */
void es_stats_merge(EsStats *a, const EsStats *b);
/* Sample variance (0 for fewer than two samples). */
double es_stats_variance(const EsStats *s);

#endif
