/* Profiles: measured task times (and energies) per task key, device and
 * DVFS level, as the runtime writes them and the scheduler reads them
 * (docs/formats.md, "Profile file").
 *
 * A run record summarizes every sample of one (key, device, level, size)
 * with count, mean, variance, min and max, so that records from several runs
 * merge exactly (es_stats_merge, es_profile_merge).
 */
#ifndef ESCHED_SCHEDULER_PROFILE_H
#define ESCHED_SCHEDULER_PROFILE_H

#include <stdbool.h>

#include "scheduler/base/arena.h"
#include "scheduler/base/error.h"
#include "scheduler/base/strmap.h"
#include "scheduler/model/graph.h"

/* Summary statistics of samples (Welford: m2 is the sum of squared
 * deviations from the mean). Merging saturates count at ES_STATS_MAX_COUNT
 * and m2 at ES_STATS_MAX_M2, far beyond any run's samples, so figures
 * merged from extreme files stay finite and their text reads back. */
typedef struct EsStats {
  long count;
  double mean, m2, min, max;
} EsStats;

#define ES_STATS_MAX_COUNT (1L << 53) /* every count a double holds exactly */
#define ES_STATS_MAX_M2    1e300

typedef struct EsProfileRun {
  const char *device;
  int level;
  double size;    /* total input bytes of the samples, -1 when unknown */
  EsStats time;   /* seconds */
  EsStats energy; /* joules; count 0 when not measured */
  /* Where the figures come from. Times: "measured", "simulated" (a sim GPU
   * variant's host time) or "model"; energies: "rapl", "nvml" or "model".
   * Strings live in the profile's arena or are static. */
  const char *source;
  const char *energy_source; /* NULL when energy.count is 0 */
  EsMark mark;
} EsProfileRun;

typedef struct EsProfileEntry {
  const char *key;
  /* The translation unit that declares the task (its stable name from the
   * rewriter), or NULL when unknown. Stale marking only judges entries of
   * units whose full task list a merge knows (EsProfile.units). */
  const char *unit;
  bool stale; /* the source no longer has this task; kept, never dropped */
  EsProfileRun *runs;
  int nruns, runs_cap;
  const char **item_names; /* bytes per data item (es_profile_item_set) */
  double *item_bytes;
  int nitems, items_cap;
  EsMark mark;
} EsProfileEntry;

typedef struct EsProfile {
  const char *file;
  EsProfileEntry *entries;
  int nentries, entries_cap;
  EsStrMap index; /* key -> entry */
  /* Units whose every task has an entry here (the runtime adds the units
   * that registered their task lists); not part of the file. Merging this
   * profile into another flags that one's entries of these units that are
   * missing here as stale. */
  const char **units;
  int nunits, units_cap;
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

/* The bytes recorded for data item `item` of e, or NULL. */
double *es_profile_item(const EsProfileEntry *e, const char *item);
/* Sets the bytes of data item `item` of e (added when missing). Returns 0
 * or ES_ENOMEM. */
int es_profile_item_set(EsProfile *p, EsProfileEntry *e, const char *item, double bytes);
/* Sizes a graph's front end could not fold (x[0:n]: bytes < 0) from the
 * profile's records of the bytes each task moved per item: an item's size
 * is one number for every edge carrying it from one producer (to its
 * consumers and to the graph's output), the producer's record, else the
 * largest of its consumers' (an input node's readers may read parts of
 * it). Edges the profile says nothing of keep their unknown size. */
void es_graph_bytes_from_profile(EsGraph *g, const EsProfile *prof);
/* Declares that p holds an entry for every task of unit (idempotent).
 * Returns 0 or ES_ENOMEM. */
int es_profile_add_unit(EsProfile *p, const char *unit);
bool es_profile_has_unit(const EsProfile *p, const char *unit);

/* Merges `from` (newer) into `into`, the one implementation every profile
 * writer uses:
 *   - run records of the same (key, device, level, size) merge their
 *     statistics exactly (es_stats_merge) when their sources agree; a
 *     better source replaces a worse one and a worse one is ignored, so a
 *     figure never mixes measured and modelled samples (times: measured >
 *     simulated > model; energies: rapl, nvml > model);
 *   - data item bytes of `from` replace those of `into` (the newer sizes);
 *   - an entry with samples in `from`, or listed there by a unit of
 *     from->units, exists in the source: it loses its stale flag and takes
 *     from's unit; other entries of `from` keep into's flag or'ed with
 *     theirs;
 *   - an entry of `into` whose unit is in from->units but whose key `from`
 *     lacks was removed from the source: it is flagged stale and kept.
 * Entries of units `from` does not list are never flagged, so programs
 * sharing a profile file do not mark each other's tasks stale.
 * O(entries x (runs + items + units)). Returns 0 or ES_ENOMEM (into may
 * then hold part of the merge). */
int es_profile_merge(EsProfile *into, const EsProfile *from);

/* Mean time of key on device at level, pooling every size. Returns false when
 * the profile has no sample of it. */
bool es_profile_time(const EsProfile *p, const char *key, const char *device, int level,
                     double *seconds);

/* Adds one sample x to s. */
void es_stats_add(EsStats *s, double x);
/* Merges b into a (Chan et al.'s parallel variance formula), saturating. */
void es_stats_merge(EsStats *a, const EsStats *b);
/* Sample variance (0 for fewer than two samples). */
double es_stats_variance(const EsStats *s);

#endif
