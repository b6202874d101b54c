// The GPU variant of saxpy.c's task: a CUDA kernel and its launcher, which
// has the task's parameters (device pointers) and launches on the stream
// the runtime gives it; the runtime waits for the stream afterwards.
#include <cuda_runtime.h>

#include "esched_rt.h"
#include "saxpy.h"

__global__ static void saxpy_kernel(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __fadd_rn(__fmul_rn(a, x[i]), y[i]); // no fused multiply-add: the C rounding
}

extern "C" void saxpy_gpu(float a, const float *x, float *y, int n) {
  cudaStream_t stream = static_cast<cudaStream_t>(esrt_cuda_stream());
  saxpy_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, x, y, n);
}
