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

/* One Jacobi sweep of the 2-D Laplace equation on ny x nx: the border is
 * kept. */
__kernel void jacobi(__global const double *u, __global double *v, int nx, int ny) {
  int x = get_global_id(0), y = get_global_id(1), i = y * nx + x;
  v[i] = x == 0 || y == 0 || x == nx - 1 || y == ny - 1
             ? u[i]
             : 0.25 * (u[i - 1] + u[i + 1] + u[i - nx] + u[i + nx]);
}

/* d[0] = the largest |u - v|, in order (one work-item, as the C loop). */
__kernel void change(__global const double *u, __global const double *v, __global double *d,
                     int n) {
  double m = 0;
  for (int i = 0; i < n; i++)
    m = u[i] - v[i] > m ? u[i] - v[i] : v[i] - u[i] > m ? v[i] - u[i] : m;
  d[0] = m;
}
