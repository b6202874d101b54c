/* nussinov.c: PolyBench/C 4.2.1's nussinov (RNA folding by dynamic
 * programming): an int table filled bottom-up, row i from the rows below
 * it; each row is an esched task on the rows from i down (`table[i:n-i]`),
 * which shrink from the front as i grows. */
#include <stdio.h>
#include <stdlib.h>

#include "nussinov.h"

/* polybench.h's array macros (POLYBENCH_USE_C99_PROTO unset) */
#define POLYBENCH_ARRAY(x)                          *x
#define POLYBENCH_1D(var, dim1, ddim1)              var[dim1]
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[dim1][dim2]
#define POLYBENCH_1D_ARRAY_DECL(var, type, dim1, ddim1)                                            \
  type(*var)[dim1];                                                                                \
  var = (type(*)[dim1])polybench_alloc_data(dim1, sizeof(type))
#define POLYBENCH_2D_ARRAY_DECL(var, type, dim1, dim2, ddim1, ddim2)                               \
  type(*var)[dim1][dim2];                                                                          \
  var = (type(*)[dim1][dim2])polybench_alloc_data((dim1) * (dim2), sizeof(type))
#define POLYBENCH_FREE_ARRAY(x) free((void *)x)
#define POLYBENCH_DUMP_TARGET   stdout
#define POLYBENCH_DUMP_START    fprintf(POLYBENCH_DUMP_TARGET, "==BEGIN DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_FINISH   fprintf(POLYBENCH_DUMP_TARGET, "==END   DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_BEGIN(s) fprintf(POLYBENCH_DUMP_TARGET, "begin dump: %s", s)
#define POLYBENCH_DUMP_END(s)   fprintf(POLYBENCH_DUMP_TARGET, "\nend   dump: %s\n", s)

/* RNA bases represented as chars, range is [0,3] */
typedef char base;

#define match(b1, b2)     (((b1) + (b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

static void *polybench_alloc_data(unsigned long long n, int elt_size) {
  void *ret = malloc(n * elt_size);
  if (!ret) {
    fprintf(stderr, "[PolyBench] posix_memalign: cannot allocate memory");
    exit(1);
  }
  return ret;
}

static void init_array(int n, base POLYBENCH_1D(seq, N, n),
                       DATA_TYPE POLYBENCH_2D(table, N, N, n, n)) {
  int i, j;

  // base is AGCT/0..3
  for (i = 0; i < n; i++) {
    seq[i] = (base)((i + 1) % 4);
  }

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      table[i][j] = 0;
}

static void print_array(int n, DATA_TYPE POLYBENCH_2D(table, N, N, n, n)) {
  int i, j;
  int t = 0;

  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("table");
  for (i = 0; i < n; i++) {
    for (j = i; j < n; j++) {
      if (t % 20 == 0)
        fprintf(POLYBENCH_DUMP_TARGET, "\n");
      fprintf(POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, table[i][j]);
      t++;
    }
  }
  POLYBENCH_DUMP_END("table");
  POLYBENCH_DUMP_FINISH;
}

/* row i of the table, from the rows below it */
static void fill_row(int n, int i, base POLYBENCH_1D(seq, N, n),
                     DATA_TYPE POLYBENCH_2D(table, N, N, n, n)) {
  int j, k;

  for (j = i + 1; j < _PB_N; j++) {
    if (j - 1 >= 0)
      table[i][j] = max_score(table[i][j], table[i][j - 1]);
    if (i + 1 < _PB_N)
      table[i][j] = max_score(table[i][j], table[i + 1][j]);

    if (j - 1 >= 0 && i + 1 < _PB_N) {
      /* don't allow adjacent elements to bond */
      if (i < j - 1)
        table[i][j] = max_score(table[i][j], table[i + 1][j - 1] + match(seq[i], seq[j]));
      else
        table[i][j] = max_score(table[i][j], table[i + 1][j - 1]);
    }

    for (k = i + 1; k < j; k++) {
      table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
    }
  }
}

static void fill_row_gpu(int n, int i, base POLYBENCH_1D(seq, N, n),
                         DATA_TYPE POLYBENCH_2D(table, N, N, n, n)) {
  fill_row(n, i, seq, table);
}

static void kernel_nussinov(int n, base POLYBENCH_1D(seq, N, n),
                            DATA_TYPE POLYBENCH_2D(table, N, N, n, n)) {
  int i;

  for (i = _PB_N - 1; i >= 0; i--) {
#pragma esched task name(row) in(seq)inout(table [i:_PB_N - i]) gpu(fill_row_gpu)
    fill_row(n, i, seq, table);
  }
}

int main(int argc, char **argv) {
  int n = N;

  POLYBENCH_1D_ARRAY_DECL(seq, base, N, n);
  POLYBENCH_2D_ARRAY_DECL(table, DATA_TYPE, N, N, n, n);

  init_array(n, POLYBENCH_ARRAY(seq), POLYBENCH_ARRAY(table));
  kernel_nussinov(n, POLYBENCH_ARRAY(seq), POLYBENCH_ARRAY(table));
  print_array(n, POLYBENCH_ARRAY(table));

  POLYBENCH_FREE_ARRAY(seq);
  POLYBENCH_FREE_ARRAY(table);
  (void)argc, (void)argv;
  return 0;
}
