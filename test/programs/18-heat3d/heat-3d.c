/* heat-3d.c: PolyBench/C 4.2.1's heat-3d with C99 variable length arrays
 * (sizes from the command line), the two sweeps of a time step as esched
 * tasks on 3-D sections of the interior. Usage: heat-3d [TSTEPS [N]] */
#include <stdio.h>
#include <stdlib.h>

#include "heat-3d.h"

static void init_array(int n, DATA_TYPE A[n][n][n], DATA_TYPE B[n][n][n]) {
  int i, j, k;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        A[i][j][k] = B[i][j][k] = (DATA_TYPE)(i + j + (n - k)) * 10 / (n);
}

static void print_array(int n, DATA_TYPE A[n][n][n]) {
  int i, j, k;

  fprintf(stdout, "==BEGIN DUMP_ARRAYS==\n");
  fprintf(stdout, "begin dump: %s", "A");
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++) {
        if ((i * n * n + j * n + k) % 20 == 0)
          fprintf(stdout, "\n");
        fprintf(stdout, DATA_PRINTF_MODIFIER, A[i][j][k]);
      }
  fprintf(stdout, "\nend   dump: %s\n", "A");
  fprintf(stdout, "==END   DUMP_ARRAYS==\n");
}

static void sweep_gpu(int n, DATA_TYPE A[n][n][n], DATA_TYPE B[n][n][n]) { sweep(n, A, B); }

static void kernel_heat_3d(int tsteps, int n, DATA_TYPE A[n][n][n], DATA_TYPE B[n][n][n]) {
  int t;

  for (t = 1; t <= tsteps; t++) {
#pragma esched task name(heat_ab) in(A [0:n] [0:n] [0:n])inout(B [1:n - 2] [1:n - 2] [1:n - 2])    \
    gpu(sweep_gpu)
    sweep(n, A, B);
#pragma esched task name(heat_ba) in(B [0:n] [0:n] [0:n])inout(A [1:n - 2] [1:n - 2] [1:n - 2])    \
    gpu(sweep_gpu)
    sweep(n, B, A);
  }
}

int main(int argc, char **argv) {
  int tsteps = argc > 1 ? atoi(argv[1]) : TSTEPS;
  int n = argc > 2 ? atoi(argv[2]) : N;

  DATA_TYPE(*A)[n][n] = malloc(sizeof(DATA_TYPE[n][n][n]));
  DATA_TYPE(*B)[n][n] = malloc(sizeof(DATA_TYPE[n][n][n]));
  if (!A || !B)
    return 1;

  init_array(n, A, B);
  kernel_heat_3d(tsteps, n, A, B);
  print_array(n, A);

  free(A);
  free(B);
  return 0;
}
