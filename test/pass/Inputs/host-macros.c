/* Host code written with macros, as C programs check and update their
 * data: assert, a check that returns, a do { ... } while (0) statement, a
 * memset and an assignment and an increment behind function-like macros,
 * each on data a task just wrote (on the GPU in gpu-only builds), before
 * and inside a loop of tasks. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(c) if (!(c)) return 1
#define CLAMP0(a, i) do { if ((a)[i] > 4.5) (a)[i] = 0.0; } while (0)
#define ZERO(a, n) memset((a), 0, (n) * sizeof *(a))
#define SETV(a, i, x) ((a)[i] = (x))
#define BUMP(a, i) ((a)[i]++)

static void add1(int n, double *a) {
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
static void add1_gpu(int n, double *a) { add1(n, a); }

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 3;
  double v[4] = {0, 1, 2, 3};
#pragma esched task name(first) inout(v[0:4]) gpu(add1_gpu)
  add1(4, v);
  assert(v[2] > 0);
  CHECK(v[3] < 100);
  CLAMP0(v, 3);
  ZERO(v, 1);
#pragma esched task name(second) inout(v[0:4]) gpu(add1_gpu)
  add1(4, v);
  SETV(v, 1, 10.0);
  BUMP(v, 2);
  for (int s = 0; s < steps; s++) {
#pragma esched task name(step) inout(v[0:4]) gpu(add1_gpu)
    add1(4, v);
    CLAMP0(v, 0);
    BUMP(v, 1);
    assert(v[2] > 0);
  }
  printf("%g %g %g %g\n", v[0], v[1], v[2], v[3]);
  return 0;
}
