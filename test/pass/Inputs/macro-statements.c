/* Host code between tasks as macro-heavy programs write it: a SWAP macro
 * with its own temporary, a debugging dump and a loop macro declaring
 * pointers, a statement expression reading through a pointer, a loop whose
 * _Pragma a macro writes, and a report function reading a file-scope
 * structure that the tasks reach through a pointer to it. */
#include <stdio.h>
#include <stdlib.h>

#define SWAP(a, b)                                                                                 \
  do {                                                                                             \
    double *t_ = a;                                                                                \
    a = b;                                                                                         \
    b = t_;                                                                                        \
  } while (0)
#define DUMP(v, n)                                                                                 \
  do {                                                                                             \
    const double *p_ = (v);                                                                        \
    for (int i_ = 0; i_ < (n); i_++)                                                               \
      printf(" %g", p_[i_]);                                                                       \
    printf("\n");                                                                                  \
  } while (0)
#define FORP(p, a, n) for (double *p = (a); p < (a) + (n); p++)
#define VMAX(v, n)                                                                                 \
  ({                                                                                               \
    const double *q_ = (v);                                                                        \
    double m_ = q_[0];                                                                             \
    for (int i_ = 1; i_ < (n); i_++)                                                               \
      m_ = q_[i_] > m_ ? q_[i_] : m_;                                                              \
    m_;                                                                                            \
  })
#define IVDEP _Pragma("GCC ivdep")

typedef struct {
  int *cells;
  int n;
} world_t;

static world_t g_world;
static int storage[4];

static void step(const double *u, double *v, int n) {
  for (int i = 0; i < n; i++)
    v[i] = u[i] + 1;
}
static void step_gpu(const double *u, double *v, int n) { step(u, v, n); }

static void fill(int *c, int n, int v) {
  for (int i = 0; i < n; i++)
    c[i] = v;
}
static void fill_gpu(int *c, int n, int v) { fill(c, n, v); }

static void report(void) { printf("cells %d\n", g_world.cells[0]); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4, steps = 3;
  double *a = calloc((size_t)n, sizeof *a), *b = calloc((size_t)n, sizeof *b);
  for (int it = 0; it < steps; it++) {
#pragma esched task name(step) in(a[0:n]) out(b[0:n]) gpu(step_gpu)
    step(a, b, n);
    SWAP(a, b);
  }
  DUMP(a, n);
#pragma esched task name(again) in(a[0:n]) out(b[0:n]) gpu(step_gpu)
  step(a, b, n);
  double s = 0;
  FORP(p, b, n) s += *p;
  double m = VMAX(b, n);
#pragma esched task name(third) in(b[0:n]) out(a[0:n]) gpu(step_gpu)
  step(b, a, n);
  IVDEP
  for (int i = 0; i < n; i++)
    s += a[i];
  printf("%g %g\n", s, m);
  world_t *w = &g_world;
  w->cells = storage, w->n = 4;
  for (int f = 1; f <= steps; f++) {
#pragma esched task name(fill) out(w->cells[0:w->n]) gpu(fill_gpu)
    fill(w->cells, w->n, f);
    report();
  }
  free(a);
  free(b);
  return 0;
}
