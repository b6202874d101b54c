/* Platform detection (`esched platform --detect`, run by esched-detect):
 * this machine's devices, levels and links as a platform file
 * (docs/formats.md, "Detected platforms").
 *
 *   cpu     one device of kind cpu: its DVFS levels from cpufreq
 *           (scaling_available_frequencies; else cpuinfo_min/max_freq with
 *           levels between, marked estimated; else /proc/cpuinfo's clock),
 *           idle power measured with RAPL when readable;
 *   opencl  every device of every OpenCL platform (ICD), kind opencl,
 *           named ocl, ocl1, ... in the order the runtime takes them;
 *   cuda    every GPU libcudart sees, kind cuda, named gpu, gpu1, ...;
 *   links   host to device and back for each accelerator, measured by timed
 *           copies through the back end's own copy (what the runtime pays):
 *           the latency is the median 4-byte copy, the bandwidth a least-
 *           squares fit of time against size, each the median of the runs
 *           (as StarPU's bus calibration).
 * Power figures that cannot be read come from the table in estimate.c, by
 * device kind, and are marked estimated. */
#ifndef ESCHED_RT_DETECT_DETECT_H
#define ESCHED_RT_DETECT_DETECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "runtime-stub/memory/mem.h"
#include "scheduler/base/error.h"
#include "scheduler/model/platform.h"

typedef struct RtDetectOptions {
  const char *root;     /* where /sys and /proc are ("/"; ESCHED_CPUFREQ_ROOT) */
  const char *powercap; /* the powercap folder (ESCHED_POWERCAP_ROOT) */
  size_t max_bytes;     /* the largest calibration copy */
  int runs;             /* calibration runs per link; the median is kept */
  bool calibrate;       /* false: links get the table's figures, estimated */
  FILE *log;            /* findings and measurements, one "detect: " line each */
} RtDetectOptions;

/* Detects this machine; *out is the platform (es_platform_free), which
 * es_platform_validate accepts. ES_ENOMEM, else ES_OK: a part that cannot
 * be detected (no OpenCL, no CUDA, no cpufreq) is left out and logged. */
int rt_detect(const RtDetectOptions *o, EsPlatform **out, EsError *err);

/* ---- detect_cpu.c ---- */

/* Adds the host CPU as device 0 ("cpu"). false when out of memory. */
bool rt_detect_cpu(const RtDetectOptions *o, EsPlatform *p);

/* ---- accel.c ---- */

/* Adds every OpenCL device and every CUDA GPU, each with its links to and
 * from the host. false when out of memory. */
bool rt_detect_accelerators(const RtDetectOptions *o, EsPlatform *p);

/* ---- calibrate.c ---- */

typedef struct RtLinkFit {
  double latency;   /* seconds */
  double bandwidth; /* bytes per second */
} RtLinkFit;

/* Times copies host to device (h2d) and back (d2h) through one device's
 * back end, sizes 4 B to max_bytes by factors of 4, runs times each;
 * false when the buffers cannot be had. */
bool rt_calibrate(const RtMemOps *ops, void *ctx, const RtDetectOptions *o, RtLinkFit *h2d,
                  RtLinkFit *d2h);

/* ---- estimate.c: the table of power figures that cannot be read ---- */

typedef enum RtDeviceClass {
  RT_CLASS_HOST,   /* the host's cores (kind cpu) */
  RT_CLASS_CORES,  /* an OpenCL device on the host's cores (PoCL) */
  RT_CLASS_IGPU,   /* a GPU sharing host memory */
  RT_CLASS_GPU,    /* a discrete GPU */
  RT_CLASS_ACCEL,  /* any other accelerator */
} RtDeviceClass;

typedef struct RtPowerGuess {
  double busy, idle, link; /* watts: at the fastest level, idle, its links */
} RtPowerGuess;

/* The table's figures for a device of class c; host_busy is the host CPU's
 * busy figure, limit NVML's default power limit of a GPU (0: unknown). */
RtPowerGuess rt_estimate_power(RtDeviceClass c, int ncpus, double host_busy, double limit);
/* A lower level's power: idle + (busy - idle) (f / fmax)^2. */
double rt_estimate_level(double idle, double busy, double f, double fmax);

#endif
