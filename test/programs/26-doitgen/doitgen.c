/**
 * This version is stamped on May 10, 2016
 *
 * Web address: http://polybench.sourceforge.net
 */
/* doitgen.c: this file is part of PolyBench/C (multiresolution analysis
 * kernel, MADNESS), built with utilities/polybench.c and restrict-qualified
 * array parameters (-DPOLYBENCH_USE_RESTRICT). Each (r, q) slice is an
 * esched task called on the row A[r][q] (an argument no clause names: the
 * clause names the slice of A it lies in). */

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Include polybench common header. */
#include <polybench.h>

/* Include benchmark-specific header. */
#include "doitgen.h"

/* Array initialization. */
static void init_array(int nr, int nq, int np, DATA_TYPE POLYBENCH_3D(A, NR, NQ, NP, nr, nq, np),
                       DATA_TYPE POLYBENCH_2D(C4, NP, NP, np, np)) {
  int i, j, k;

  for (i = 0; i < nr; i++)
    for (j = 0; j < nq; j++)
      for (k = 0; k < np; k++)
        A[i][j][k] = (DATA_TYPE)((i * j + k) % np) / np;
  for (i = 0; i < np; i++)
    for (j = 0; j < np; j++)
      C4[i][j] = (DATA_TYPE)(i * j % np) / np;
}

/* DCE code. Must scan the entire live-out data.
   Can be used also to check the correctness of the output. */
static void print_array(int nr, int nq, int np, DATA_TYPE POLYBENCH_3D(A, NR, NQ, NP, nr, nq, np)) {
  int i, j, k;

  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("A");
  for (i = 0; i < nr; i++)
    for (j = 0; j < nq; j++)
      for (k = 0; k < np; k++) {
        if ((i * nq * np + j * np + k) % 20 == 0)
          fprintf(POLYBENCH_DUMP_TARGET, "\n");
        fprintf(POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, A[i][j][k]);
      }
  POLYBENCH_DUMP_END("A");
  POLYBENCH_DUMP_FINISH;
}

/* one (r, q) slice: a := a * C4, through sum */
static void doitgen_slice(int np, DATA_TYPE POLYBENCH_1D(a, NP, np),
                          DATA_TYPE POLYBENCH_2D(C4, NP, NP, np, np),
                          DATA_TYPE POLYBENCH_1D(sum, NP, np)) {
  int p, s;

  for (p = 0; p < _PB_NP; p++) {
    sum[p] = SCALAR_VAL(0.0);
    for (s = 0; s < _PB_NP; s++)
      sum[p] += a[s] * C4[s][p];
  }
  for (p = 0; p < _PB_NP; p++)
    a[p] = sum[p];
}

static void doitgen_slice_gpu(int np, DATA_TYPE POLYBENCH_1D(a, NP, np),
                              DATA_TYPE POLYBENCH_2D(C4, NP, NP, np, np),
                              DATA_TYPE POLYBENCH_1D(sum, NP, np)) {
  doitgen_slice(np, a, C4, sum);
}

/* Main computational kernel. The whole function will be timed,
   including the call and return. */
void kernel_doitgen(int nr, int nq, int np, DATA_TYPE POLYBENCH_3D(A, NR, NQ, NP, nr, nq, np),
                    DATA_TYPE POLYBENCH_2D(C4, NP, NP, np, np),
                    DATA_TYPE POLYBENCH_1D(sum, NP, np)) {
  int r, q;

  for (r = 0; r < _PB_NR; r++)
    for (q = 0; q < _PB_NQ; q++) {
#pragma esched task name(slice) in(C4)inout(A [r:1] [q:1] [0:np]) out(sum) gpu(doitgen_slice_gpu)
      doitgen_slice(np, A[r][q], C4, sum);
    }
}

int main(int argc, char **argv) {
  /* Retrieve problem size. */
  int nr = NR;
  int nq = NQ;
  int np = NP;

  /* Variable declaration/allocation. */
  POLYBENCH_3D_ARRAY_DECL(A, DATA_TYPE, NR, NQ, NP, nr, nq, np);
  POLYBENCH_1D_ARRAY_DECL(sum, DATA_TYPE, NP, np);
  POLYBENCH_2D_ARRAY_DECL(C4, DATA_TYPE, NP, NP, np, np);

  /* Initialize array(s). */
  init_array(nr, nq, np, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(C4));

  /* Start timer. */
  polybench_start_instruments;

  /* Run kernel. */
  kernel_doitgen(nr, nq, np, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(C4), POLYBENCH_ARRAY(sum));

  /* Stop and print timer. */
  polybench_stop_instruments;
  polybench_print_instruments;

  /* Prevent dead-code elimination. All live-out data must be printed
     by the function call in argument. */
  polybench_prevent_dce(print_array(nr, nq, np, POLYBENCH_ARRAY(A)));

  /* Be clean. */
  POLYBENCH_FREE_ARRAY(A);
  POLYBENCH_FREE_ARRAY(sum);
  POLYBENCH_FREE_ARRAY(C4);

  return 0;
}
