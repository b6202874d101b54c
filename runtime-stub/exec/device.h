/* A task's place on a device, and what the executors ask of a device
 * (device.c): its DVFS level, running a variant on it as its thread's
 * current device, and waiting for its queued work. */
#ifndef ESCHED_RT_EXEC_DEVICE_H
#define ESCHED_RT_EXEC_DEVICE_H

#include "runtime-stub/core/state.h"

/* Where a task runs and what it was handed. */
typedef struct RtPlace {
  int variant, device, level;
  double ready; /* model time its inputs are current (concurrent timeline) */
  double bytes; /* of every access */
  double size;  /* what profiles and predictors key on (predict.h): the bytes it
                 * reads, or, when it reads nothing, the bytes it writes */
} RtPlace;

/* Sets device dev to level (warning and simulating when the back end fails). */
void rt_exec_set_level_locked(RtState *s, int dev, int level);
/* Waits for the device's queued work (cuda stream, opencl queue); call
 * unlocked. */
void rt_exec_sync(RtState *s, int device);
/* Makes device dev (-1: none) the calling thread's current device, whose
 * stream or queue the launcher API hands out (memory/mem.h). */
void rt_exec_enter(const RtState *s, int dev);
/* A variant's measured run: when it began (rt_now), the wall seconds of
 * its call and the wait for its device, and the part of them spent on
 * one-time setup (OpenCL programs built on first use), which task times
 * leave out. */
typedef struct RtRan {
  double start, wall, setup;
} RtRan;
/* Runs variant fn on device dev; call unlocked. The device is current
 * during the call and its queued work is waited for. Timed only when
 * measure (clock reads cost as much as a task's dispatch): else all 0. */
RtRan rt_exec_run(RtState *s, int dev, EsrtFn fn, void *const *ptr, const void *args, bool measure);

#endif
