/* A stand-in for libcudart and libnvidia-ml, for testing the cuda back end,
 * NVML and their loading on machines without a GPU (ESCHED_CUDART and
 * ESCHED_NVML name this library): one "GPU" whose memory is host memory,
 * whose asynchronous calls complete at once, and whose energy counter runs
 * at 100 W. FAKE_CUDA_DEVICES sets the device count (0: no device). Types
 * as CUDA's and NVML's ABI (runtime-stub/memory/cuda_dl.h, power/nvml_dl.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
struct CUstream_st {
  int id;
};
struct CUevent_st {
  int id;
};
typedef int nvmlReturn_t;
typedef struct nvmlDevice_st *nvmlDevice_t;
struct nvmlDevice_st {
  int id;
};

static int devices(void) {
  const char *e = getenv("FAKE_CUDA_DEVICES");
  return e ? atoi(e) : 1;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- libcudart ---- */

cudaError_t cudaGetDeviceCount(int *n) {
  *n = devices();
  return *n > 0 ? 0 : 100; /* cudaErrorNoDevice */
}
cudaError_t cudaSetDevice(int d) { return d < devices() ? 0 : 101; }
cudaError_t cudaMalloc(void **p, size_t n) { return (*p = malloc(n)) ? 0 : 2; }
cudaError_t cudaFree(void *p) {
  free(p);
  return 0;
}
cudaError_t cudaMallocHost(void **p, size_t n) { return cudaMalloc(p, n); }
cudaError_t cudaFreeHost(void *p) { return cudaFree(p); }
cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, int kind, cudaStream_t st) {
  (void)kind, (void)st;
  memmove(d, s, n);
  return 0;
}
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned f) {
  (void)f;
  return (*s = calloc(1, sizeof **s)) ? 0 : 2;
}
cudaError_t cudaStreamSynchronize(cudaStream_t s) {
  (void)s;
  return 0;
}
cudaError_t cudaStreamDestroy(cudaStream_t s) {
  free(s);
  return 0;
}
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned f) {
  (void)f;
  return (*e = calloc(1, sizeof **e)) ? 0 : 2;
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s) {
  (void)e, (void)s;
  return 0;
}
cudaError_t cudaEventSynchronize(cudaEvent_t e) {
  (void)e;
  return 0;
}
cudaError_t cudaEventDestroy(cudaEvent_t e) {
  free(e);
  return 0;
}
const char *cudaGetErrorString(cudaError_t e) {
  return e == 0 ? "no error" : e == 100 ? "no CUDA-capable device is detected" : "fake error";
}
cudaError_t cudaRuntimeGetVersion(int *v) {
  *v = 12040;
  return 0;
}
cudaError_t cudaDriverGetVersion(int *v) {
  *v = 12040;
  return 0;
}
cudaError_t cudaDeviceGetAttribute(int *v, int attr, int dev) {
  (void)dev;
  *v = attr == 13 ? 1980000 : attr == 16 ? 132 : 0; /* clock rate (kHz), SMs */
  return 0;
}
cudaError_t cudaMemGetInfo(size_t *f, size_t *t) {
  *t = (size_t)80 << 30, *f = *t - ((size_t)1 << 30);
  return 0;
}

/* ---- libnvidia-ml ---- */

static struct nvmlDevice_st gpu0;
static double t0;

nvmlReturn_t nvmlInit_v2(void) {
  if (t0 == 0)
    t0 = now();
  return 0;
}
nvmlReturn_t nvmlShutdown(void) { return 0; }
const char *nvmlErrorString(nvmlReturn_t r) { return r ? "fake NVML error" : "Success"; }
nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned i, nvmlDevice_t *d) {
  *d = &gpu0;
  return (int)i < devices() ? 0 : 2;
}
nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t d, char *s, unsigned n) {
  (void)d;
  snprintf(s, n, "Fake GPU");
  return 0;
}
static nvmlReturn_t list(const unsigned *v, unsigned nv, unsigned *count, unsigned *out) {
  unsigned k = nv < *count ? nv : *count;
  for (unsigned i = 0; i < k; i++)
    out[i] = v[i];
  nvmlReturn_t r = nv > *count ? 7 : 0; /* NVML_ERROR_INSUFFICIENT_SIZE */
  *count = nv;
  return r;
}
nvmlReturn_t nvmlDeviceGetSupportedMemoryClocks(nvmlDevice_t d, unsigned *c, unsigned *o) {
  static const unsigned v[] = {2619, 1593};
  (void)d;
  return list(v, 2, c, o);
}
nvmlReturn_t nvmlDeviceGetSupportedGraphicsClocks(nvmlDevice_t d, unsigned m, unsigned *c,
                                                  unsigned *o) {
  static const unsigned v[] = {1980, 1755, 1410, 1095, 810};
  (void)d, (void)m;
  return list(v, 5, c, o);
}
nvmlReturn_t nvmlDeviceSetApplicationsClocks(nvmlDevice_t d, unsigned mem, unsigned gr) {
  (void)d;
  fprintf(stderr, "fake nvml: application clocks %u MHz (memory), %u MHz (graphics)\n", mem, gr);
  return 0;
}
nvmlReturn_t nvmlDeviceGetTotalEnergyConsumption(nvmlDevice_t d, unsigned long long *mj) {
  (void)d;
  *mj = (unsigned long long)((now() - t0) * 100.0 * 1e3) + 5000000ull;
  return 0;
}
nvmlReturn_t nvmlDeviceGetMaxClockInfo(nvmlDevice_t d, int type, unsigned *mhz) {
  (void)d, (void)type;
  *mhz = 1980;
  return 0;
}
nvmlReturn_t nvmlDeviceGetPowerManagementDefaultLimit(nvmlDevice_t d, unsigned *mw) {
  (void)d;
  *mw = 700000;
  return 0;
}
