/* The opencl back end's devices, memory and copies (mem_opencl.h). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE */
#include "runtime-stub/memory/mem_opencl.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "esched_rt.h"
#include "runtime-stub/memory/opencl_ctx.h"
#include "scheduler/base/error.h"
#include "scheduler/base/number.h"

static int fail(cl_int e) {
  return e == CL_OUT_OF_HOST_MEMORY || e == CL_OUT_OF_RESOURCES ||
                 e == CL_MEM_OBJECT_ALLOCATION_FAILURE || e == CL_INVALID_BUFFER_SIZE
             ? ES_ENOMEM
             : ES_EIO;
}

/* ---- buffer mode: device addresses are reserved host addresses ---- */

/* The extent holding device address p, or -1; c->lock held. */
static int find_extent(const Ocl *c, const void *p) {
  const char *x = p;
  for (int i = 0; i < c->next; i++)
    if (x >= c->ext[i].va && x < c->ext[i].va + c->ext[i].bytes)
      return i;
  return -1;
}

/* (cl_mem, offset, bytes left) of device address p; false when not ours. */
static bool translate(Ocl *c, const void *p, cl_mem *mem, size_t *off, size_t *room) {
  pthread_mutex_lock(&c->lock);
  int i = find_extent(c, p);
  if (i >= 0) {
    *mem = c->ext[i].mem;
    *off = (size_t)((const char *)p - c->ext[i].va);
    *room = c->ext[i].bytes - *off;
  }
  pthread_mutex_unlock(&c->lock);
  return i >= 0;
}

static bool add_extent(Ocl *c, char *va, size_t n, cl_mem m) {
  pthread_mutex_lock(&c->lock);
  if (c->next == c->extcap) {
    int cap = c->extcap ? 2 * c->extcap : 16;
    OclExtent *v = realloc(c->ext, sizeof *v * (size_t)cap);
    if (v)
      c->ext = v, c->extcap = cap;
  }
  bool ok = c->next < c->extcap;
  if (ok)
    c->ext[c->next++] = (OclExtent){va, n, m, NULL, 0};
  pthread_mutex_unlock(&c->lock);
  return ok;
}

