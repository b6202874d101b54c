/* A task's place on a device, and what the executors ask of a device
 * besides running a variant (device.c): its DVFS level, and waiting for
 * its queued work. */
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
/* Waits for the device's queued work (cuda stream); call unlocked. */
void rt_exec_sync(RtState *s, int device);

#endif
