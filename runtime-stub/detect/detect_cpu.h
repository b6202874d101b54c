/* The host CPU of a detected platform (detect_cpu.c). */
#ifndef ESCHED_RT_DETECT_DETECT_CPU_H
#define ESCHED_RT_DETECT_DETECT_CPU_H

#include "runtime-stub/detect/options.h"
#include "scheduler/model/platform.h"

/* Adds the host CPU as device 0 ("cpu"). false when out of memory. */
bool rt_detect_cpu(const RtDetectOptions *o, EsPlatform *p);

#endif
