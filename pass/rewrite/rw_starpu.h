/* The rewriter's starpu target (`esched compile --target starpu`;
 * docs/starpu.md): every task becomes a StarPU submission through
 * libesched_starpu (runtime-stub/include/esched_starpu.h) -- its call
 * outlined into one implementation per device (the region for CPU
 * workers, its gpu variant for OpenCL workers), its data ranges as
 * accesses from which the library registers StarPU handles, and the plan
 * (device, node, DVFS level) in its descriptor. Host code and function
 * exits get the same calls as under the native runtime (rw_target.h).
 */
#ifndef ESCHED_PASS_RW_STARPU_H
#define ESCHED_PASS_RW_STARPU_H

#include <stdbool.h>
#include <stdio.h>

#include "pass/frontend/frontend.h"
#include "pass/rewrite/rewrite.h"
#include "scheduler/model/platform.h"

typedef struct RwStarpuOptions {
  /* The platform the plans name devices of: its nodes give each task its
   * rank and each data item its owner. */
  const EsPlatform *platform;
  /* How the program finds that platform at run time: a preset's name or
   * the file's absolute path. */
  const char *platform_spec;
} RwStarpuOptions;

/* Writes f rewritten for StarPU to out. plans[i] is the schedule of
 * f->graphs.v[i]: a scope's static tasks, or (graphs named SCOPE.body,
 * pass/frontend/body.h) its tasks in loops and recursion, scheduled as one
 * pass of their body. Reports errors (a task that is not one call, data
 * without a size, a stream region, a plan naming a device without the
 * task's variant) and returns false; nothing is written then. */
bool rw_rewrite_starpu(Frontend *f, const RwGraphPlan *plans, const RwOptions *opt,
                       const RwStarpuOptions *sp, FILE *out);

#endif
