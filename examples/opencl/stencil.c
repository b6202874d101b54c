/* The iterative 1-D stencil of examples/stencil with OpenCL kernels: its
 * tasks run in a loop, so the runtime schedules each iteration's tasks when
 * host code needs their data (deferred mode); the GPU variants are OpenCL
 * launchers (`gpu(f: opencl)`), run with ESCHED_GPU=opencl. Host code
 * fixes a boundary between sweeps, so data moves both ways every
 * iteration. */
#include <stdio.h>

#include "launchers.h"

#define N 64
static double U[N], V[N], RES[1];

static void sweep(const double *u, double *v, int n) {
  v[0] = u[0], v[n - 1] = u[n - 1];
  for (int i = 1; i < n - 1; i++)
    v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
}

static void residual(const double *u, const double *v, double *r, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (u[i] - v[i]) * (u[i] - v[i]);
  r[0] = s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    U[i] = i % 7 == 0 ? 10.0 : 0.0;
  RES[0] = 1;
  int steps = 0;
  while (RES[0] > 1e-6 && steps < 500) {
#pragma esched task name(sweep) in(U[0:N]) out(V[0:N]) gpu(sweep_ocl: opencl)
    sweep(U, V, N);
#pragma esched task name(residual) in(U[0:N], V[0:N]) out(RES[0:1]) gpu(residual_ocl: opencl)
    residual(U, V, RES, N);
#pragma esched task name(copy) in(V[0:N]) out(U[0:N]) gpu(sweep_ocl: opencl)
    sweep(V, U, N);
    U[0] = 10.0; /* a boundary condition the host enforces */
    steps++;
  }
  printf("%d steps, residual %.3e, U[10] = %.12f\n", steps, RES[0], U[10]);
  return 0;
}
