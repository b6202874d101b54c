/* The accelerators of a detected platform (detect.h): every OpenCL device
 * of the ICD loader (kind opencl, named ocl, ocl1, ... in the order the
 * runtime's opencl devices take them) and every GPU libcudart sees (kind
 * cuda, named gpu, gpu1, ...), each with a link to and one from the host,
 * calibrated through its back end. A GPU with both drivers is listed
 * twice: keep the one the program's launchers use. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/detect/accel.h"
#include "runtime-stub/detect/calibrate.h"
#include "runtime-stub/detect/estimate.h"
#include "runtime-stub/memory/cuda_dl.h"
#include "runtime-stub/memory/mem_opencl.h"
#include "runtime-stub/memory/opencl_dl.h"
#include "runtime-stub/power/nvml_dl.h"

/* What an accelerator adds to the platform. */
typedef struct Accel {
  char name[32];
  const char *kind;
  double freq; /* Hz, 0: unknown */
  RtPowerGuess power;
  bool power_read; /* the busy figure is the device's own (NVML) */
} Accel;

/* The figures of links not calibrated: PCIe 3.0 x16's order. */
#define LINK_BANDWIDTH 12e9
#define LINK_LATENCY   10e-6

/* x to the given significant digits: calibrated figures vary by tens of
 * percent from run to run, and the file is read and edited by people. */
static double rounded(double x, int digits) {
  char buf[32];
  snprintf(buf, sizeof buf, "%.*g", digits, x);
  return strtod(buf, NULL);
}

/* Adds device a and its two links; ops/ctx (NULL: none) calibrate them. */
static bool add(const RtDetectOptions *o, EsPlatform *p, const Accel *a, const RtMemOps *ops,
                void *ctx) {
  double f = a->freq > 0 ? a->freq : 1e9;
  EsLevel level = {f, a->power.busy, 0};
  int d = es_platform_add_device(p, a->name, a->kind, &level, 1, a->power.idle);
  if (d < 0)
    return false;
  p->devices[d].estimated =
      ES_EST_IDLE_POWER | (a->power_read ? 0 : ES_EST_POWER) | (a->freq > 0 ? 0 : ES_EST_FREQ);
  RtLinkFit fit[2] = {{LINK_LATENCY, LINK_BANDWIDTH}, {LINK_LATENCY, LINK_BANDWIDTH}};
  bool measured = o->calibrate && ctx && rt_calibrate(ops, ctx, o, &fit[0], &fit[1]);
  for (int k = 0; k < 2; k++) {
    fit[k].latency = rounded(fit[k].latency, 3), fit[k].bandwidth = rounded(fit[k].bandwidth, 4);
    fprintf(o->log, "detect: link %s->%s: %s latency %g us, bandwidth %g GB/s\n",
            k ? a->name : "cpu", k ? "cpu" : a->name, measured ? "measured" : "estimated",
            fit[k].latency * 1e6, fit[k].bandwidth / 1e9);
    if (es_platform_add_link(p, k ? d : 0, k ? 0 : d, fit[k].bandwidth, fit[k].latency,
                             a->power.link, 0))
      return false;
    p->links[p->nlinks - 1].estimated =
        ES_EST_POWER | (measured ? 0 : ES_EST_BANDWIDTH | ES_EST_LATENCY);
  }
  return true;
}

static RtDeviceClass opencl_class(const RtOpenCL *cl, const RtOclDevice *x) {
  cl_bool unified = CL_FALSE;
  cl->GetDeviceInfo(x->device, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof unified, &unified, NULL);
  if (x->type & CL_DEVICE_TYPE_CPU)
    return RT_CLASS_CORES;
  if (x->type & CL_DEVICE_TYPE_GPU)
    return unified ? RT_CLASS_IGPU : RT_CLASS_GPU;
  return RT_CLASS_ACCEL;
}

