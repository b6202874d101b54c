/* The OpenCL launchers of the examples in this folder (launchers.c): each
 * has the parameters of the C function it stands for, receives device
 * pointers, and enqueues a kernel of kernels.cl on the device's queue. */
#ifndef EXAMPLES_OPENCL_LAUNCHERS_H
#define EXAMPLES_OPENCL_LAUNCHERS_H

void matmul_ocl(const double *a, const double *b, double *t, int n);
void add_ocl(const double *t, const double *c, double *r, int n);
void jacobi_ocl(const double *u, double *v, int nx, int ny);
void change_ocl(const double *u, const double *v, double *d, int n);

#endif
