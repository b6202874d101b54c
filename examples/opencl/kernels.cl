/* The OpenCL kernels of the examples in this folder (launchers.c enqueues
 * them). OpenCL C contracts a * b + c into one fused multiply-add unless
 * told not to; with contraction off the kernels round exactly as the C
 * functions do (GCC does not contract in ISO C modes), so every variant
 * prints the same bits. Double precision: cl_khr_fp64 (PoCL has it). */
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

/* t = a x b, n x n row major: one work-item per element of t. */
__kernel void matmul(__global const double *a, __global const double *b, __global double *t,
                     int n) {
  int i = get_global_id(1), j = get_global_id(0);
  double s = 0;
  for (int k = 0; k < n; k++)
    s += a[i * n + k] * b[k * n + j];
  t[i * n + j] = s;
}

/* r = t + c, element by element. */
__kernel void add(__global const double *t, __global const double *c, __global double *r) {
  int i = get_global_id(0);
  r[i] = t[i] + c[i];
}

/* One Jacobi sweep of the 1-D heat equation; the ends are kept. */
__kernel void sweep(__global const double *u, __global double *v, int n) {
  int i = get_global_id(0);
  v[i] = i == 0 || i == n - 1 ? u[i] : 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
}

/* r[0] = sum of (u - v)^2, in order (one work-item: the C loop's sum). */
__kernel void residual(__global const double *u, __global const double *v, __global double *r,
                       int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (u[i] - v[i]) * (u[i] - v[i]);
  r[0] = s;
}
