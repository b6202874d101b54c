/* Tasks without clauses (their data inferred) using a structure whose
 * pointer member is the data of tasks with clauses on the GPU: a call
 * given &s or a pointer to the structure, and a block reading s.v[i],
 * after a task writing s.v; a call writing through the member before a
 * task reading it. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  size_t n;
  double *v;
} st_t;

static void fill(size_t n, double *v, double s) {
  for (size_t i = 0; i < n; i++)
    v[i] = s * (double)i;
}
static void fill_gpu(size_t n, double *v, double s) { fill(n, v, s); }

static void sum(size_t n, const double *v, double *out) {
  double t = 0;
  for (size_t i = 0; i < n; i++)
    t += v[i];
  *out = t;
}
static void sum_gpu(size_t n, const double *v, double *out) { sum(n, v, out); }

static void sum_st(const st_t *s, double *out) { sum(s->n, s->v, out); }

static void scale_st(const st_t *s, double f) {
  for (size_t i = 0; i < s->n; i++)
    s->v[i] *= f;
}

int main(void) {
  st_t s = {.n = 10};
  s.v = malloc(s.n * sizeof *s.v);
  st_t *p = malloc(sizeof *p);
  if (!s.v || !p)
    return 1;
  p->n = 4;
  p->v = malloc(p->n * sizeof *p->v);
  double a = 0, b = 0, c = 0, d = 0;
#pragma esched task name(fill_s) out(s.v[0:s.n]) gpu(fill_gpu)
  fill(s.n, s.v, 2.0);
#pragma esched task name(by_address)
  sum_st(&s, &a);
#pragma esched task name(block)
  {
    for (size_t i = 0; i < s.n; i++)
      b += s.v[i];
  }
#pragma esched task name(fill_p) out(p->v[0:p->n]) gpu(fill_gpu)
  fill(p->n, p->v, 3.0);
#pragma esched task name(by_pointer)
  sum_st(p, &c);
#pragma esched task name(scale)
  scale_st(&s, 10);
#pragma esched task name(sum_s) in(s.v[0:s.n]) out(d) gpu(sum_gpu)
  sum(s.n, s.v, &d);
  printf("%g %g %g %g\n", a, b, c, d);
  free(p->v);
  free(p);
  free(s.v);
  return 0;
}
