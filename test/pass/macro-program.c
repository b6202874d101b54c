// Annotations that the program's own macros produce, directly or from a
// local header: esched reads the expansion (macros in the clauses
// expanded: N is 64 there) and places the task at the macro's use. The
// rewritten program prints what the plain one prints (there the macros
// expand to nothing: no esched.h).
// RUN: %esched extract %s -o - -- -I%annotations_include | FileCheck %s
// CHECK:      - name: ax
// CHECK-NEXT:   callee: scale
// CHECK-NEXT:   args: [n, A, y]
// CHECK-NEXT:   variants: {gpu: scale_gpu}
// CHECK-NEXT:   access:
// CHECK-NEXT:   - {item: A, mode: in, lo: 0, len: 64, type: double, bytes: 512}
// CHECK-NEXT:   - {item: y, mode: out, lo: 0, len: 64, type: double, bytes: 512}
// CHECK-NEXT:   source: {line: [[#@LINE+34]], col: 3,
// CHECK:      - name: bx
// CHECK-NEXT:   callee: scale
// CHECK:        source: {line: [[#@LINE+34]], col: 3,
// RUN: %cc -std=c11 %s -o %t.plain && %t.plain > %t.expected
// RUN: %esched_cc --variant=gpu-only %esrt_cflags -Wall -Wextra -Werror %s -o %t.gpu
// RUN: %t.gpu 2>%t.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=GPU --input-file=%t.err
// GPU: device gpu: 2 tasks
#include <stdio.h>
#if defined(__has_include)
#if __has_include(<esched.h>)
#include "Inputs/mytask.h"
#endif
#endif
#ifndef ESCHED_TASK
#define ESCHED_TASK(...)
#define OFFLOAD(n, fn, clauses)
#endif
#define N 64
#define MYTASK(n, fn, ...) ESCHED_TASK(name(n) __VA_ARGS__ gpu(fn##_gpu))

static void scale(int n, const double *a, double *y) {
  for (int i = 0; i < n; i++)
    y[i] = 2 * a[i];
}
static void scale_gpu(int n, const double *a, double *y) { scale(n, a, y); }

int main(void) {
  int n = N;
  double A[N], y[N], z[N];
  for (int i = 0; i < N; i++)
    A[i] = i;
  MYTASK(ax, scale, in(A[0:N]) out(y[0:N]))
  scale(n, A, y);
  OFFLOAD(bx, scale, in(y[0:N]) out(z[0:N]))
  scale(n, y, z);
  printf("%g %g\n", y[N - 1], z[N - 1]);
  return 0;
}
