/* atax.c: PolyBench/C 4.2.1's atax (y := A^T (A x)), the two products as
 * tasks; array parameters written as PolyBench writes them. */
#include <stdio.h>
#include <stdlib.h>

#define M 38
#define N 42
#define DATA_TYPE double

#define POLYBENCH_ARRAY(x) *x
#define POLYBENCH_1D_ARRAY_DECL(var, type, dim1, ddim1) \
  type(*var)[dim1];                                     \
  var = (type(*)[dim1])polybench_alloc_data(dim1, sizeof(type))
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

static void init_array(int m, int n, DATA_TYPE A[M][N], DATA_TYPE x[N]) {
  DATA_TYPE fn = (DATA_TYPE)n;
  for (int i = 0; i < n; i++)
    x[i] = 1 + (i / fn);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE)((i + j) % n) / (5 * m);
}

/* tmp := A x */
static void atax_ax(int m, int n, DATA_TYPE A[M][N], DATA_TYPE x[N], DATA_TYPE tmp[M]) {
  for (int i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (int j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
  }
}
static void atax_ax_gpu(int m, int n, DATA_TYPE A[M][N], DATA_TYPE x[N], DATA_TYPE tmp[M]) {
  atax_ax(m, n, A, x, tmp);
}

/* y := A^T tmp */
static void atax_aty(int m, int n, DATA_TYPE A[M][N], DATA_TYPE tmp[], DATA_TYPE y[]) {
  for (int i = 0; i < n; i++)
    y[i] = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
}
static void atax_aty_gpu(int m, int n, DATA_TYPE A[M][N], DATA_TYPE tmp[], DATA_TYPE y[]) {
  atax_aty(m, n, A, tmp, y);
}

static void kernel_atax(int m, int n, DATA_TYPE A[M][N], DATA_TYPE x[N], DATA_TYPE y[N],
                        DATA_TYPE tmp[M]) {
#pragma esched task name(ax) in(A[0:M], x[0:N]) out(tmp[0:M]) gpu(atax_ax_gpu)
  atax_ax(m, n, A, x, tmp);
#pragma esched task name(aty) in(A[0:M], tmp[0:M]) out(y[0:N]) gpu(atax_aty_gpu)
  atax_aty(m, n, A, tmp, y);
}

int main(void) {
  int m = M, n = N;
  POLYBENCH_2D_ARRAY_DECL(A, DATA_TYPE, M, N, m, n);
  POLYBENCH_1D_ARRAY_DECL(x, DATA_TYPE, N, n);
  POLYBENCH_1D_ARRAY_DECL(y, DATA_TYPE, N, n);
  POLYBENCH_1D_ARRAY_DECL(tmp, DATA_TYPE, M, m);
  init_array(m, n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(x));
  kernel_atax(m, n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(x), POLYBENCH_ARRAY(y),
              POLYBENCH_ARRAY(tmp));
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += (*y)[i] * (i % 3 + 1);
  printf("atax: y[0] = %.17g, checksum = %.17g\n", (*y)[0], sum);
  POLYBENCH_FREE_ARRAY(A);
  POLYBENCH_FREE_ARRAY(x);
  POLYBENCH_FREE_ARRAY(y);
  POLYBENCH_FREE_ARRAY(tmp);
  return 0;
}
