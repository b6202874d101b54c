#include "heat.h"

static void ftcs(int n, double nu, const double *a, double *b) {
  b[0] = a[0];
  b[n - 1] = a[n - 1];
  for (int i = 1; i < n - 1; i++)
    b[i] = a[i] + nu * (a[i - 1] - 2 * a[i] + a[i + 1]);
}
static void ftcs_gpu(int n, double nu, const double *a, double *b) { ftcs(n, nu, a, b); }

void heat_run(int nsteps, double nu, void (*each)(int)) {
  for (int s = 0; s < nsteps; s++) {
#pragma esched task name(ftcs1) in(u[0:nx]) out(unew[0:nx]) gpu(ftcs_gpu)
    ftcs(nx, nu, u, unew);
#pragma esched task name(ftcs2) in(unew[0:nx]) out(u[0:nx]) gpu(ftcs_gpu)
    ftcs(nx, nu, unew, u);
    if (s % 10 == 0)
      diagnostics(s);
    if (s % 10 == 5)
      each(s);
  }
}
