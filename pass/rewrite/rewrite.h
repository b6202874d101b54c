/* The rewriter: annotated C + schedules -> C that calls the runtime
 * (runtime-stub/include/esched_rt.h, docs/runtime.md).
 *
 * Per translation unit it adds the runtime's header and a const table of
 * task descriptors (variants, build-time device and level); per static task
 * region the inline form (begin, the chosen variant with device pointers or
 * the region itself, end); per deferred task (in a loop or recursion) the
 * submit form with outlined variants; before host code that touches task
 * data, esrt_host; before every return of a function with tasks and at its
 * end, esrt_region_end; per stream region its crown schedule and one round
 * (rw_stream.h). Everything else is copied byte for byte, and #line
 * directives keep diagnostics on the original file and lines.
 */
#ifndef ESCHED_PASS_REWRITE_H
#define ESCHED_PASS_REWRITE_H

#include <stdbool.h>
#include <stdio.h>

#include "pass/frontend/frontend.h"
#include "scheduler/crown/crown.h"
#include "scheduler/model/problem.h"
#include "scheduler/model/schedule.h"

/* The decisions for one graph of the front end's list: its schedule (NULL
 * when every task of it is deferred), and optionally the problem it was
 * scheduled on, whose level-0 times become the variants' expected times. */
typedef struct RwGraphPlan {
  const EsSchedule *schedule;
  const EsProblem *problem;
} RwGraphPlan;

typedef struct RwOptions {
  const char *path; /* the input as the user named it, for #line */
  /* A profiling build: the program merges its measurements into this file
   * at exit (--profile-generate); NULL for a normal build. */
  const char *profile_generate;
  /* The build's profile (NULL: none): the expected times of the tasks it
   * knows, deferred ones included; tasks it does not know get 0 (unknown:
   * the runtime measures them), never the build's neutral defaults. */
  const EsProfile *profile;
  /* The variant's algorithm (NULL: default) and objective, for the tasks
   * the runtime schedules. */
  const char *algorithm;
  EsObjective objective;
  /* The platform the build scheduled for, which the program runs with
   * unless ESCHED_PLATFORM says otherwise: a preset name or an absolute
   * file path; NULL: the runtime's default (silberstein2011). */
  const char *platform;
} RwOptions;

/* Writes the rewritten file to out (a file without tasks unchanged).
 * plans[i] belongs to f->graphs.v[i], streams[i] (a crown schedule of its
 * tasks, in order) to f->x.streams[i].
 * Reports errors (a schedule naming a device a task has no variant for, a
 * deferred region that is not a call, a return inside a task region, ...)
 * and returns false; nothing is written then. */
bool rw_rewrite(Frontend *f, const RwGraphPlan *plans, const EsCrownSchedule *const *streams,
                const RwOptions *opt, FILE *out);

#endif
