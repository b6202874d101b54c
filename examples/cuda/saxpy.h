/* The CUDA launcher of saxpy.c's task (saxpy_gpu.cu), callable from C. */
#ifndef SAXPY_H
#define SAXPY_H

#ifdef __cplusplus
extern "C" {
#endif

/* y = a x + y on the GPU: x and y are device pointers. */
void saxpy_gpu(float a, const float *x, float *y, int n);

#ifdef __cplusplus
}
#endif

#endif
