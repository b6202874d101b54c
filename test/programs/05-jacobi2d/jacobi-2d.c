/* jacobi-2d.c: PolyBench/C 4.2.1's jacobi-2d: a time loop of two sweeps,
 * each an esched task (so scheduled at run time). */
#include <stdio.h>
#include <stdlib.h>

#define TSTEPS 20
#define N 30
#define DATA_TYPE double

#define POLYBENCH_ARRAY(x) *x
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[dim1][dim2]
#define POLYBENCH_2D_ARRAY_DECL(var, type, dim1, dim2, ddim1, ddim2) \
  type(*var)[dim1][dim2];                                            \
  var = (type(*)[dim1][dim2])polybench_alloc_data((dim1) * (dim2), sizeof(type))
#define POLYBENCH_FREE_ARRAY(x) free((void *)x)

static void *polybench_alloc_data(unsigned long long n, int elt_size) {
  void *ret = malloc(n * elt_size);
  if (!ret)
    exit(1);
  return ret;
}

static void init_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n),
                       DATA_TYPE POLYBENCH_2D(B, N, N, n, n)) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / n;
      B[i][j] = ((DATA_TYPE)i * (j + 3) + 3) / n;
    }
}

/* dst's interior := the 5-point average of src; dst's border is kept. */
static void sweep(int n, DATA_TYPE POLYBENCH_2D(src, N, N, n, n),
                  DATA_TYPE POLYBENCH_2D(dst, N, N, n, n)) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      dst[i][j] = 0.2 * (src[i][j] + src[i][j - 1] + src[i][1 + j] + src[1 + i][j] + src[i - 1][j]);
}
static void sweep_gpu(int n, DATA_TYPE POLYBENCH_2D(src, N, N, n, n),
                      DATA_TYPE POLYBENCH_2D(dst, N, N, n, n)) {
  sweep(n, src, dst);
}

static void kernel_jacobi_2d(int tsteps, int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n),
                             DATA_TYPE POLYBENCH_2D(B, N, N, n, n)) {
  for (int t = 0; t < tsteps; t++) {
#pragma esched task name(sweep_ab) in(A[0:n]) inout(B[0:n]) gpu(sweep_gpu)
    sweep(n, A, B);
#pragma esched task name(sweep_ba) in(B[0:n]) inout(A[0:n]) gpu(sweep_gpu)
    sweep(n, B, A);
  }
}

int main(void) {
  int n = N, tsteps = TSTEPS;
  POLYBENCH_2D_ARRAY_DECL(A, DATA_TYPE, N, N, n, n);
  POLYBENCH_2D_ARRAY_DECL(B, DATA_TYPE, N, N, n, n);
  init_array(n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(B));
  kernel_jacobi_2d(tsteps, n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(B));
  double sum = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      sum += (*A)[i][j] * ((i + j) % 3 + 1);
  printf("jacobi-2d: A[1][1] = %.17g, checksum = %.17g\n", (*A)[1][1], sum);
  POLYBENCH_FREE_ARRAY(A);
  POLYBENCH_FREE_ARRAY(B);
  return 0;
}
