/* Task calls written out whose arguments use macros: PolyBench's
 * POLYBENCH_ARRAY(A) (`*A`, whose last token is the macro's argument), a
 * macro constant through another macro, arguments split over lines with
 * comments; a static task and one in a loop (captured at run time). */
#include <stdio.h>
#include <stdlib.h>

#define N 16
#define ARRAY(x) *x
#define ID(x) x

static void scale(int n, double f, double *x) {
  for (int i = 0; i < n; i++)
    x[i] = x[i] * f + i;
}
static void scale_gpu(int n, double f, double *x) { scale(n, f, x); }

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 3;
  double(*A)[N] = malloc(sizeof *A);
  for (int i = 0; i < N; i++)
    (*A)[i] = i;
#pragma esched task inout(A[0:1]) gpu(scale_gpu)
  scale(ID(N), 2.0, ARRAY(A));
  for (int s = 0; s < steps; s++) {
#pragma esched task inout(A[0:1]) gpu(scale_gpu)
    scale(ID(N), /* the factor, a macro's argument */ ID(0.5),
          ARRAY(A) // the row, a macro's use
    );
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += (*A)[i] * (i + 1);
  printf("%.17g\n", sum);
  free(A);
  return 0;
}
