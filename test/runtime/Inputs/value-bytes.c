/* Tasks giving back data with bytes that carry no value (padding, an x87
 * long double's last 6 bytes), each storing every member; and one that
 * really leaves a member unwritten (check-value-bytes.test). */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double lo, hi;
  int n;
} Range; /* padding at [20, 24) */
typedef struct {
  char tag;              /* padding at [1, 8) */
  Range r;               /* [8, 32), its padding at [28, 32) */
  unsigned a : 3, b : 5; /* byte 32, all its bits */
  short w[3];            /* [34, 40) */
  char c[2];             /* [40, 42), padding at [42, 48) */
} Outer;
typedef union {
  double d;
  int i[3];
} Either; /* [0, 12) of 16 */

static void range_of(int n, const double *x, Range *r) {
  r->lo = x[0];
  r->hi = x[0];
  r->n = n;
  for (int i = 1; i < n; i++) {
    if (x[i] < r->lo)
      r->lo = x[i];
    if (x[i] > r->hi)
      r->hi = x[i];
  }
}
static void range_of_gpu(int n, const double *x, Range *r) { range_of(n, x, r); }

static void ranges(int n, Range *v) { /* member by member */
  for (int i = 0; i < n; i++) {
    v[i].lo = -i;
    v[i].hi = i;
    v[i].n = 2 * i;
  }
}
static void ranges_gpu(int n, Range *v) { ranges(n, v); }

static void outer(Outer *o) {
  o->tag = 't';
  o->r.lo = 1, o->r.hi = 2, o->r.n = 3;
  o->a = 5, o->b = 19;
  for (int i = 0; i < 3; i++)
    o->w[i] = (short)i;
  o->c[0] = 'x', o->c[1] = 'y';
}
static void outer_gpu(Outer *o) { outer(o); }
static unsigned bits(const Outer *o) { return o->a * 32u + o->b; }

static void total(int n, const double *x, long double *s) {
  *s = 0;
  for (int i = 0; i < n; i++)
    *s += x[i];
}
static void total_gpu(int n, const double *x, long double *s) { total(n, x, s); }

static void pick(Either *e) {
  for (int k = 0; k < 3; k++)
    e->i[k] = k + 1;
}
static void pick_gpu(Either *e) { pick(e); }

static void bounds(int n, const double *x, Range *r) { /* forgets r->n */
  r->lo = x[0], r->hi = x[n - 1];
}
static void bounds_gpu(int n, const double *x, Range *r) { bounds(n, x, r); }

int main(void) {
  double x[3] = {3, 1, 2};
  Range r;
#pragma esched task in(x) out(r) gpu(range_of_gpu)
  range_of(3, x, &r);
  Range copy;
#pragma esched task in(r) out(copy)
  { copy = r; }
  printf("%g %g %d\n", copy.lo, copy.hi, copy.n);

  int n = 4;
  Range *v = malloc(sizeof *v * (size_t)n);
#pragma esched task name(ranges) out(v[0:n]) gpu(ranges_gpu)
  ranges(n, v);
#pragma esched task name(middle) out(v[1:2]) gpu(ranges_gpu)
  ranges(2, v + 1);
  printf("%g %g %d\n", v[3].lo, v[2].hi, v[1].n);
  free(v);

  Outer o;
#pragma esched task name(outer) out(o) gpu(outer_gpu)
  outer(&o);
  printf("%c %g %d %u %d %c\n", o.tag, o.r.hi, o.r.n, bits(&o), o.w[2], o.c[1]);

  long double s;
#pragma esched task name(total) in(x) out(s) gpu(total_gpu)
  total(3, x, &s);
  printf("%Lg\n", s);

  Either e;
#pragma esched task name(pick) out(e) gpu(pick_gpu)
  pick(&e);
  printf("%d\n", e.i[2]);

  Range bad;
#pragma esched task name(bounds) in(x) out(bad) gpu(bounds_gpu)
  bounds(3, x, &bad);
  printf("%g %g\n", bad.lo, bad.hi);
  return 0;
}
