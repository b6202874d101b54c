// Host code reading and writing task data between two GPU tasks: the
// rewriter puts esrt_host before it, which brings x back and (written)
// invalidates the GPU copy, so the second task sees the host's change.
// Without that call (-DSKIP_HOST) the host edits a stale copy and the GPU
// task never sees it: stdout differs.
// RUN: %cc -DPLAIN %s -o %t.plain && %t.plain > %t.expected
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: %t 2> %t.err | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.err
// RUN: env ESCHED_EXECUTOR=concurrent %t 2>/dev/null | diff %t.expected -
// RUN: %cc %esrt_cflags -DSKIP_HOST %s -o %t.skip %esrt_libs
// RUN: %t.skip 2>/dev/null > %t.skipped && not diff %t.expected %t.skipped
// x (4 KB) goes in, comes back for the host, goes in again; y comes back.
// CHECK: device gpu: 2 tasks
// CHECK-NEXT: link cpu->gpu: 2 transfers, 8192 bytes
// CHECK-NEXT: link gpu->cpu: 2 transfers, 8192 bytes
#include <stdio.h>

#define N 512

static double x[N], y[N];

static void twice(double *v) {
  for (int i = 0; i < N; i++)
    v[i] *= 2;
}
static void plus_one(const double *v, double *w) {
  for (int i = 0; i < N; i++)
    w[i] = v[i] + 1;
}

#ifndef PLAIN
#include "esched_rt.h"
static void twice_v(void *const *p, const void *a) { (void)a, twice(p[0]); }
static void plus_one_v(void *const *p, const void *a) { (void)a, plus_one(p[0], p[1]); }
static const EsrtVariant v_twice[] = {{"cpu", twice_v, 0.001, 0}, {"gpu", twice_v, 0.001, 0}};
static const EsrtVariant v_plus[] = {{"cpu", plus_one_v, 0.001, 0}, {"gpu", plus_one_v, 0.001, 0}};
static const EsrtTask t_twice = {"main", "twice", "twice", v_twice, 2, 1, 0, 0};
static const EsrtTask t_plus = {"main", "plus_one", "plus_one", v_plus, 2, 1, 0, 0};
#endif

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = i;
#ifdef PLAIN
  twice(x);
#else
  EsrtAccess a1[1] = {{x, sizeof x, ESRT_INOUT}};
  esrt_submit(&t_twice, a1, 1, NULL, 0);
#ifndef SKIP_HOST
  esrt_host(x, sizeof x, ESRT_INOUT);
#endif
#endif
  x[3] = -x[3]; /* host code touching task data */
#ifdef PLAIN
  plus_one(x, y);
#else
  EsrtAccess a2[2] = {{x, sizeof x, ESRT_IN}, {y, sizeof y, ESRT_OUT}};
  esrt_submit(&t_plus, a2, 2, NULL, 0);
  esrt_host(y, sizeof y, ESRT_IN);
#endif
  printf("y[3]=%g y[%d]=%g\n", y[3], N - 1, y[N - 1]);
#ifndef PLAIN
  esrt_region_end();
#endif
  return 0;
}
