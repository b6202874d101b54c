/* Link calibration by timed copies (calibrate.c). */
#ifndef ESCHED_RT_DETECT_CALIBRATE_H
#define ESCHED_RT_DETECT_CALIBRATE_H

#include "runtime-stub/detect/options.h"
#include "runtime-stub/memory/mem.h"

typedef struct RtLinkFit {
  double latency;   /* seconds */
  double bandwidth; /* bytes per second */
} RtLinkFit;

/* The figures of one run's copies, t[i] seconds for s[i] bytes (s ascending,
 * n >= 1): the latency is the smallest copy's time; the bandwidth is the
 * median, over the three largest copies that the latency is less than half
 * of, of (s[i] - s[0]) / (t[i] - latency) (with one or two such copies, the
 * largest's; with none, s / t of the largest copy, a lower bound). Under
 * t = latency + size / bandwidth every such copy gives the bandwidth
 * exactly; a copy slowed by other work gives less, and the result is never
 * more than twice a copy's own s / t. */
RtLinkFit rt_link_fit(const double *s, const double *t, int n);

/* Times copies host to device (h2d) and back (d2h) through one device's
 * back end, sizes 4 B to max_bytes by factors of 4, runs times each;
 * false when the buffers cannot be had. */
bool rt_calibrate(const RtMemOps *ops, void *ctx, const RtDetectOptions *o, RtLinkFit *h2d,
                  RtLinkFit *d2h);

#endif
