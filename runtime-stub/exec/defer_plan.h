/* Run-time scheduling of deferred tasks (defer_plan.c). */
#ifndef ESCHED_RT_EXEC_DEFER_PLAN_H
#define ESCHED_RT_EXEC_DEFER_PLAN_H

#include "runtime-stub/core/state.h"
#include "runtime-stub/core/batch.h"
#include "scheduler/base/error.h"

/* Chooses device, level and variant of the batch's deferred instances. */
int rt_plan_batch_locked(RtState *s, RtBatch *b, const RtDeps *d, const char **algo, EsError *err);

#endif
