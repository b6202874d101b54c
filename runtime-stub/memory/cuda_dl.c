/* Loading CUDA's runtime library at run time (cuda_dl.h). */
#define _GNU_SOURCE /* RTLD_DEFAULT */
#include "runtime-stub/memory/cuda_dl.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/dl.h"

#define CU(f)                                                                                      \
  { "cuda" #f, offsetof(RtCudart, f), false }
static const EsDlSym cudart_syms[] = {
    CU(GetDeviceCount),
    CU(SetDevice),
    CU(Malloc),
    CU(Free),
    CU(MallocHost),
    CU(FreeHost),
    CU(MemcpyAsync),
    CU(StreamCreateWithFlags),
    CU(StreamSynchronize),
    CU(StreamDestroy),
    CU(EventCreateWithFlags),
    CU(EventRecord),
    CU(EventSynchronize),
    CU(EventDestroy),
    CU(GetErrorString),
    CU(RuntimeGetVersion),
    CU(DriverGetVersion),
    CU(DeviceGetAttribute),
    CU(MemGetInfo),
};
#define NSYMS ((int)(sizeof cudart_syms / sizeof *cudart_syms))

static const char *const sonames[] = {"libcudart.so.13", "libcudart.so.12", "libcudart.so.11.0",
                                      "libcudart.so"};

/* Binds table from handle h and checks that the library sees a GPU; false
 * with the reason appended to why. */
static bool usable(void *h, const char *from, RtCudart *table, char *why, int whylen) {
  RtCudart t = {0};
  char r[256];
  if (!es_dl_bind(h, &t, cudart_syms, NSYMS, from, r, sizeof r)) {
    es_dl_append(why, whylen, r);
    return false;
  }
  t.from = from;
  int n = 0;
  cudaError_t e = t.GetDeviceCount(&n);
  if (e != cudaSuccess || n <= 0) {
    snprintf(r, sizeof r, "%s: %s", from,
             e == cudaErrorInsufficientDriver ? "no NVIDIA driver, or one older than this runtime"
             : e != cudaSuccess               ? t.GetErrorString(e)
                                              : "no GPU");
    es_dl_append(why, whylen, r);
    return false;
  }
  *table = t;
  return true;
}

/* The sonames in order, each library once (libcudart.so is usually a link
 * to one of the others). */
static bool try_sonames(RtCudart *table, char *why, int whylen) {
  char missing[256] = "";
  void *seen[4];
  int nseen = 0;
  bool ok = false;
  for (int i = 0; i < 4 && !ok; i++) {
    void *h = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
    bool again = false;
    for (int k = 0; h && k < nseen; k++)
      again |= seen[k] == h;
    if (!h)
      snprintf(missing + strlen(missing), sizeof missing - strlen(missing), "%s%s",
               missing[0] ? ", " : "", sonames[i]);
    else if (!again)
      seen[nseen++] = h, ok = usable(h, sonames[i], table, why, whylen);
  }
  if (!ok && missing[0]) {
    char r[300];
    snprintf(r, sizeof r, "not found: %s (set ESCHED_CUDART to the library)", missing);
    es_dl_append(why, whylen, r);
  }
  return ok;
}

static bool load(void *table, char *why, int whylen) {
  const char *env = getenv("ESCHED_CUDART");
  why[0] = '\0';
  if (env && !strcmp(env, "none")) {
    snprintf(why, (size_t)whylen, "libcudart disabled (ESCHED_CUDART=none)");
    return false;
  }
  if (env && *env) { /* that library or none */
    void *h = dlopen(env, RTLD_NOW | RTLD_LOCAL);
    if (!h)
      snprintf(why, (size_t)whylen, "cannot load ESCHED_CUDART=%s (%s)", env, dlerror());
    return h && usable(h, env, table, why, whylen);
  }
  if (dlsym(RTLD_DEFAULT, "cudaGetDeviceCount"))
    return usable(RTLD_DEFAULT, "the program's own libcudart", table, why, whylen);
  return try_sonames(table, why, whylen);
}

const RtCudart *rt_cudart(char *why, int whylen) {
  static EsDlOnce once = ES_DL_ONCE;
  static RtCudart table;
  return es_dl_load(&once, &table, load, why, whylen);
}
