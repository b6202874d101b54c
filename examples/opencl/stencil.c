/* A 2-D Jacobi stencil in a loop with OpenCL kernels: the Laplace equation
 * on a plate whose top edge is hot. Its tasks run in a loop, so the
 * runtime schedules each iteration's tasks when host code needs their data
 * (deferred mode); their GPU variants are OpenCL launchers (`gpu(f:
 * opencl)`), run with ESCHED_GPU=opencl. Host code reads the change of
 * every iteration and heats the top edge's middle, so data moves both ways
 * every iteration. */
#include <stdio.h>

#include "launchers.h"

#define NX 64
#define NY 48
static double U[NX * NY], V[NX * NY], DELTA[1];

/* One sweep: each inner point becomes the mean of its four neighbours. */
static void jacobi(const double *u, double *v, int nx, int ny) {
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++) {
      int i = y * nx + x;
      v[i] = x == 0 || y == 0 || x == nx - 1 || y == ny - 1
                 ? u[i]
                 : 0.25 * (u[i - 1] + u[i + 1] + u[i - nx] + u[i + nx]);
    }
}

/* d[0] = the largest change between two sweeps. */
static void change(const double *u, const double *v, double *d, int n) {
  double m = 0;
  for (int i = 0; i < n; i++)
    m = u[i] - v[i] > m ? u[i] - v[i] : v[i] - u[i] > m ? v[i] - u[i] : m;
  d[0] = m;
}

int main(void) {
  for (int x = 0; x < NX; x++)
    U[x] = 100.0; /* the hot edge */
  DELTA[0] = 1;
  int steps = 0;
  while (DELTA[0] > 1e-3 && steps < 100) {
#pragma esched task name(sweep) in(U[0:NX*NY]) out(V[0:NX*NY]) gpu(jacobi_ocl: opencl)
    jacobi(U, V, NX, NY);
#pragma esched task name(change) in(U[0:NX*NY], V[0:NX*NY]) out(DELTA[0:1]) gpu(change_ocl: opencl)
    change(U, V, DELTA, NX * NY);
#pragma esched task name(back) in(V[0:NX*NY]) out(U[0:NX*NY]) gpu(jacobi_ocl: opencl)
    jacobi(V, U, NX, NY);
    U[NX / 2] += 1.0; /* the host heats the edge's middle */
    steps++;
  }
  printf("%d steps, change %.3e, centre %.12f\n", steps, DELTA[0], U[NY / 2 * NX + NX / 2]);
  return 0;
}
