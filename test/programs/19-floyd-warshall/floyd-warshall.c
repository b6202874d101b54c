/* floyd-warshall.c: PolyBench/C 4.2.1's floyd-warshall, all-pairs shortest
 * paths in place on an int matrix; each round of the loop over k is an
 * esched task on the whole matrix. */
#include <stdio.h>
#include <stdlib.h>

#include "floyd-warshall.h"

/* polybench.h's array macros (POLYBENCH_USE_C99_PROTO unset) */
#define POLYBENCH_ARRAY(x)                          *x
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[dim1][dim2]
#define POLYBENCH_2D_ARRAY_DECL(var, type, dim1, dim2, ddim1, ddim2)                               \
  type(*var)[dim1][dim2];                                                                          \
  var = (type(*)[dim1][dim2])polybench_alloc_data((dim1) * (dim2), sizeof(type))
#define POLYBENCH_FREE_ARRAY(x) free((void *)x)
#define POLYBENCH_DUMP_TARGET   stdout
#define POLYBENCH_DUMP_START    fprintf(POLYBENCH_DUMP_TARGET, "==BEGIN DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_FINISH   fprintf(POLYBENCH_DUMP_TARGET, "==END   DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_BEGIN(s) fprintf(POLYBENCH_DUMP_TARGET, "begin dump: %s", s)
#define POLYBENCH_DUMP_END(s)   fprintf(POLYBENCH_DUMP_TARGET, "\nend   dump: %s\n", s)

static void *polybench_alloc_data(unsigned long long n, int elt_size) {
  void *ret = malloc(n * elt_size);
  if (!ret) {
    fprintf(stderr, "[PolyBench] posix_memalign: cannot allocate memory");
    exit(1);
  }
  return ret;
}

static void init_array(int n, DATA_TYPE POLYBENCH_2D(path, N, N, n, n)) {
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      path[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        path[i][j] = 999;
    }
}

static void print_array(int n, DATA_TYPE POLYBENCH_2D(path, N, N, n, n)) {
  int i, j;

  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("path");
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      if ((i * n + j) % 20 == 0)
        fprintf(POLYBENCH_DUMP_TARGET, "\n");
      fprintf(POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, path[i][j]);
    }
  POLYBENCH_DUMP_END("path");
  POLYBENCH_DUMP_FINISH;
}

/* one round of the loop over k: paths through k */
static void relax(int n, int k, DATA_TYPE POLYBENCH_2D(path, N, N, n, n)) {
  int i, j;

  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_N; j++)
      path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
}

static void relax_gpu(int n, int k, DATA_TYPE POLYBENCH_2D(path, N, N, n, n)) { relax(n, k, path); }

static void kernel_floyd_warshall(int n, DATA_TYPE POLYBENCH_2D(path, N, N, n, n)) {
  int k;

  for (k = 0; k < _PB_N; k++) {
#pragma esched task inout(path) gpu(relax_gpu)
    relax(n, k, path);
  }
}

int main(int argc, char **argv) {
  int n = N;

  POLYBENCH_2D_ARRAY_DECL(path, DATA_TYPE, N, N, n, n);

  init_array(n, POLYBENCH_ARRAY(path));
  kernel_floyd_warshall(n, POLYBENCH_ARRAY(path));
  print_array(n, POLYBENCH_ARRAY(path));

  POLYBENCH_FREE_ARRAY(path);
  (void)argc, (void)argv;
  return 0;
}
