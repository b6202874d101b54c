/* Sections whose lengths are variables (n from the command line), and an
 * item (E) read by a task and by the graph's output. */
#include <stdio.h>
#include <stdlib.h>
static void cp(int n, const double *a, double *b) {
  for (int i = 0; i < n; i++)
    b[i] = a[i] + 1;
}
static void cp_gpu(int n, const double *a, double *b) { cp(n, a, b); }
static void g(int n, const double *A, double *E, double *F) {
#pragma esched task name(ab) in(A[0:n]) out(E[0:n]) gpu(cp_gpu)
  cp(n, A, E);
#pragma esched task name(use) in(E[0:n]) out(F[0:n]) gpu(cp_gpu)
  cp(n, E, F);
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  double *A = calloc(n, sizeof *A), *E = malloc(n * sizeof *E), *F = malloc(n * sizeof *F);
  g(n, A, E, F);
  printf("%g %g\n", E[0], F[n - 1]);
  free(A), free(E), free(F);
  return 0;
}