static bool opencl_devices(const RtDetectOptions *o, EsPlatform *p) {
  RtOclDevice all[32];
  char why[512];
  int n = rt_opencl_devices(all, 32, why, sizeof why);
  const RtOpenCL *cl = n >= 0 ? rt_opencl_lib(why, sizeof why) : NULL;
  if (n <= 0)
    fprintf(o->log, "detect: opencl: %s\n",
            n < 0 ? why
                  : "no device (PoCL lists none when "
                    "its cache folder is not writable: "
                    "set POCL_CACHE_DIR)");
  for (int i = 0; i < n && cl; i++) {
    Accel a = {"", "opencl", 0, {0, 0, 0}, false};
    cl_uint mhz = 0;
    cl->GetDeviceInfo(all[i].device, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof mhz, &mhz, NULL);
    snprintf(a.name, sizeof a.name, i ? "ocl%d" : "ocl", i);
    a.freq = mhz * 1e6;
    a.power = rt_estimate_power(opencl_class(cl, &all[i]), 0, p->devices[0].levels[0].power, 0);
    fprintf(o->log, "detect: %s: OpenCL %d:%d '%s' (%s), %u MHz\n", a.name, all[i].pi, all[i].di,
            all[i].name, all[i].platform_name, mhz);
    char want[32];
    void *ctx = NULL;
    snprintf(want, sizeof want, "%d:%d", all[i].pi, all[i].di);
    if (o->calibrate && rt_mem_opencl_open(want, 0, RT_OCL_AUTO, &ctx, why, sizeof why))
      fprintf(o->log, "detect: %s: not calibrated: %s\n", a.name, why);
    bool ok = add(o, p, &a, &rt_mem_opencl, ctx);
    if (ctx)
      rt_mem_opencl.close(ctx);
    if (!ok)
      return false;
  }
  return true;
}

/* NVML's name, default power limit (W) and fastest graphics clock (Hz) of
 * GPU g, where NVML answers. */
static void nvml_figures(int g, char *name, int len, double *limit, double *clock) {
  const RtNvml *l;
  nvmlDevice_t dev;
  char why[256];
  unsigned mw = 0, mhz = 0;
  if (rt_nvml_acquire((unsigned)g, &l, &dev, why, sizeof why))
    return;
  l->DeviceGetName(dev, name, (unsigned)len);
  if (l->DeviceGetPowerManagementDefaultLimit && !l->DeviceGetPowerManagementDefaultLimit(dev, &mw))
    *limit = mw / 1e3;
  if (l->DeviceGetMaxClockInfo && !l->DeviceGetMaxClockInfo(dev, NVML_CLOCK_GRAPHICS, &mhz))
    *clock = mhz * 1e6;
  rt_nvml_release(l);
}

static bool cuda_devices(const RtDetectOptions *o, EsPlatform *p) {
  char why[512];
  const RtCudart *cu = rt_cudart(why, sizeof why);
  int count = 0;
  if (!cu || cu->GetDeviceCount(&count) != cudaSuccess)
    fprintf(o->log, "detect: cuda: %s\n", cu ? "no GPU" : why);
  for (int g = 0; g < count; g++) {
    Accel a = {"", "cuda", 0, {0, 0, 0}, false};
    char model[NVML_DEVICE_NAME_BUFFER_SIZE] = "CUDA GPU";
    double limit = 0;
    int khz = 0;
    cu->DeviceGetAttribute(&khz, cudaDevAttrClockRate, g);
    a.freq = khz * 1e3;
    nvml_figures(g, model, sizeof model, &limit, &a.freq);
    snprintf(a.name, sizeof a.name, g ? "gpu%d" : "gpu", g);
    a.power = rt_estimate_power(RT_CLASS_GPU, 0, 0, limit);
    a.power_read = limit > 0;
    fprintf(o->log, "detect: %s: CUDA %d '%s' (%s)%s\n", a.name, g, model, cu->from,
            limit > 0 ? ", busy power: NVML's default power limit" : "");
    void *ctx = NULL;
    if (o->calibrate && rt_mem_cuda_open(g, &ctx, why, sizeof why))
      fprintf(o->log, "detect: %s: not calibrated: %s\n", a.name, why);
    bool ok = add(o, p, &a, &rt_mem_cuda, ctx);
    if (ctx)
      rt_mem_cuda.close(ctx);
    if (!ok)
      return false;
  }
  return true;
}

bool rt_detect_accelerators(const RtDetectOptions *o, EsPlatform *p) {
  return opencl_devices(o, p) && cuda_devices(o, p);
}
