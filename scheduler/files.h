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

#include "scheduler/error.h"
#include "scheduler/graph.h"
#include "scheduler/platform.h"
#include "scheduler/profile.h"
#include "scheduler/schedule.h"

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
