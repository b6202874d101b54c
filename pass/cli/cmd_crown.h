/* The crown scheduling side of `esched schedule`, `esched report` and
 * `esched gen` (docs/crown.md): streaming task collections in, crown
 * schedules out. The graph commands hand over to these when their input is
 * a collection or a crown schedule, or the kind is crown-*. */
#ifndef ESCHED_PASS_CMD_CROWN_H
#define ESCHED_PASS_CMD_CROWN_H

#include <stdbool.h>
#include <stdint.h>

#include "scheduler/crown/crown.h"
#include "scheduler/model/platform.h"

typedef struct CrownCmd {
  const char *input, *platform, *algorithm, *output;
  uint64_t seed;
  double time_limit;
  bool report;
  const char *graph_option; /* a graph-only option that was given, or NULL */
} CrownCmd;

/* Whether path is a streaming task collection / a crown schedule file. */
bool crown_is_collection(const char *path);
bool crown_is_schedule(const char *path);

/* Exit statuses, like the commands. */
int crown_schedule_main(const CrownCmd *c);
int crown_report_main(const char *path);
int crown_gen_main(int argc, char **argv);

#endif
