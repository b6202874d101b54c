/* fdtd-2d as PolyBench writes it: arrays allocated in main with sizes from
 * the command line, a time loop in the kernel, each phase a task (the
 * three phases of a step form a chain, the steps a longer one). The GPU
 * variants are the same C functions (the sim device runs them). */
#include <stdio.h>
#include <stdlib.h>

#include "fdtd2d.h"

static void print_array(int nx, int ny, DATA_TYPE ex[nx][ny], DATA_TYPE ey[nx][ny],
                        DATA_TYPE hz[nx][ny]) {
  int i, j;
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++) {
      if ((i * nx + j) % 20 == 0)
        fprintf(stdout, "\n");
      fprintf(stdout, DATA_PRINTF_MODIFIER, ex[i][j]);
      fprintf(stdout, DATA_PRINTF_MODIFIER, ey[i][j]);
      fprintf(stdout, DATA_PRINTF_MODIFIER, hz[i][j]);
    }
  fprintf(stdout, "\n");
}

static void kernel_fdtd_2d(int tmax, int nx, int ny, DATA_TYPE ex[nx][ny], DATA_TYPE ey[nx][ny],
                           DATA_TYPE hz[nx][ny], DATA_TYPE _fict_[tmax]) {
  int t;
  for (t = 0; t < tmax; t++) {
#pragma esched task in(hz[0:nx], _fict_[0:tmax]) inout(ey[0:nx]) gpu(update_ey)
    update_ey(t, nx, ny, ey, hz, _fict_);
#pragma esched task in(hz[0:nx]) inout(ex[0:nx]) gpu(update_ex)
    update_ex(nx, ny, ex, hz);
#pragma esched task in(ex[0:nx], ey[0:nx]) inout(hz[0:nx]) gpu(update_hz)
    update_hz(nx, ny, ex, ey, hz);
  }
}

int main(int argc, char **argv) {
  int tmax = argc > 1 ? atoi(argv[1]) : 20;
  int nx = argc > 2 ? atoi(argv[2]) : 20;
  int ny = argc > 3 ? atoi(argv[3]) : 30;
  DATA_TYPE(*ex)[ny] = malloc(sizeof(DATA_TYPE[nx][ny]));
  DATA_TYPE(*ey)[ny] = malloc(sizeof(DATA_TYPE[nx][ny]));
  DATA_TYPE(*hz)[ny] = malloc(sizeof(DATA_TYPE[nx][ny]));
  DATA_TYPE *_fict_ = malloc(sizeof(DATA_TYPE) * (size_t)tmax);
  if (!ex || !ey || !hz || !_fict_)
    return 1;
  init_array(tmax, nx, ny, ex, ey, hz, _fict_);
  kernel_fdtd_2d(tmax, nx, ny, ex, ey, hz, _fict_);
  print_array(nx, ny, ex, ey, hz);
  free(ex);
  free(ey);
  free(hz);
  free(_fict_);
  return 0;
}
