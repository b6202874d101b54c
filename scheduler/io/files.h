/* Reading and writing esched's files (docs/formats.md): graphs, platforms,
 * profiles and schedules, all YAML through libyaml. Readers check every
 * field and report errors at the offending line and column of the file;
 * they report every error they can find before failing (EsError.report).
 *
 * Writers emit to a FILE; es_output_* writes a path atomically (a temporary
 * file in the same folder, renamed over the target only when complete), so
 * an interrupted or failed run never leaves a half-written file or destroys
 * the previous one.
 */
#ifndef ESCHED_SCHEDULER_FILES_H
#define ESCHED_SCHEDULER_FILES_H

#include <stdbool.h>
#include <stdio.h>

#include "scheduler/base/error.h"
#include "scheduler/model/graph.h"
#include "scheduler/model/platform.h"
#include "scheduler/model/profile.h"
#include "scheduler/model/schedule.h"

/* Graph files: one graph per YAML document. path "-" reads stdin. Each graph
 * is validated: unique task names, edges between known tasks, values that are
 * numbers. Appends to *out. */
int es_graph_read(const char *path, EsGraphList *out, EsError *err);
int es_graph_read_buffer(const char *buf, size_t len, const char *name, EsGraphList *out,
                         EsError *err);
/* Writes one graph as one document (call once per graph of a list). */
bool es_graph_write(FILE *f, const EsGraph *const *graphs, int n);

/* Platform files, or a preset name: es_platform_load tries the presets first
 * when spec names one, else reads the file spec. */
int es_platform_read(const char *path, EsPlatform **out, EsError *err);
int es_platform_load(const char *spec, EsPlatform **out, EsError *err);
bool es_platform_write(FILE *f, const EsPlatform *p);

/* Profile files. es_profile_read fails on a malformed or foreign file;
 * the caller decides whether to fall back. */
int es_profile_read(const char *path, EsProfile **out, EsError *err);
bool es_profile_write(FILE *f, const EsProfile *p);

/* The last good profile lives beside PATH as PATH.good (profile_file.c). */
#define ES_PROFILE_GOOD_SUFFIX ".good"

typedef enum EsProfileOrigin {
  ES_PROFILE_FROM_FILE, /* path read cleanly */
  ES_PROFILE_MISSING,   /* no file at path (a first run): no profile, no warning */
  ES_PROFILE_FROM_GOOD, /* path is not a readable profile: its last good copy was read */
  ES_PROFILE_DEFAULTS,  /* path is not a readable profile and no good copy reads: none */
} EsProfileOrigin;

/* Loads the profile at path for a build or a run that must go on whatever
 * the file holds. *out receives the profile, or NULL (the platform
 * defaults); *origin says which. For ES_PROFILE_FROM_GOOD and
 * ES_PROFILE_DEFAULTS, *warning holds the first error of path (file = path,
 * 1-based line and column, message) for the caller to print as a warning
 * with the fallback it took. Neither file is ever written. Returns ES_OK,
 * or ES_ENOMEM. */
int es_profile_load_or_fallback(const char *path, EsProfile **out, EsProfileOrigin *origin,
                                EsError *warning);
/* Writes p to path atomically, then the same profile to path.good. */
int es_profile_save(const char *path, const EsProfile *p, EsError *err);
/* Merges `from` into the profile file at path (es_profile_merge) under an
 * exclusive lock on path.lock: reads path (missing: empty), merges, saves
 * (es_profile_save). A file that does not read as a profile is left
 * untouched and its error returned with line and column. */
int es_profile_merge_file(const char *path, const EsProfile *from, EsError *err);

/* Schedule files: one schedule per document. Appends to *out. */
int es_schedule_read(const char *path, EsScheduleList *out, EsError *err);
bool es_schedule_write(FILE *f, const EsSchedule *const *schedules, int n);

/* Atomic output. path "-" means stdout (written directly). */
typedef struct EsOutput {
  FILE *f;
  char *path, *tmp;
} EsOutput;

int es_output_open(EsOutput *o, const char *path, EsError *err);
/* Flushes, closes and renames into place. Returns 0 or ES_EIO. */
int es_output_commit(EsOutput *o, EsError *err);
/* Discards the temporary file; the target is untouched. */
void es_output_abort(EsOutput *o);

#endif
