/* Files the esched command produces: written atomically (a temporary file
 * renamed into place, scheduler/io/files.h), so a failed run leaves the
 * previous file as it was; "-" (or no path) is standard output. */
#ifndef ESCHED_PASS_WRITE_H
#define ESCHED_PASS_WRITE_H

#include <stdbool.h>
#include <stdio.h>

/* Writes ctx to f; false when something could not be written. */
typedef bool (*PassWriter)(FILE *f, const void *ctx);

/* Writes path with write(ctx). On failure the target is left as it was,
 * and unless the writer printed its own errors, "COMMAND: cannot write
 * 'PATH'" (or why it could not be opened) is reported; returns false. */
bool pass_write_file(const char *command, const char *path, PassWriter write, const void *ctx);

/* The same for the files of the scheduler library. */
struct EsGraph;
struct EsSchedule;
struct EsPlatform;
struct EsCrownSchedule;
struct EsCrownProblem;
bool pass_write_graphs(const char *command, const char *path, const struct EsGraph *const *v,
                       int n);
bool pass_write_schedules(const char *command, const char *path,
                          const struct EsSchedule *const *v, int n);
bool pass_write_platform(const char *command, const char *path, const struct EsPlatform *p);
bool pass_write_crown_schedules(const char *command, const char *path,
                                const struct EsCrownSchedule *const *v, int n);
bool pass_write_crown_problems(const char *command, const char *path,
                               const struct EsCrownProblem *const *v, int n);

#endif
