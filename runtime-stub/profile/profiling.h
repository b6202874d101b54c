/* Profiling (profiling.c): reading ESCHED_PROFILE at start, this run's
 * samples, the units learnt, the energy meters, and the merge into the file
 * at exit. */
#ifndef ESCHED_RT_PROFILE_PROFILING_H
#define ESCHED_RT_PROFILE_PROFILING_H

#include "runtime-stub/core/state.h"

void rt_profile_open_locked(RtState *s);
void rt_profile_write_locked(RtState *s);
void rt_profile_free(RtState *s);
void rt_profile_register_locked(RtState *s, const EsrtUnit *u);
/* The meter charged for tasks on dev, and its reading in joules (-1 for the
 * model, or when it cannot be read). */
RtMeter rt_meter_of(const RtState *s, int dev);
double rt_meter_read_locked(RtState *s, RtMeter m);
/* Records one run of ti on dev at level that took `seconds` of wall time;
 * e0 is the meter's reading at its start. */
void rt_profile_sample_locked(RtState *s, const RtTaskInfo *ti, int dev, int level, double seconds,
                              double e0, const EsrtAccess *acc, int n);

#endif
