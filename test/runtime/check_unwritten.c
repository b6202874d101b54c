// ESCHED_CHECK=1 and bytes a task declares out but leaves unwritten: a
// later task reading them is named; so is their return to the host. Other
// clauses of the program are right: nothing else is reported, and the
// program prints what the plain one prints.
// RUN: %cc %s -o %t.plain && %t.plain > %t.expected
// RUN: %esched_cc --variant gpu-only %sanitize_flags %s -o %t 2>/dev/null
// RUN: env ESCHED_CHECK=1 %t 2>%t.err | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not='warning: check'
// CHECK: esched: warning: check: task 'use' ({{.*}}check_unwritten.c:[[#@LINE+20]]) reads bytes [0, 8) of 'y' that task 'fill' ({{.*}}check_unwritten.c:[[#@LINE+18]]) leaves unwritten, declared out(y[0:4]): write them there, or declare inout(y[0:4])
// Then both holes come back to the host (the program may read them).
// CHECK-DAG: esched: warning: check: bytes [24, 32) of 'z' that task 'fill' ({{.*}}check_unwritten.c:[[#@LINE+16]]) leaves unwritten, declared out(z[0:4]), come back to the host: if the program reads them, write them there or declare inout(z[0:4])
// CHECK-DAG: esched: warning: check: bytes [0, 8) of 'y' that task 'fill' ({{.*}}check_unwritten.c:[[#@LINE+15]]) leaves unwritten, declared out(y[0:4]), come back to the host: if the program reads them, write them there or declare inout(y[0:4])
#include <stdio.h>

static void fill(double *y, double *z) { /* y[0] and z[3] are never written */
  for (int i = 1; i < 4; i++)
    y[i] = i;
  for (int i = 0; i < 3; i++)
    z[i] = i;
}
static void fill_gpu(double *y, double *z) { fill(y, z); }
static void use(const double *y, double *s) { *s = y[1] + y[2] + y[3]; }
static void use_gpu(const double *y, double *s) { use(y, s); }

int main(void) {
  double y[4] = {0}, z[4] = {0}, s = 0;
#pragma esched task name(fill) out(y[0:4], z[0:4]) gpu(fill_gpu)
  fill(y, z);
#pragma esched task name(use) in(y[0:4]) out(s) gpu(use_gpu)
  use(y, &s);
  printf("%g %g\n", s, z[1]);
  return 0;
}
