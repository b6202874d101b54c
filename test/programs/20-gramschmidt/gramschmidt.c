/* gramschmidt.c: PolyBench/C 4.2.1's gramschmidt (QR by modified
 * Gram-Schmidt) built with POLYBENCH_USE_C99_PROTO, so that the parameters
 * are variable length arrays `A[m][n]`; the three phases of a column are
 * esched tasks on column sections (`Q[0:m][k:1]`), the square root between
 * them host code. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "gramschmidt.h"

/* polybench.h's array macros, POLYBENCH_USE_C99_PROTO set */
#define POLYBENCH_ARRAY(x)                          *x
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[ddim1][ddim2]
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

static void init_array(int m, int n, DATA_TYPE POLYBENCH_2D(A, M, N, m, n),
                       DATA_TYPE POLYBENCH_2D(R, N, N, n, n),
                       DATA_TYPE POLYBENCH_2D(Q, M, N, m, n)) {
  int i, j;

  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = (((DATA_TYPE)((i * j) % m) / m) * 100) + 10;
      Q[i][j] = 0.0;
    }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      R[i][j] = 0.0;
}

static void print_array(int m, int n, DATA_TYPE POLYBENCH_2D(A, M, N, m, n),
                        DATA_TYPE POLYBENCH_2D(R, N, N, n, n),
                        DATA_TYPE POLYBENCH_2D(Q, M, N, m, n)) {
  int i, j;

  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("R");
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      if ((i * n + j) % 20 == 0)
        fprintf(POLYBENCH_DUMP_TARGET, "\n");
      fprintf(POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, R[i][j]);
    }
  POLYBENCH_DUMP_END("R");

  POLYBENCH_DUMP_BEGIN("Q");
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      if ((i * n + j) % 20 == 0)
        fprintf(POLYBENCH_DUMP_TARGET, "\n");
      fprintf(POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, Q[i][j]);
    }
  POLYBENCH_DUMP_END("Q");
  POLYBENCH_DUMP_FINISH;
  (void)A;
}

/* the squared norm of column k of A */
static void col_norm(int m, int n, int k, DATA_TYPE POLYBENCH_2D(A, M, N, m, n), DATA_TYPE *nrm) {
  int i;

  *nrm = SCALAR_VAL(0.0);
  for (i = 0; i < _PB_M; i++)
    *nrm += A[i][k] * A[i][k];
}

static void col_norm_gpu(int m, int n, int k, DATA_TYPE POLYBENCH_2D(A, M, N, m, n),
                         DATA_TYPE *nrm) {
  col_norm(m, n, k, A, nrm);
}

/* Q[.][k] := A[.][k] / R[k][k] */
static void col_scale(int m, int n, int k, DATA_TYPE POLYBENCH_2D(A, M, N, m, n),
                      DATA_TYPE POLYBENCH_2D(R, N, N, n, n),
                      DATA_TYPE POLYBENCH_2D(Q, M, N, m, n)) {
  int i;

  for (i = 0; i < _PB_M; i++)
    Q[i][k] = A[i][k] / R[k][k];
}

static void col_scale_gpu(int m, int n, int k, DATA_TYPE POLYBENCH_2D(A, M, N, m, n),
                          DATA_TYPE POLYBENCH_2D(R, N, N, n, n),
                          DATA_TYPE POLYBENCH_2D(Q, M, N, m, n)) {
  col_scale(m, n, k, A, R, Q);
}

/* the columns right of k lose their component along Q[.][k] */
static void project(int m, int n, int k, DATA_TYPE POLYBENCH_2D(A, M, N, m, n),
                    DATA_TYPE POLYBENCH_2D(R, N, N, n, n), DATA_TYPE POLYBENCH_2D(Q, M, N, m, n)) {
  int i, j;

  for (j = k + 1; j < _PB_N; j++) {
    R[k][j] = SCALAR_VAL(0.0);
    for (i = 0; i < _PB_M; i++)
      R[k][j] += Q[i][k] * A[i][j];
    for (i = 0; i < _PB_M; i++)
      A[i][j] = A[i][j] - Q[i][k] * R[k][j];
  }
}

static void project_gpu(int m, int n, int k, DATA_TYPE POLYBENCH_2D(A, M, N, m, n),
                        DATA_TYPE POLYBENCH_2D(R, N, N, n, n),
                        DATA_TYPE POLYBENCH_2D(Q, M, N, m, n)) {
  project(m, n, k, A, R, Q);
}

static void kernel_gramschmidt(int m, int n, DATA_TYPE POLYBENCH_2D(A, M, N, m, n),
                               DATA_TYPE POLYBENCH_2D(R, N, N, n, n),
                               DATA_TYPE POLYBENCH_2D(Q, M, N, m, n)) {
  int k;
  DATA_TYPE nrm;

  for (k = 0; k < _PB_N; k++) {
#pragma esched task name(norm) in(A [0:m] [k:1])out(nrm) gpu(col_norm_gpu)
    col_norm(m, n, k, A, &nrm);
    R[k][k] = SQRT_FUN(nrm);
#pragma esched task name(scale) in(A [0:m] [k:1], R [k:1] [k:1])out(Q [0:m] [k:1])                 \
    gpu(col_scale_gpu)
    col_scale(m, n, k, A, R, Q);
#pragma esched task name(project) in(Q [0:m] [k:1])inout(A [0:m], R [k:1]) gpu(project_gpu)
    project(m, n, k, A, R, Q);
  }
}

int main(int argc, char **argv) {
  int m = M;
  int n = N;

  POLYBENCH_2D_ARRAY_DECL(A, DATA_TYPE, M, N, m, n);
  POLYBENCH_2D_ARRAY_DECL(R, DATA_TYPE, N, N, n, n);
  POLYBENCH_2D_ARRAY_DECL(Q, DATA_TYPE, M, N, m, n);

  init_array(m, n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(R), POLYBENCH_ARRAY(Q));
  kernel_gramschmidt(m, n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(R), POLYBENCH_ARRAY(Q));
  print_array(m, n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(R), POLYBENCH_ARRAY(Q));

  POLYBENCH_FREE_ARRAY(A);
  POLYBENCH_FREE_ARRAY(R);
  POLYBENCH_FREE_ARRAY(Q);
  (void)argc, (void)argv;
  return 0;
}
