/* Files the esched command produces: written atomically (a temporary file
 * renamed into place, scheduler/io/files.h), so a failed run leaves the
 * previous file as it was; "-" (or no path) is standard output.
 *
 * No output may be the same file as another file the command line names
 * (`esched compile prog.c -o prog.c` would replace the source with its
 * rewrite): files are compared by device and inode, so another spelling,
 * a link or a symbolic link is caught too. */
#ifndef ESCHED_PASS_WRITE_H
#define ESCHED_PASS_WRITE_H

#include <stdbool.h>
#include <stdio.h>

struct EsOutput;
struct EsError;

/* Notes the files the command line names (each argument, and the VALUE of
 * each --name=VALUE). main calls it once, before the command runs. */
void pass_outputs_guard(int argc, char **argv);

/* es_output_open for an output of command, refusing (reported, false) a
 * path that is the same file as another argument. path points into the
 * argv given to pass_outputs_guard when the command line names it (its own
 * argument is not a conflict), or anywhere when the command made it. */
bool pass_output_open(const char *command, struct EsOutput *o, const char *path,
                      struct EsError *err);

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
