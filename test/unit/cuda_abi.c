/* Compile-time check of the runtime's CUDA declarations
 * (runtime-stub/memory/cuda_dl.h) against the toolkit's own headers, built
 * where they are found: every constant must have the header's value (the
 * static assertions in cuda_dl.h) and every entry point the header's type
 * (each initializer below fails to compile otherwise). Compiled, never
 * linked or run. */
#define ESRT_CUDA_ABI_CHECK
#include "runtime-stub/memory/cuda_dl.h"

int main(void) {
  RtCudart t = {
      .GetDeviceCount = cudaGetDeviceCount,
      .SetDevice = cudaSetDevice,
      .Malloc = cudaMalloc,
      .Free = cudaFree,
      .MallocHost = cudaMallocHost,
      .FreeHost = cudaFreeHost,
      .MemcpyAsync = cudaMemcpyAsync,
      .StreamCreateWithFlags = cudaStreamCreateWithFlags,
      .StreamSynchronize = cudaStreamSynchronize,
      .StreamDestroy = cudaStreamDestroy,
      .EventCreateWithFlags = cudaEventCreateWithFlags,
      .EventRecord = cudaEventRecord,
      .EventSynchronize = cudaEventSynchronize,
      .EventDestroy = cudaEventDestroy,
      .GetErrorString = cudaGetErrorString,
      .RuntimeGetVersion = cudaRuntimeGetVersion,
      .DriverGetVersion = cudaDriverGetVersion,
      .DeviceGetAttribute = cudaDeviceGetAttribute,
      .MemGetInfo = cudaMemGetInfo,
  };
  return t.Malloc == 0;
}
