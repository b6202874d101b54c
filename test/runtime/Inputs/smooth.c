/* A signal smoothed five times, then compared with the input: written the
 * way its author would (sizes from argv, everything in main, array
 * parameters), with a GPU variant per kernel. Its six arrays hold twice
 * what small-gpu.yaml's GPU holds. */
#include <stdio.h>
#include <stdlib.h>

static void smooth(int n, const double in[n], double out[n]) {
  for (int i = 0; i < n; i++) {
    double l = in[i > 0 ? i - 1 : i], r = in[i + 1 < n ? i + 1 : i];
    out[i] = 0.25 * l + 0.5 * in[i] + 0.25 * r;
  }
}
static void smooth_gpu(int n, const double in[n], double out[n]) { smooth(n, in, out); }

static void diff(int n, const double a[n], const double b[n], double d[n]) {
  for (int i = 0; i < n; i++)
    d[i] = a[i] - b[i];
}
static void diff_gpu(int n, const double a[n], const double b[n], double d[n]) { diff(n, a, b, d); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  double *x = malloc(n * sizeof *x), *s1 = malloc(n * sizeof *s1), *s2 = malloc(n * sizeof *s2);
  double *s3 = malloc(n * sizeof *s3), *s4 = malloc(n * sizeof *s4), *s5 = malloc(n * sizeof *s5);
  if (!x || !s1 || !s2 || !s3 || !s4 || !s5)
    return 1;
  for (int i = 0; i < n; i++)
    x[i] = (i * 37 % 101) - 50;
#pragma esched task name(pass1) in(x[0:n]) out(s1[0:n]) gpu(smooth_gpu)
  smooth(n, x, s1);
#pragma esched task name(pass2) in(s1[0:n]) out(s2[0:n]) gpu(smooth_gpu)
  smooth(n, s1, s2);
#pragma esched task name(pass3) in(s2[0:n]) out(s3[0:n]) gpu(smooth_gpu)
  smooth(n, s2, s3);
#pragma esched task name(pass4) in(s3[0:n]) out(s4[0:n]) gpu(smooth_gpu)
  smooth(n, s3, s4);
#pragma esched task name(change) in(x[0:n], s4[0:n]) out(s5[0:n]) gpu(diff_gpu)
  diff(n, x, s4, s5);
  double sum = 0, peak = 0;
  for (int i = 0; i < n; i++) {
    sum += s1[i] + s5[i];
    peak = s5[i] > peak ? s5[i] : peak;
  }
  printf("n = %d: sum %.6f, largest change %.6f, s2[7] = %.6f\n", n, sum, peak, s2[7]);
  return 0; /* the arrays live until exit (esched writes task data back at the
               function's end, after any free() here: a known limit) */
}
