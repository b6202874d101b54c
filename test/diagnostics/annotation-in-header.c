// Annotations in an included file run as plain C: esched rewrites the file
// it compiles. Each gets a warning at its place (the pragma's name, the
// macro's use), once even where a header without a guard is included
// twice; comments, skipped blocks and other pragmas get none. System
// headers are not looked at.
// RUN: cd %S && %esched extract annotation-in-header.c -o /dev/null 2>&1 | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
// CHECK: Inputs/stray-pragma.h:3:9: warning: this annotation is in a file
// CHECK: Inputs/annotated-kernels.h:10:9: warning: this annotation is in a file that 'annotation-in-header.c' includes, and esched schedules only the annotations of the file it compiles: the region runs as plain C (move its function into a .c file)
// CHECK-NEXT: {{^}}#pragma esched task in(a[0:n], b[0:n]) out(c[0:n])
// CHECK: Inputs/annotated-kernels.h:15:3: warning: this annotation is in a file
// CHECK-NEXT: {{^}}  ESCHED_TASK(in(a[0:n]) out(c[0:n]))
// CHECK: 3 warnings
#include <stdio.h>
#include "Inputs/stray-pragma.h"
#include "Inputs/annotated-kernels.h"
#include "Inputs/annotated-kernels.h"
#include "Inputs/stray-pragma.h"

void pipeline(const int *a, const int *b, int *c, int *d, int n) {
  step(a, b, c, n);
  copy(c, d, n);
#pragma esched task in(d[0:n])
  printf("%d\n", d[0]);
}
