/* Link calibration by timed copies (calibrate.c). */
#ifndef ESCHED_RT_DETECT_CALIBRATE_H
#define ESCHED_RT_DETECT_CALIBRATE_H

#include "runtime-stub/detect/options.h"
#include "runtime-stub/memory/mem.h"

typedef struct RtLinkFit {
  double latency;   /* seconds */
  double bandwidth; /* bytes per second */
} RtLinkFit;

/* Times copies host to device (h2d) and back (d2h) through one device's
 * back end, sizes 4 B to max_bytes by factors of 4, runs times each;
 * false when the buffers cannot be had. */
bool rt_calibrate(const RtMemOps *ops, void *ctx, const RtDetectOptions *o, RtLinkFit *h2d,
                  RtLinkFit *d2h);

#endif
