/* The cuda back end: device buffers from cudaMalloc, one stream per GPU on
 * which variants launch (esrt_cuda_stream) and copies run, and transfers
 * staged through two pinned host buffers (cudaMallocHost) so that copying
 * host data into one overlaps the DMA of the other. libcudart is loaded at
 * run time (cuda_dl.h): without it, or without a driver or a GPU, opening
 * fails with the reason and the runtime runs the GPU's tasks on the host. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "esched_rt.h"
#include "runtime-stub/memory/cuda_dl.h"
#include "runtime-stub/memory/mem.h"
#include "scheduler/base/error.h"

#define STAGE_BYTES ((size_t)4 << 20)

typedef struct Cuda {
  const RtCudart *cu;
  int ordinal;
  cudaStream_t stream;
  void *stage[2];      /* pinned */
  cudaEvent_t done[2]; /* the DMA of stage[i] finished */
} Cuda;

static int fail(cudaError_t e) { return e == cudaErrorMemoryAllocation ? ES_ENOMEM : ES_EIO; }

static size_t chunk(size_t n, size_t off) { return n - off < STAGE_BYTES ? n - off : STAGE_BYTES; }

static int cuda_alloc(void *ctx, size_t bytes, void **out) {
  Cuda *c = ctx;
  c->cu->SetDevice(c->ordinal);
  cudaError_t e = c->cu->Malloc(out, bytes ? bytes : 1);
  return e == cudaSuccess ? ES_OK : fail(e);
}

static void cuda_release(void *ctx, void *p) {
  Cuda *c = ctx;
  c->cu->SetDevice(c->ordinal);
  c->cu->StreamSynchronize(c->stream); /* a variant may still use it */
  c->cu->Free(p);
}

/* Host to device: fill stage i while the other one's DMA runs. */
static int h2d(Cuda *c, char *dst, const char *src, size_t n) {
  const RtCudart *cu = c->cu;
  cudaError_t e = cudaSuccess;
  for (size_t off = 0, i = 0; off < n && e == cudaSuccess; off += STAGE_BYTES, i ^= 1) {
    e = cu->EventSynchronize(c->done[i]);
    if (e != cudaSuccess)
      break;
    memcpy(c->stage[i], src + off, chunk(n, off));
    e = cu->MemcpyAsync(dst + off, c->stage[i], chunk(n, off), cudaMemcpyHostToDevice, c->stream);
    if (e == cudaSuccess)
      e = cu->EventRecord(c->done[i], c->stream);
  }
  if (e == cudaSuccess)
    e = cu->StreamSynchronize(c->stream);
  return e == cudaSuccess ? ES_OK : fail(e);
}

/* Device to host: the DMA of chunk k+1 runs while chunk k is copied out. */
static int d2h(Cuda *c, char *dst, const char *src, size_t n) {
  const RtCudart *cu = c->cu;
  size_t chunks = (n + STAGE_BYTES - 1) / STAGE_BYTES;
  cudaError_t e = cudaSuccess;
  for (size_t k = 0; k <= chunks && e == cudaSuccess; k++) {
    if (k < chunks) {
      size_t off = k * STAGE_BYTES;
      e = cu->MemcpyAsync(c->stage[k & 1], src + off, chunk(n, off), cudaMemcpyDeviceToHost,
                          c->stream);
      if (e == cudaSuccess)
        e = cu->EventRecord(c->done[k & 1], c->stream);
    }
    if (k > 0 && e == cudaSuccess) {
      size_t off = (k - 1) * STAGE_BYTES;
      e = cu->EventSynchronize(c->done[(k - 1) & 1]);
      if (e == cudaSuccess)
        memcpy(dst + off, c->stage[(k - 1) & 1], chunk(n, off));
    }
  }
  return e == cudaSuccess ? ES_OK : fail(e);
}

static int cuda_copy(void *ctx, void *dst, const void *src, size_t n, RtCopyDir dir) {
  Cuda *c = ctx;
  c->cu->SetDevice(c->ordinal);
  if (dir == RT_H2D)
    return h2d(c, dst, src, n);
  if (dir == RT_D2H)
    return d2h(c, dst, src, n);
  cudaError_t e = c->cu->MemcpyAsync(dst, src, n, cudaMemcpyDeviceToDevice, c->stream);
  if (e == cudaSuccess)
    e = c->cu->StreamSynchronize(c->stream);
  return e == cudaSuccess ? ES_OK : fail(e);
}

static void cuda_sync(void *ctx) {
  Cuda *c = ctx;
  c->cu->SetDevice(c->ordinal);
  c->cu->StreamSynchronize(c->stream);
}

static void cuda_close(void *ctx) {
  Cuda *c = ctx;
  if (!c)
    return;
  const RtCudart *cu = c->cu;
  cu->SetDevice(c->ordinal);
  if (c->stream)
    cu->StreamSynchronize(c->stream);
  for (int i = 0; i < 2; i++) {
    if (c->done[i])
      cu->EventDestroy(c->done[i]);
    if (c->stage[i])
      cu->FreeHost(c->stage[i]);
  }
  if (c->stream)
    cu->StreamDestroy(c->stream);
  free(c);
}

const RtMemOps rt_mem_cuda = {"cuda",       ESRT_VARIANT_CUDA, false,     cuda_alloc,
                              cuda_release, cuda_copy,         cuda_sync, cuda_close};

void *rt_mem_cuda_stream(void *ctx) { return ((Cuda *)ctx)->stream; }
int rt_mem_cuda_ordinal(void *ctx) { return ((Cuda *)ctx)->ordinal; }

int rt_mem_cuda_open(int ordinal, void **ctx, char *why, int whylen) {
  *ctx = NULL;
  const RtCudart *cu = rt_cudart(why, whylen);
  if (!cu)
    return ES_ENOSUP;
  int count = 0;
  cudaError_t e = cu->GetDeviceCount(&count);
  if (e != cudaSuccess || ordinal >= count) {
    snprintf(why, (size_t)whylen, "no CUDA device %d (%s; %s)", ordinal,
             e != cudaSuccess ? cu->GetErrorString(e) : "too few devices", cu->from);
    return ES_ENOSUP;
  }
  Cuda *c = calloc(1, sizeof *c);
  if (!c)
    return ES_ENOMEM;
  c->cu = cu;
  c->ordinal = ordinal;
  e = cu->SetDevice(ordinal);
  if (e == cudaSuccess)
    e = cu->StreamCreateWithFlags(&c->stream, cudaStreamNonBlocking);
  for (int i = 0; i < 2 && e == cudaSuccess; i++) {
    e = cu->MallocHost(&c->stage[i], STAGE_BYTES);
    if (e == cudaSuccess)
      e = cu->EventCreateWithFlags(&c->done[i], cudaEventDisableTiming);
  }
  if (e != cudaSuccess) {
    snprintf(why, (size_t)whylen, "CUDA device %d: %s", ordinal, cu->GetErrorString(e));
    cuda_close(c);
    return ES_ENOSUP;
  }
  *ctx = c;
  return ES_OK;
}
