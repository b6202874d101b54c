/* Tasks whose code changes variables that outlive the call: a counter of
 * file scope, a _Thread_local one, a static local cache, an element of a
 * static array of structures. */
#include <stdio.h>

static int calls;
static _Thread_local int tl_calls;
static struct {
  int hits[2];
} stats;

static void scale(int n, double *x) {
  for (int i = 0; i < n; i++)
    x[i] *= 2;
  calls++;
}
static void scale_gpu(int n, double *x) { scale(n, x); }

static void shift(int n, double *x) {
  static int first = 1;
  for (int i = 0; i < n; i++)
    x[i] += first;
  first = 0;
  tl_calls += 1;
}
static void shift_gpu(int n, double *x) { shift(n, x); }

static void count(int n, const double *x, double *s) {
  *s = 0;
  for (int i = 0; i < n; i++)
    *s += x[i];
  stats.hits[n % 2] = stats.hits[n % 2] + 1;
}
static void count_gpu(int n, const double *x, double *s) { count(n, x, s); }

int main(void) {
  double x[4] = {1, 2, 3, 4}, s = 0;
#pragma esched task inout(x) gpu(scale_gpu)
  scale(4, x);
#pragma esched task inout(x) gpu(shift_gpu)
  shift(4, x);
#pragma esched task inout(x) gpu(shift_gpu)
  shift(4, x);
#pragma esched task in(x) out(s) gpu(count_gpu)
  count(4, x, &s);
  printf("%g %g calls %d %d hits %d\n", x[0], s, calls, tl_calls, stats.hits[0]);
  return 0;
}