static int buffer_alloc(Ocl *c, size_t n, void **out) {
  const cl_uchar poison = RT_SIM_POISON;
  cl_int e;
  cl_mem m = c->cl->CreateBuffer(c->context, CL_MEM_READ_WRITE, n, NULL, &e);
  if (e != CL_SUCCESS)
    return fail(e);
  e = c->cl->EnqueueFillBuffer(c->queue, m, &poison, 1, 0, n, 0, NULL, NULL);
  if (e == CL_SUCCESS)
    e = c->cl->Finish(c->queue);
  void *va = MAP_FAILED;
  if (e == CL_SUCCESS)
    va = mmap(NULL, n, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (va == MAP_FAILED || !add_extent(c, va, n, m)) {
    if (va != MAP_FAILED)
      munmap(va, n);
    c->cl->ReleaseMemObject(m);
    return e == CL_SUCCESS ? ES_ENOMEM : fail(e);
  }
  *out = va;
  return ES_OK;
}

static void buffer_release(Ocl *c, void *p) {
  pthread_mutex_lock(&c->lock);
  int i = find_extent(c, p);
  if (i >= 0) {
    OclExtent x = c->ext[i];
    c->ext[i] = c->ext[--c->next];
    for (int k = 0; k < x.nsubs; k++)
      c->cl->ReleaseMemObject(x.subs[k].mem);
    free(x.subs);
    c->cl->ReleaseMemObject(x.mem);
    munmap(x.va, x.bytes);
  }
  pthread_mutex_unlock(&c->lock);
}

static int buffer_copy(Ocl *c, void *dst, const void *src, size_t n, RtCopyDir dir) {
  cl_mem sm = NULL, dm = NULL;
  size_t soff = 0, doff = 0, sroom = n, droom = n;
  if ((dir != RT_H2D && !translate(c, src, &sm, &soff, &sroom)) ||
      (dir != RT_D2H && !translate(c, dst, &dm, &doff, &droom)) || sroom < n || droom < n)
    return ES_EIO;
  cl_int e;
  if (dir == RT_H2D)
    e = c->cl->EnqueueWriteBuffer(c->queue, dm, CL_TRUE, doff, n, src, 0, NULL, NULL);
  else if (dir == RT_D2H)
    e = c->cl->EnqueueReadBuffer(c->queue, sm, CL_TRUE, soff, n, dst, 0, NULL, NULL);
  else if ((e = c->cl->EnqueueCopyBuffer(c->queue, sm, dm, soff, doff, n, 0, NULL, NULL)) ==
           CL_SUCCESS)
    e = c->cl->Finish(c->queue);
  return e == CL_SUCCESS ? ES_OK : fail(e);
}

/* ---- the back end ---- */

static int ocl_alloc(void *ctx, size_t bytes, void **out) {
  Ocl *c = ctx;
  size_t n = bytes ? bytes : 1;
  if (!c->svm)
    return buffer_alloc(c, n, out);
  const cl_uchar poison = RT_SIM_POISON;
  void *p = c->cl->SVMAlloc(c->context, CL_MEM_READ_WRITE, n, 0);
  if (!p)
    return ES_ENOMEM;
  cl_int e = c->cl->EnqueueSVMMemFill(c->queue, p, &poison, 1, n, 0, NULL, NULL);
  if (e == CL_SUCCESS)
    e = c->cl->Finish(c->queue);
  if (e != CL_SUCCESS) {
    c->cl->SVMFree(c->context, p);
    return fail(e);
  }
  *out = p;
  return ES_OK;
}

static void ocl_release(void *ctx, void *p) {
  Ocl *c = ctx;
  c->cl->Finish(c->queue); /* a kernel may still use it */
  if (c->svm)
    c->cl->SVMFree(c->context, p);
  else
    buffer_release(c, p);
}

static int ocl_copy(void *ctx, void *dst, const void *src, size_t n, RtCopyDir dir) {
  Ocl *c = ctx;
  if (n == 0)
    return ES_OK;
  if (!c->svm)
    return buffer_copy(c, dst, src, n, dir);
  cl_int e = c->cl->EnqueueSVMMemcpy(c->queue, CL_TRUE, dst, src, n, 0, NULL, NULL);
  return e == CL_SUCCESS ? ES_OK : fail(e);
}

static void ocl_sync(void *ctx) {
  Ocl *c = ctx;
  c->cl->Finish(c->queue);
}

static void ocl_close(void *ctx) {
  Ocl *c = ctx;
  if (!c)
    return;
  if (c->queue)
    c->cl->Finish(c->queue);
  ocl_programs_free(c);
  while (c->next > 0)
    buffer_release(c, c->ext[0].va);
  free(c->ext);
  if (c->queue)
    c->cl->ReleaseCommandQueue(c->queue);
  if (c->context)
    c->cl->ReleaseContext(c->context);
  pthread_mutex_destroy(&c->lock);
  free(c);
}

const RtMemOps rt_mem_opencl = {
    "opencl", ESRT_VARIANT_OPENCL, false, ocl_alloc, ocl_release, ocl_copy, ocl_sync, ocl_close};

void *rt_opencl_context(void *ctx) { return ((Ocl *)ctx)->context; }
void *rt_opencl_queue(void *ctx) { return ((Ocl *)ctx)->queue; }
void *rt_opencl_device(void *ctx) { return ((Ocl *)ctx)->device; }
const char *rt_opencl_describe(void *ctx) { return ((Ocl *)ctx)->describe; }

/* ---- devices ---- */

static int rank(cl_device_type t) {
  return t & CL_DEVICE_TYPE_GPU ? 0 : t & CL_DEVICE_TYPE_ACCELERATOR ? 1 : 2;
}

/* One platform's devices appended to out; returns the new count. */
static int list_platform(const RtOpenCL *cl, cl_platform_id p, int pi, RtOclDevice *out, int n,
                         int max) {
  cl_device_id ids[16];
  cl_uint nd = 0;
  char pname[128] = "";
  cl->GetPlatformInfo(p, CL_PLATFORM_NAME, sizeof pname, pname, NULL);
  if (cl->GetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 16, ids, &nd) != CL_SUCCESS)
    return n;
  for (cl_uint d = 0; d < nd && d < 16 && n < max; d++, n++) {
    RtOclDevice *x = &out[n];
    memset(x, 0, sizeof *x);
    cl_device_type t = 0;
    cl->GetDeviceInfo(ids[d], CL_DEVICE_TYPE, sizeof t, &t, NULL);
    cl->GetDeviceInfo(ids[d], CL_DEVICE_NAME, sizeof x->name, x->name, NULL);
    x->name[sizeof x->name - 1] = '\0';
    snprintf(x->platform_name, sizeof x->platform_name, "%s", pname);
    x->platform = p, x->device = ids[d], x->pi = pi, x->di = (int)d, x->type = t;
  }
  return n;
}

