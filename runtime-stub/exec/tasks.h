/* Task descriptors resolved against the platform, once each (tasks.c). */
#ifndef ESCHED_RT_EXEC_TASKS_H
#define ESCHED_RT_EXEC_TASKS_H

#include "runtime-stub/core/state.h"

const RtTaskInfo *rt_task_info_locked(RtState *s, const EsrtTask *t);
void rt_tasks_free(RtTaskMap *m);
/* Model seconds of variant v of a task of this size (RtPlace.size), at
 * level on device dev, or -1: the prediction at that size where there is
 * one (the profile's, else the table's fit), else the profile's pooled time
 * or the table's (top_time), stretched. */
double rt_task_model_time(const RtState *s, const RtTaskInfo *ti, int v, int dev, int level,
                          double size);
/* The variant of ti on device dev, or -1. */
int rt_task_variant_on(const RtTaskInfo *ti, int dev);

#endif
