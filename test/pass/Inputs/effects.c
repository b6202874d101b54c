/* Tasks with effects beyond their data, in a loop: one prints between the
 * host's lines, one (CPU only) logs to a file the host closes and reads
 * back after the loop; and a union whose other member the host reads. */
#include <stdio.h>
#include <stdlib.h>

typedef union {
  double d[4];
  unsigned long long u[4];
} bits;

static void grow(int n, double *a, int k) {
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 1.5 + k;
}

static void grow_gpu(int n, double *a, int k) { grow(n, a, k); }

static void show(int n, const double *a, int k) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  printf("show %d: %.4f\n", k, s);
}

static void show_gpu(int n, const double *a, int k) { show(n, a, k); }

static void logit(FILE *f, int n, const double *a, int k) {
  fprintf(f, "k=%d a0=%.3f last=%.3f\n", k, a[0], a[n - 1]);
}

static void twice(int n, double *d) {
  for (int i = 0; i < n; i++)
    d[i] = d[i] * 2 + 1;
}

static void twice_gpu(int n, double *d) { twice(n, d); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10, iters = argc > 2 ? atoi(argv[2]) : 4;
  const char *path = argc > 3 ? argv[3] : "effects.log";
  double *a = calloc((size_t)n, sizeof *a);
  FILE *f = fopen(path, "w");
  if (!f)
    return 1;
  bits b;
  for (int i = 0; i < 4; i++)
    b.d[i] = i;
  for (int k = 0; k < iters; k++) {
#pragma esched task inout(a[0:n]) gpu(grow_gpu)
    grow(n, a, k);
#pragma esched task in(a[0:n]) gpu(show_gpu)
    show(n, a, k);
#pragma esched task in(a[0:n])
    logit(f, n, a, k);
#pragma esched task inout(b.d[0:4]) gpu(twice_gpu)
    twice(4, b.d);
    printf("host after step %d: %llx\n", k, b.u[1]);
  }
  fclose(f);
  f = fopen(path, "r");
  char line[128];
  int lines = 0;
  while (f && fgets(line, sizeof line, f))
    fputs(line, stdout), lines++;
  if (f)
    fclose(f);
  printf("%d lines\n", lines);
  free(a);
  return 0;
}