int rt_opencl_devices(RtOclDevice *out, int max, char *why, int whylen) {
  const RtOpenCL *cl = rt_opencl_lib(why, whylen);
  if (!cl)
    return -1;
  cl_platform_id plats[16];
  cl_uint np = 0;
  cl_int e = cl->GetPlatformIDs(16, plats, &np);
  if (e != CL_SUCCESS || np == 0) {
    snprintf(why, (size_t)whylen, "no OpenCL platform (no ICD in /etc/OpenCL/vendors)");
    return -1;
  }
  int n = 0;
  for (cl_uint p = 0; p < np && p < 16; p++)
    n = list_platform(cl, plats[p], (int)p, out, n, max);
  for (int i = 1; i < n; i++) /* stable insertion sort by rank */
    for (int k = i; k > 0 && rank(out[k].type) < rank(out[k - 1].type); k--) {
      RtOclDevice t = out[k];
      out[k] = out[k - 1], out[k - 1] = t;
    }
  return n;
}

/* Whether want is "P:D", two whole numbers (number.h: "0:1x" is a name). */
static bool platform_device(const char *want, int *wp, int *wd) {
  char p[32];
  const char *colon = strchr(want, ':');
  long lp, ld;
  if (!colon || (size_t)(colon - want) >= sizeof p)
    return false;
  snprintf(p, sizeof p, "%.*s", (int)(colon - want), want);
  if (es_parse_long(p, 0, INT_MAX, &lp) != ES_NUMBER_OK ||
      es_parse_long(colon + 1, 0, INT_MAX, &ld) != ES_NUMBER_OK)
    return false;
  *wp = (int)lp, *wd = (int)ld;
  return true;
}

/* The device asked for: "P:D", a name substring, or the nth listed. */
static bool pick(const char *want, int nth, RtOclDevice *dev, char *why, int whylen) {
  RtOclDevice all[64];
  int n = rt_opencl_devices(all, 64, why, whylen), wp = -1, wd = -1;
  if (n < 0)
    return false;
  if (want && !platform_device(want, &wp, &wd))
    wp = wd = -1;
  int seen = 0;
  for (int i = 0; i < n; i++) {
    bool ok = wp >= 0 ? all[i].pi == wp && all[i].di == wd
              : want  ? strstr(all[i].name, want) != NULL
                      : seen++ == nth;
    if (ok) {
      *dev = all[i];
      return true;
    }
  }
  if (want)
    snprintf(why, (size_t)whylen, "no OpenCL device matches '%s' (ESCHED_OPENCL_DEVICE)", want);
  else
    snprintf(why, (size_t)whylen, "%d OpenCL device%s, none left for this one%s", n,
             n == 1 ? "" : "s",
             n == 0 ? " (PoCL lists none when its cache folder is not writable: set "
                      "POCL_CACHE_DIR)"
                    : "");
  return false;
}

static int version_of(const Ocl *c) {
  char v[128] = "";
  int major = 1, minor = 2;
  c->cl->GetDeviceInfo(c->device, CL_DEVICE_VERSION, sizeof v, v, NULL);
  v[sizeof v - 1] = '\0';
  if (sscanf(v, "OpenCL %d.%d", &major, &minor) != 2)
    return 12;
  return major * 10 + minor;
}

/* Context and in-order queue; CL error code. */
static cl_int make_queue(Ocl *c, int version) {
  cl_int e;
  c->context = c->cl->CreateContext(NULL, 1, &c->device, NULL, NULL, &e);
  if (e != CL_SUCCESS)
    return e;
  if (version >= 20 && c->cl->CreateCommandQueueWithProperties)
    c->queue = c->cl->CreateCommandQueueWithProperties(c->context, c->device, NULL, &e);
  else
    c->queue = c->cl->CreateCommandQueue(c->context, c->device, 0, &e);
  return e;
}

