// The GPU variant of cuda_saxpy.c's task, as a user writes it: a kernel and
// a C-callable launcher in the outlined-variant signature, launching on the
// runtime's stream (the runtime synchronizes it after the variant).
#include <cuda_runtime.h>

#include "esched_rt.h"

struct saxpy_args {
  float a;
  int n;
};

__global__ static void saxpy_kernel(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

extern "C" void saxpy_gpu(void *const *p, const void *args) {
  const saxpy_args *s = static_cast<const saxpy_args *>(args);
  cudaStream_t stream = static_cast<cudaStream_t>(esrt_cuda_stream());
  saxpy_kernel<<<(s->n + 255) / 256, 256, 0, stream>>>(s->a, static_cast<const float *>(p[0]),
                                                       static_cast<float *>(p[1]), s->n);
}
