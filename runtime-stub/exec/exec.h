/* Executors (exec.c): placing and running one task instance, and running a
 * batch serially or on one worker thread per device. */
#ifndef ESCHED_RT_EXEC_EXEC_H
#define ESCHED_RT_EXEC_EXEC_H

#include "runtime-stub/core/state.h"
#include "runtime-stub/core/batch.h"
#include "runtime-stub/exec/device.h"

/* Sets the level and makes the ranges current on the chosen device, falling
 * back to the host variant when the device cannot hold them. */
void rt_exec_place_locked(RtState *s, const RtTaskInfo *ti, int variant, int device, int level,
                          const EsrtAccess *acc, int n, void **ptr, RtPlace *p);
/* Accounts a placed task that ran for seconds (measured, or the model's);
 * it began at wall_start (rt_now) and took wall seconds (wall < 0: not
 * measured), which traces of measured times show. */
void rt_exec_finish_locked(RtState *s, const RtTaskInfo *ti, const RtPlace *p, double seconds,
                           double wall_start, double wall, const EsrtAccess *acc, int n);
/* Runs the outlined variant of a task now: place, call unlocked, finish. */
void rt_exec_call_locked(RtState *s, const RtTaskInfo *ti, int variant, int device, int level,
                         const EsrtAccess *acc, int n, const void *args);
/* Runs a batch with dependencies on the configured executor. */
void rt_exec_batch_locked(RtState *s, RtBatch *b, RtDeps *d);
void rt_exec_stop_workers_locked(RtState *s);
/* In a child of fork: the workers are the parent's threads and a batch
 * being run is another thread's, which is not in this process; forgets
 * them, freeing what that batch's run held (the next batch starts the
 * child's own workers). */
void rt_exec_after_fork_locked(RtState *s);

#endif
