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
 *           the latency is the median 4-byte copy, the bandwidth what the
 *           largest copies add to it (rt_link_fit), each the median of the
 *           runs (as StarPU's bus calibration).
 * Power figures that cannot be read come from the table in estimate.c, by
 * device kind, and are marked estimated. */
#ifndef ESCHED_RT_DETECT_DETECT_H
#define ESCHED_RT_DETECT_DETECT_H

#include "runtime-stub/detect/options.h"
#include "scheduler/base/error.h"
#include "scheduler/model/platform.h"

/* Detects this machine; *out is the platform (es_platform_free), which
 * es_platform_validate accepts. ES_ENOMEM, else ES_OK: a part that cannot
 * be detected (no OpenCL, no CUDA, no cpufreq) is left out and logged. */
int rt_detect(const RtDetectOptions *o, EsPlatform **out, EsError *err);

#endif
