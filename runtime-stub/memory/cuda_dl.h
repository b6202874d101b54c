/* CUDA's runtime library (libcudart) loaded at run time: no CUDA header
 * and no -lcudart in the runtime, so programs link CUDA only when their own
 * .cu launchers need it. The few types, constants and entry points the
 * runtime uses (mem_cuda.c, platform detection) are declared here from
 * CUDA's documented ABI; test/unit/cuda_abi.c checks them against the real
 * headers where the toolkit is installed.
 *
 * Which library: ESCHED_CUDART (a path, or "none"), else the program's own
 * (a program whose launchers link the shared libcudart: one instance for
 * the runtime and the launchers), else libcudart.so.13, .so.12, .so.11.0,
 * .so, skipping one that finds no driver (an older cudart may still serve
 * an older driver). Loaded once per process, never unloaded (cudart
 * registers exit handlers). */
#ifndef ESCHED_RT_MEMORY_CUDA_DL_H
#define ESCHED_RT_MEMORY_CUDA_DL_H

#include <stddef.h>

#define ESRT_CUDA_CONSTANTS(X)                                                                     \
  X(cudaSuccess, 0)                                                                                \
  X(cudaErrorMemoryAllocation, 2)                                                                  \
  X(cudaErrorInsufficientDriver, 35)                                                               \
  X(cudaErrorNoDevice, 100)                                                                        \
  X(cudaMemcpyHostToDevice, 1)                                                                     \
  X(cudaMemcpyDeviceToHost, 2)                                                                     \
  X(cudaMemcpyDeviceToDevice, 3)                                                                   \
  X(cudaStreamNonBlocking, 0x01)                                                                   \
  X(cudaEventDisableTiming, 0x02)                                                                  \
  X(cudaDevAttrClockRate, 13)                                                                      \
  X(cudaDevAttrMultiProcessorCount, 16)

#ifdef ESRT_CUDA_ABI_CHECK /* test/unit/cuda_abi.c: the real header instead */
#include <cuda_runtime_api.h>
#define ESRT_CUDA_KIND                   enum cudaMemcpyKind
#define ESRT_CUDA_ATTR                   enum cudaDeviceAttr
#define ESRT_CHECK_CONSTANT(name, value) _Static_assert((name) == (value), #name " differs");
ESRT_CUDA_CONSTANTS(ESRT_CHECK_CONSTANT)
#else
typedef int cudaError_t;                  /* enum cudaError: an int returned in a register */
typedef struct CUstream_st *cudaStream_t; /* the driver's CUstream */
typedef struct CUevent_st *cudaEvent_t;
#define ESRT_CUDA_KIND                     int
#define ESRT_CUDA_ATTR                     int
#define ESRT_DECLARE_CONSTANT(name, value) name = (value),
enum { ESRT_CUDA_CONSTANTS(ESRT_DECLARE_CONSTANT) };
#endif

typedef struct RtCudart {
  const char *from; /* the library it came from, or "the program's own libcudart" */
  cudaError_t (*GetDeviceCount)(int *);
  cudaError_t (*SetDevice)(int);
  cudaError_t (*Malloc)(void **, size_t);
  cudaError_t (*Free)(void *);
  cudaError_t (*MallocHost)(void **, size_t);
  cudaError_t (*FreeHost)(void *);
  cudaError_t (*MemcpyAsync)(void *, const void *, size_t, ESRT_CUDA_KIND, cudaStream_t);
  cudaError_t (*StreamCreateWithFlags)(cudaStream_t *, unsigned);
  cudaError_t (*StreamSynchronize)(cudaStream_t);
  cudaError_t (*StreamDestroy)(cudaStream_t);
  cudaError_t (*EventCreateWithFlags)(cudaEvent_t *, unsigned);
  cudaError_t (*EventRecord)(cudaEvent_t, cudaStream_t);
  cudaError_t (*EventSynchronize)(cudaEvent_t);
  cudaError_t (*EventDestroy)(cudaEvent_t);
  const char *(*GetErrorString)(cudaError_t);
  cudaError_t (*RuntimeGetVersion)(int *);
  cudaError_t (*DriverGetVersion)(int *);
  cudaError_t (*DeviceGetAttribute)(int *, ESRT_CUDA_ATTR, int);
  cudaError_t (*MemGetInfo)(size_t *, size_t *);
} RtCudart;

/* The loaded runtime, or NULL and the reason in why (one line, for the
 * caller's warning: every library tried and why it was passed over).
 * Thread safe. */
const RtCudart *rt_cudart(char *why, int whylen);

#endif