/* Whether device memory is SVM; false with why when the mode cannot be had. */
static bool choose_memory(Ocl *c, int version, RtOclMemory mode, char *why, int whylen) {
  cl_device_svm_capabilities svm = 0;
  if (version < 20 || !c->cl->SVMAlloc ||
      c->cl->GetDeviceInfo(c->device, CL_DEVICE_SVM_CAPABILITIES, sizeof svm, &svm, NULL))
    svm = 0;
  bool coarse = (svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER) != 0;
  if (mode == RT_OCL_SVM && !coarse) {
    snprintf(why, (size_t)whylen,
             "the device has no coarse-grained SVM (ESCHED_OPENCL_MEMORY=svm)");
    return false;
  }
  c->svm = mode == RT_OCL_SVM || (mode == RT_OCL_AUTO && coarse);
  cl_uint bits = 1024;
  c->cl->GetDeviceInfo(c->device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, NULL);
  c->base_align = bits / 8 ? bits / 8 : 128;
  return true;
}

int rt_mem_opencl_open(const char *want, int nth, RtOclMemory mode, void **ctx, char *why,
                       int whylen) {
  *ctx = NULL;
  RtOclDevice dev;
  if (!pick(want, nth, &dev, why, whylen))
    return ES_ENOSUP;
  Ocl *c = calloc(1, sizeof *c);
  if (!c)
    return ES_ENOMEM;
  pthread_mutex_init(&c->lock, NULL);
  c->cl = rt_opencl_lib(why, whylen);
  c->platform = dev.platform, c->device = dev.device;
  int version = version_of(c);
  cl_int e = CL_SUCCESS;
  if (!choose_memory(c, version, mode, why, whylen) || (e = make_queue(c, version)) != CL_SUCCESS) {
    if (e != CL_SUCCESS)
      snprintf(why, (size_t)whylen, "OpenCL device '%s': no context or queue (error %d)", dev.name,
               e);
    ocl_close(c);
    return ES_ENOSUP;
  }
  snprintf(c->describe, sizeof c->describe, "%s (%s, OpenCL %d.%d), %s", dev.name,
           dev.platform_name, version / 10, version % 10, c->svm ? "svm" : "buffers");
  *ctx = c;
  return ES_OK;
}

int rt_opencl_adopt(void *context, void *device, void **ctx, char *why, int whylen) {
  *ctx = NULL;
  const RtOpenCL *cl = rt_opencl_lib(why, whylen);
  if (!cl)
    return ES_ENOSUP;
  Ocl *c = calloc(1, sizeof *c);
  if (!c)
    return ES_ENOMEM;
  pthread_mutex_init(&c->lock, NULL);
  c->cl = cl;
  c->context = context, c->device = device;
  cl->RetainContext(context);
  *ctx = c;
  return ES_OK;
}

/* ---- kernel arguments ---- */

/* The sub-buffer of extent i starting at off, made once; c->lock held. */
static cl_mem sub_buffer_locked(Ocl *c, int i, size_t off, size_t room, cl_int *e) {
  OclExtent *x = &c->ext[i];
  for (int k = 0; k < x->nsubs; k++)
    if (x->subs[k].off == off)
      return x->subs[k].mem;
  OclSub *v = realloc(x->subs, sizeof *v * ((size_t)x->nsubs + 1));
  if (!v) {
    *e = CL_OUT_OF_HOST_MEMORY;
    return NULL;
  }
  x->subs = v;
  cl_buffer_region r = {off, room};
  cl_mem sub =
      c->cl->CreateSubBuffer(x->mem, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, e);
  if (*e == CL_SUCCESS)
    v[x->nsubs++] = (OclSub){off, sub};
  return *e == CL_SUCCESS ? sub : NULL;
}

int rt_opencl_set_ptr(void *ctx, void *kernel, unsigned idx, const void *p) {
  Ocl *c = ctx;
  if (c->svm)
    return c->cl->SetKernelArgSVMPointer(kernel, idx, p);
  cl_mem m = NULL;
  size_t off = 0, room = 0;
  if (p && !translate(c, p, &m, &off, &room))
    return CL_INVALID_MEM_OBJECT;
  if (off != 0 && off % c->base_align)
    return CL_MISALIGNED_SUB_BUFFER_OFFSET;
  cl_int e = CL_SUCCESS;
  if (off != 0) {
    pthread_mutex_lock(&c->lock);
    int i = find_extent(c, p);
    e = i < 0 ? CL_INVALID_MEM_OBJECT : CL_SUCCESS;
    m = i < 0 ? NULL : sub_buffer_locked(c, i, off, room, &e);
    pthread_mutex_unlock(&c->lock);
  }
  return e == CL_SUCCESS ? c->cl->SetKernelArg(kernel, idx, sizeof m, &m) : e;
}
