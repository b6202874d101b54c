/* Tasks that call through function pointers, as solvers with callbacks
 * do: a typedef'd pointer variable, a structure member, (*fp)(...); in a
 * loop (run-time submissions capture the pointer as it is when the task is
 * submitted) and outside one. */
#include <stdio.h>
#include <stdlib.h>

typedef void (*step_fn)(const double *in, double *out, int n);

struct solver {
  step_fn apply;
  int n;
};

static void halve(const double *in, double *out, int n) {
  for (int i = 0; i < n; i++)
    out[i] = in[i] / 2 + 1;
}

static void mirror(const double *in, double *out, int n) {
  for (int i = 0; i < n; i++)
    out[i] = in[n - 1 - i];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 6, steps = argc > 2 ? atoi(argv[2]) : 5;
  double *a = malloc(sizeof *a * (size_t)n), *b = malloc(sizeof *b * (size_t)n);
  for (int i = 0; i < n; i++)
    a[i] = i * i;
  struct solver s = {mirror, n}, *sp = &s;
  step_fn k = halve;
#pragma esched task in(a[0:n]) out(b[0:n])
  k(a, b, n);
  for (int t = 0; t < steps; t++) {
    k = t % 2 ? halve : mirror; /* each submission calls the pointer it had */
#pragma esched task in(b[0:n]) out(a[0:n])
    k(b, a, n);
#pragma esched task in(a[0:sp->n]) out(b[0:sp->n])
    sp->apply(a, b, sp->n);
#pragma esched task in(b[0:n]) inout(a[0:n])
    (*k)(b, a, n);
  }
  for (int i = 0; i < n; i++)
    printf("%g %g ", a[i], b[i]);
  printf("\n");
  free(a), free(b);
  return 0;
}
