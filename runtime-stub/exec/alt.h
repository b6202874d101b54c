/* ESCHED_PROFILE_MODE=all-devices: the other devices' variants run on
 * scratch copies (alt.c). */
#ifndef ESCHED_RT_EXEC_ALT_H
#define ESCHED_RT_EXEC_ALT_H

#include "runtime-stub/core/state.h"
#include "runtime-stub/exec/device.h"

/* Submit form: runs the other devices' variants before the scheduled one,
 * placed at p with addresses ptr. */
void rt_alt_call_locked(RtState *s, const RtTaskInfo *ti, const RtPlace *p, const EsrtAccess *acc,
                        int n, void *const *ptr, const void *args);
/* Inline form: r holds the scheduled variant's placement (r->ptr its
 * addresses); when the task has variants on other devices, switches r and
 * r->ptr to the first of them and sets r->alt. */
void rt_alt_begin_locked(RtState *s, const RtTaskInfo *ti, EsrtRun *r);
/* After the run r->alt started (it took `seconds`): records it, then
 * switches r to the next one, or back to the scheduled variant (r->alt
 * becomes NULL). */
void rt_alt_step_locked(RtState *s, EsrtRun *r, double seconds);

#endif
