/* What platform detection is asked to do (detect.h). */
#ifndef ESCHED_RT_DETECT_OPTIONS_H
#define ESCHED_RT_DETECT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct RtDetectOptions {
  const char *root;     /* where /sys and /proc are ("/"; ESCHED_CPUFREQ_ROOT) */
  const char *powercap; /* the powercap folder (ESCHED_POWERCAP_ROOT) */
  size_t max_bytes;     /* the largest calibration copy */
  int runs;             /* calibration runs per link; the median is kept */
  bool calibrate;       /* false: links get the table's figures, estimated */
  FILE *log;            /* findings and measurements, one "detect: " line each */
} RtDetectOptions;

#endif
