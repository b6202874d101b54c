/* The end of a region: the pending batch is planned and run (flush.c). */
#ifndef ESCHED_RT_EXEC_FLUSH_H
#define ESCHED_RT_EXEC_FLUSH_H

#include "runtime-stub/core/state.h"

void rt_flush_locked(RtState *s);

/* The device, level and variant of an inline task whose size decides them
 * (ESRT_DEFERRED, esched_rt.h): planned as a region of its own, where its
 * data is now, with nothing pending (callers flush first). Keeps the
 * static choice when it cannot be planned (a warning). */
void rt_place_alone_locked(RtState *s, const RtTaskInfo *ti, const EsrtAccess *acc, int nacc,
                           int *variant, int *device, int *level);

#endif
