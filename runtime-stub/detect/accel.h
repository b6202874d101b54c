/* The accelerators of a detected platform (accel.c). */
#ifndef ESCHED_RT_DETECT_ACCEL_H
#define ESCHED_RT_DETECT_ACCEL_H

#include "runtime-stub/detect/options.h"
#include "scheduler/model/platform.h"

/* Adds every OpenCL device and every CUDA GPU, each with its links to and
 * from the host. false when out of memory. */
bool rt_detect_accelerators(const RtDetectOptions *o, EsPlatform *p);

#endif
