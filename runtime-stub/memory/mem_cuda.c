/* The cuda GPU back end: device buffers from cudaMalloc, one stream per
 * GPU on which variants launch (esrt_cuda_stream) and copies run, and
 * transfers staged through two pinned host buffers (cudaMallocHost) so that
 * copying host data into one overlaps the DMA of the other. Built only when
 * the CUDA toolkit is found (ESCHED_HAVE_CUDA); otherwise rt_mem_cuda()
 * returns NULL and ESCHED_GPU=cuda falls back to the host. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/memory/mem.h"
#include "scheduler/base/error.h"

#ifdef ESCHED_HAVE_CUDA
#include <cuda_runtime_api.h>

#define STAGE_BYTES ((size_t)4 << 20)

typedef struct Cuda {
  int ordinal;
  cudaStream_t stream;
  void *stage[2];      /* pinned */
  cudaEvent_t done[2]; /* the DMA of stage[i] finished */
} Cuda;

static int fail(cudaError_t e) { return e == cudaErrorMemoryAllocation ? ES_ENOMEM : ES_EIO; }

static int cuda_alloc(void *ctx, size_t bytes, void **out) {
  Cuda *c = ctx;
  cudaSetDevice(c->ordinal);
  cudaError_t e = cudaMalloc(out, bytes ? bytes : 1);
  return e == cudaSuccess ? ES_OK : fail(e);
}

static void cuda_release(void *ctx, void *p) {
  Cuda *c = ctx;
  cudaSetDevice(c->ordinal);
  cudaStreamSynchronize(c->stream); /* a variant may still use it */
  cudaFree(p);
}

/* Host to device: fill stage i while the other one's DMA runs. */
static int h2d(Cuda *c, char *dst, const char *src, size_t n) {
  cudaError_t e = cudaSuccess;
  for (size_t off = 0, i = 0; off < n && e == cudaSuccess; off += STAGE_BYTES, i ^= 1) {
    size_t len = n - off < STAGE_BYTES ? n - off : STAGE_BYTES;
    e = cudaEventSynchronize(c->done[i]);
    if (e != cudaSuccess)
      break;
    memcpy(c->stage[i], src + off, len);
    e = cudaMemcpyAsync(dst + off, c->stage[i], len, cudaMemcpyHostToDevice, c->stream);
    if (e == cudaSuccess)
      e = cudaEventRecord(c->done[i], c->stream);
  }
  if (e == cudaSuccess)
    e = cudaStreamSynchronize(c->stream);
  return e == cudaSuccess ? ES_OK : fail(e);
}

/* Device to host: the DMA of chunk k+1 runs while chunk k is copied out. */
static int d2h(Cuda *c, char *dst, const char *src, size_t n) {
  size_t chunks = (n + STAGE_BYTES - 1) / STAGE_BYTES;
  cudaError_t e = cudaSuccess;
  for (size_t k = 0; k <= chunks && e == cudaSuccess; k++) {
    if (k < chunks) {
      size_t off = k * STAGE_BYTES, len = n - off < STAGE_BYTES ? n - off : STAGE_BYTES;
      e = cudaMemcpyAsync(c->stage[k & 1], src + off, len, cudaMemcpyDeviceToHost, c->stream);
      if (e == cudaSuccess)
        e = cudaEventRecord(c->done[k & 1], c->stream);
    }
    if (k > 0 && e == cudaSuccess) {
      size_t off = (k - 1) * STAGE_BYTES, len = n - off < STAGE_BYTES ? n - off : STAGE_BYTES;
      e = cudaEventSynchronize(c->done[(k - 1) & 1]);
      if (e == cudaSuccess)
        memcpy(dst + off, c->stage[(k - 1) & 1], len);
    }
  }
  return e == cudaSuccess ? ES_OK : fail(e);
}

static int cuda_copy(void *ctx, void *dst, const void *src, size_t n, RtCopyDir dir) {
  Cuda *c = ctx;
  cudaSetDevice(c->ordinal);
  if (dir == RT_H2D)
    return h2d(c, dst, src, n);
  if (dir == RT_D2H)
    return d2h(c, dst, src, n);
  cudaError_t e = cudaMemcpyAsync(dst, src, n, cudaMemcpyDeviceToDevice, c->stream);
  if (e == cudaSuccess)
    e = cudaStreamSynchronize(c->stream);
  return e == cudaSuccess ? ES_OK : fail(e);
}

static void cuda_sync(void *ctx) {
  Cuda *c = ctx;
  cudaSetDevice(c->ordinal);
  cudaStreamSynchronize(c->stream);
}

static void *cuda_stream(void *ctx) { return ((Cuda *)ctx)->stream; }

static void cuda_close(void *ctx) {
  Cuda *c = ctx;
  if (!c)
    return;
  cudaSetDevice(c->ordinal);
  cudaStreamSynchronize(c->stream);
  for (int i = 0; i < 2; i++) {
    cudaEventDestroy(c->done[i]);
    cudaFreeHost(c->stage[i]);
  }
  cudaStreamDestroy(c->stream);
  free(c);
}

static const RtMemOps cuda_ops = {"cuda",    cuda_alloc,  cuda_release, cuda_copy,
                                  cuda_sync, cuda_stream, cuda_close};

const RtMemOps *rt_mem_cuda(void) { return &cuda_ops; }

int rt_mem_cuda_open(int ordinal, void **ctx, char *why, int whylen) {
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || ordinal >= count) {
    snprintf(why, (size_t)whylen, "no CUDA device %d (%s)", ordinal,
             e != cudaSuccess ? cudaGetErrorString(e) : "too few devices");
    return ES_ENOSUP;
  }
  Cuda *c = calloc(1, sizeof *c);
  if (!c)
    return ES_ENOMEM;
  c->ordinal = ordinal;
  e = cudaSetDevice(ordinal);
  if (e == cudaSuccess)
    e = cudaStreamCreateWithFlags(&c->stream, cudaStreamNonBlocking);
  for (int i = 0; i < 2 && e == cudaSuccess; i++) {
    e = cudaMallocHost(&c->stage[i], STAGE_BYTES);
    if (e == cudaSuccess)
      e = cudaEventCreateWithFlags(&c->done[i], cudaEventDisableTiming);
  }
  if (e != cudaSuccess) {
    snprintf(why, (size_t)whylen, "CUDA device %d: %s", ordinal, cudaGetErrorString(e));
    cuda_close(c);
    return ES_ENOSUP;
  }
  *ctx = c;
  return ES_OK;
}

#else

const RtMemOps *rt_mem_cuda(void) { return NULL; }

int rt_mem_cuda_open(int ordinal, void **ctx, char *why, int whylen) {
  (void)ordinal;
  *ctx = NULL;
  snprintf(why, (size_t)whylen, "the cuda back end is not built in");
  return ES_ENOSUP;
}

#endif
