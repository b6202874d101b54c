// Where host code gets its data back: not before the first task (its data
// is in host memory; a call there would read what is not yet initialised),
// not for pointer assignments and copies (s = malloc(..), a buffer swap:
// no data moves), not for sizeof's operand; but before free(), so that no
// copy lands in freed memory.
// RUN: %esched compile %s -o %t.c --variant gpu-only 2>/dev/null
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not='{{^ +esrt_host}}'
// CHECK-LABEL: int main(void) {
// The host statements after the last task: one call before them, with s
// written (freed).
// CHECK: {{^}}  esrt_host(&y, sizeof (y), ESRT_IN), esrt_host_whole(s, ESRT_INOUT);
// CHECK-NEXT: #line [[#]]
// CHECK-NEXT:   printf("%g %g\n", y[3], s[1]);
// CHECK-NEXT:   free(s);
// RUN: %cc -std=c11 -O2 %s -o %t.plain && %t.plain > %t.expected
// RUN: %esched_cc --variant=gpu-only %esrt_cflags -O2 -Wall -Wextra -Werror -Wno-unknown-pragmas %s -o %t.gpu
// RUN: %t.gpu 2>/dev/null | diff %t.expected -
// RUN: env ESCHED_EXECUTOR=concurrent %t.gpu 2>/dev/null | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

static void k(const double *x, double *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] + 1;
}
static void k_gpu(const double *x, double *y, int n) { k(x, y, n); }

int main(void) {
  double x[4], y[4];
  for (int i = 0; i < 4; i++)
    x[i] = i;
#pragma esched task name(first) in(x[0:4]) out(y[0:4]) gpu(k_gpu)
  k(x, y, 4);
  double *s;
  s = malloc(4 * sizeof *s);
#pragma esched task name(second) in(y[0:4]) out(s[0:4]) gpu(k_gpu)
  k(y, s, 4);
  double *a = x, *b = y;
  for (int t = 0; t < 3; t++) {
#pragma esched task name(step) in(a[0:4]) out(b[0:4]) gpu(k_gpu)
    k(a, b, 4);
    double *tmp = a;
    a = b;
    b = tmp;
  }
  printf("%g %g\n", y[3], s[1]);
  free(s);
  return 0;
}
