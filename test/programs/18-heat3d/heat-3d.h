/**
 * heat-3d.h: This file is part of the PolyBench/C 4.2.1 test suite (trimmed:
 * sizes from the command line, the defaults MINI_DATASET's).
 */
#ifndef _HEAT_3D_H
#define _HEAT_3D_H

#define TSTEPS 20
#define N      10

#ifndef DATA_TYPE
#define DATA_TYPE            double
#define DATA_PRINTF_MODIFIER "%0.2lf "
#define SCALAR_VAL(x)        x
#endif

void sweep(int n, DATA_TYPE A[n][n][n], DATA_TYPE B[n][n][n]);

#endif /* !_HEAT_3D_H */
