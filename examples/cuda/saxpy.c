/* y = a x + y with a CUDA variant: `gpu(saxpy_gpu: cuda)` says the GPU
 * variant is a launcher of CUDA kernels (saxpy_gpu.cu), which the runtime
 * runs only on the cuda back end (ESCHED_GPU=cuda). Without a GPU, or on
 * the sim back end, the task runs on the CPU and the output is the same. */
#include <stdio.h>

#include "saxpy.h"

#define N 4096

static float x[N], y[N];

static void saxpy(float a, const float *xs, float *ys, int n) {
  for (int i = 0; i < n; i++)
    ys[i] = a * xs[i] + ys[i];
}

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = (float)(i % 10), y[i] = (float)(i % 7);
#pragma esched task name(saxpy) in(x[0:N]) inout(y[0:N]) gpu(saxpy_gpu: cuda)
  saxpy(2.0f, x, y, N);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += y[i];
  printf("y[9] = %g, sum = %.1f\n", y[9], s);
  return 0;
}
