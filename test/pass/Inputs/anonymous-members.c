/* Pointers in C11 anonymous structures and unions: p.x is
 * p.<anonymous>.x to libclang. */
#include <stdio.h>

typedef struct {
  int n;
  struct {
    double *x, *y;
  };
} Pair;

typedef struct {
  int n;
  union {
    struct {
      double *src, *dst;
    };
    double *ends[2];
  };
} Span;

static void scale(int n, const double *a, double *b) {
  for (int i = 0; i < n; i++)
    b[i] = 2 * a[i];
}
static void scale_gpu(int n, const double *a, double *b) { scale(n, a, b); }

static void through(Span *s) {
#pragma esched task in(s->src[0:s->n]) out(s->dst[0:s->n]) gpu(scale_gpu)
  scale(s->n, s->src, s->dst);
  printf("through %g %g\n", s->dst[0], s->dst[3]);
}

int main(void) {
  double a[4] = {1, 2, 3, 4}, b[4], c[4], d[4];
  Pair p = {.n = 4, .x = a, .y = b};
#pragma esched task in(p.x[0:p.n]) out(p.y[0:p.n]) gpu(scale_gpu)
  scale(p.n, p.x, p.y);
  printf("designated %g %g\n", b[0], b[3]);
  Span s;
  s.n = 4;
  s.src = b;
  s.dst = c;
#pragma esched task in(s.src[0:s.n]) out(s.dst[0:s.n]) gpu(scale_gpu)
  scale(s.n, s.src, s.dst);
  printf("assigned %g %g\n", c[0], c[3]);
  Span t = {4, {{c, d}}};
  through(&t);
  Span u = t;
#pragma esched task in(u.dst[0:u.n]) out(u.src[0:u.n]) gpu(scale_gpu)
  scale(u.n, u.dst, u.src);
  printf("copied %g %g\n", c[0], c[3]);
  return 0;
}
