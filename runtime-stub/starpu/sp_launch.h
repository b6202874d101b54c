/* OpenCL launchers on StarPU's OpenCL workers (sp_launch.c): the launcher
 * API of esched_rt.h (esrt_opencl_*), answered for the worker that runs
 * the launcher, with StarPU's context, queue and buffers. */
#ifndef ESCHED_RT_STARPU_LAUNCH_H
#define ESCHED_RT_STARPU_LAUNCH_H

#include <stdbool.h>

#include "esched_starpu.h"

/* Starts launcher run r on its OpenCL worker: r->ptr[i] gets an address
 * standing for access i's data in StarPU's buffer (reserved, never mapped,
 * so a launcher that dereferences one faults), and esrt_opencl_* answer
 * for r's worker until sp_launch_end. False when no address range can be
 * reserved. */
bool sp_launch_begin(EspRun *r);
/* Ends it, after the worker's queue is finished: releases the sub-buffers
 * its pointer arguments needed. */
void sp_launch_end(EspRun *r);
/* Releases every worker's kernels and reserved addresses (after StarPU has
 * stopped). */
void sp_launch_close(void);

#endif
