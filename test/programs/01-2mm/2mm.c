/* 2mm.c: PolyBench/C 4.2.1's 2mm (D := alpha*A*B*C + beta*D), with its two
 * loop nests split into functions annotated as esched tasks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "2mm.h"

/* polybench.h's array macros (POLYBENCH_USE_C99_PROTO unset) */
#define POLYBENCH_ARRAY(x) *x
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[dim1][dim2]
#define POLYBENCH_2D_ARRAY_DECL(var, type, dim1, dim2, ddim1, ddim2) \
  type(*var)[dim1][dim2];                                            \
  var = (type(*)[dim1][dim2])polybench_alloc_data((dim1) * (dim2), sizeof(type))
#define POLYBENCH_FREE_ARRAY(x) free((void *)x)

static void *polybench_alloc_data(unsigned long long n, int elt_size) {
  void *ret = malloc(n * elt_size);
  if (!ret) {
    fprintf(stderr, "[PolyBench] posix_memalign: cannot allocate memory");
    exit(1);
  }
  return ret;
}

static void init_array(int ni, int nj, int nk, int nl, DATA_TYPE *alpha, DATA_TYPE *beta,
                       DATA_TYPE POLYBENCH_2D(A, NI, NK, ni, nk),
                       DATA_TYPE POLYBENCH_2D(B, NK, NJ, nk, nj),
                       DATA_TYPE POLYBENCH_2D(C, NJ, NL, nj, nl),
                       DATA_TYPE POLYBENCH_2D(D, NI, NL, ni, nl)) {
  int i, j;
  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % ni) / ni;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (DATA_TYPE)(i * (j + 1) % nj) / nj;
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++)
      C[i][j] = (DATA_TYPE)((i * (j + 3) + 1) % nl) / nl;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++)
      D[i][j] = (DATA_TYPE)(i * (j + 2) % nk) / nk;
}

/* tmp := alpha*A*B */
static void mm_tmp(int ni, int nj, int nk, DATA_TYPE alpha,
                   DATA_TYPE POLYBENCH_2D(tmp, NI, NJ, ni, nj),
                   DATA_TYPE POLYBENCH_2D(A, NI, NK, ni, nk),
                   DATA_TYPE POLYBENCH_2D(B, NK, NJ, nk, nj)) {
  int i, j, k;
  for (i = 0; i < _PB_NI; i++)
    for (j = 0; j < _PB_NJ; j++) {
      tmp[i][j] = 0.0;
      for (k = 0; k < _PB_NK; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
}

/* The GPU variant (sim back end: it sees only the device's copies). */
static void mm_tmp_gpu(int ni, int nj, int nk, DATA_TYPE alpha,
                       DATA_TYPE POLYBENCH_2D(tmp, NI, NJ, ni, nj),
                       DATA_TYPE POLYBENCH_2D(A, NI, NK, ni, nk),
                       DATA_TYPE POLYBENCH_2D(B, NK, NJ, nk, nj)) {
  mm_tmp(ni, nj, nk, alpha, tmp, A, B);
}

/* D := tmp*C + beta*D */
static void mm_d(int ni, int nj, int nl, DATA_TYPE beta,
                 DATA_TYPE POLYBENCH_2D(tmp, NI, NJ, ni, nj),
                 DATA_TYPE POLYBENCH_2D(C, NJ, NL, nj, nl),
                 DATA_TYPE POLYBENCH_2D(D, NI, NL, ni, nl)) {
  int i, j, k;
  for (i = 0; i < _PB_NI; i++)
    for (j = 0; j < _PB_NL; j++) {
      D[i][j] *= beta;
      for (k = 0; k < _PB_NJ; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

static void mm_d_gpu(int ni, int nj, int nl, DATA_TYPE beta,
                     DATA_TYPE POLYBENCH_2D(tmp, NI, NJ, ni, nj),
                     DATA_TYPE POLYBENCH_2D(C, NJ, NL, nj, nl),
                     DATA_TYPE POLYBENCH_2D(D, NI, NL, ni, nl)) {
  mm_d(ni, nj, nl, beta, tmp, C, D);
}

static void kernel_2mm(int ni, int nj, int nk, int nl, DATA_TYPE alpha, DATA_TYPE beta,
                       DATA_TYPE POLYBENCH_2D(tmp, NI, NJ, ni, nj),
                       DATA_TYPE POLYBENCH_2D(A, NI, NK, ni, nk),
                       DATA_TYPE POLYBENCH_2D(B, NK, NJ, nk, nj),
                       DATA_TYPE POLYBENCH_2D(C, NJ, NL, nj, nl),
                       DATA_TYPE POLYBENCH_2D(D, NI, NL, ni, nl)) {
#pragma esched task name(mm_tmp) in(A[0:ni], B[0:nk]) out(tmp[0:ni]) gpu(mm_tmp_gpu)
  mm_tmp(ni, nj, nk, alpha, tmp, A, B);
#pragma esched task name(mm_d) in(tmp[0:ni], C[0:nj]) inout(D[0:ni]) gpu(mm_d_gpu)
  mm_d(ni, nj, nl, beta, tmp, C, D);
}

static void print_array(int ni, int nl, DATA_TYPE POLYBENCH_2D(D, NI, NL, ni, nl)) {
  double sum = 0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++)
      sum += D[i][j] * ((i * nl + j) % 7 + 1);
  printf("2mm: D[0][0] = %.17g, D[ni-1][nl-1] = %.17g, checksum = %.17g\n", D[0][0],
         D[ni - 1][nl - 1], sum);
}

int main(int argc, char **argv) {
  int ni = NI, nj = NJ, nk = NK, nl = NL;
  DATA_TYPE alpha, beta;
  POLYBENCH_2D_ARRAY_DECL(tmp, DATA_TYPE, NI, NJ, ni, nj);
  POLYBENCH_2D_ARRAY_DECL(A, DATA_TYPE, NI, NK, ni, nk);
  POLYBENCH_2D_ARRAY_DECL(B, DATA_TYPE, NK, NJ, nk, nj);
  POLYBENCH_2D_ARRAY_DECL(C, DATA_TYPE, NJ, NL, nj, nl);
  POLYBENCH_2D_ARRAY_DECL(D, DATA_TYPE, NI, NL, ni, nl);

  init_array(ni, nj, nk, nl, &alpha, &beta, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(B),
             POLYBENCH_ARRAY(C), POLYBENCH_ARRAY(D));
  kernel_2mm(ni, nj, nk, nl, alpha, beta, POLYBENCH_ARRAY(tmp), POLYBENCH_ARRAY(A),
             POLYBENCH_ARRAY(B), POLYBENCH_ARRAY(C), POLYBENCH_ARRAY(D));
  print_array(ni, nl, POLYBENCH_ARRAY(D));

  POLYBENCH_FREE_ARRAY(tmp);
  POLYBENCH_FREE_ARRAY(A);
  POLYBENCH_FREE_ARRAY(B);
  POLYBENCH_FREE_ARRAY(C);
  POLYBENCH_FREE_ARRAY(D);
  (void)argc, (void)argv;
  return 0;
}
