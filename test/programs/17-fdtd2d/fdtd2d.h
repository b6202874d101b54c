/* fdtd-2d (PolyBench/C 4.2.1, datamining-free stencils): sizes and the
 * kernel's phases. */
#ifndef FDTD2D_H
#define FDTD2D_H

#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%0.2lf "

void init_array(int tmax, int nx, int ny, DATA_TYPE ex[nx][ny], DATA_TYPE ey[nx][ny],
                DATA_TYPE hz[nx][ny], DATA_TYPE _fict_[tmax]);
void update_ey(int t, int nx, int ny, DATA_TYPE ey[nx][ny], DATA_TYPE hz[nx][ny],
               DATA_TYPE _fict_[]);
void update_ex(int nx, int ny, DATA_TYPE ex[nx][ny], DATA_TYPE hz[nx][ny]);
void update_hz(int nx, int ny, DATA_TYPE ex[nx][ny], DATA_TYPE ey[nx][ny], DATA_TYPE hz[nx][ny]);

#endif
