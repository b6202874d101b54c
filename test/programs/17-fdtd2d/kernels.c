#include "fdtd2d.h"

void init_array(int tmax, int nx, int ny, DATA_TYPE ex[nx][ny], DATA_TYPE ey[nx][ny],
                DATA_TYPE hz[nx][ny], DATA_TYPE _fict_[tmax]) {
  int i, j;
  for (i = 0; i < tmax; i++)
    _fict_[i] = (DATA_TYPE)i;
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++) {
      ex[i][j] = ((DATA_TYPE)i * (j + 1)) / nx;
      ey[i][j] = ((DATA_TYPE)i * (j + 2)) / ny;
      hz[i][j] = ((DATA_TYPE)i * (j + 3)) / nx;
    }
}

void update_ey(int t, int nx, int ny, DATA_TYPE ey[nx][ny], DATA_TYPE hz[nx][ny],
               DATA_TYPE _fict_[]) {
  int i, j;
  for (j = 0; j < ny; j++)
    ey[0][j] = _fict_[t];
  for (i = 1; i < nx; i++)
    for (j = 0; j < ny; j++)
      ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
}

void update_ex(int nx, int ny, DATA_TYPE ex[nx][ny], DATA_TYPE hz[nx][ny]) {
  int i, j;
  for (i = 0; i < nx; i++)
    for (j = 1; j < ny; j++)
      ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
}

void update_hz(int nx, int ny, DATA_TYPE ex[nx][ny], DATA_TYPE ey[nx][ny], DATA_TYPE hz[nx][ny]) {
  int i, j;
  for (i = 0; i < nx - 1; i++)
    for (j = 0; j < ny - 1; j++)
      hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
}
