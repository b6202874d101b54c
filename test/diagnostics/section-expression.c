// A mistake in a section's expression (a name that does not exist) is the
// compiler's to find, since esched keeps the expression as written; it is
// reported at the annotation's line, not at a line of generated code past
// the end of the file.
// RUN: not %esched_cc %esrt_cflags -c %s -o %t.o 2>&1 | FileCheck %s
#include <stdlib.h>
void saxpy(float a, const float *x, float *y, int n);
void saxpy_gpu(float a, const float *x, float *y, int n);
void f(int n) {
  float *x = calloc(n, 4), *y = calloc(n, 4);
// CHECK: section-expression.c:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}'m' undeclared
#pragma esched task name(t1) in(x[0:n]) inout(y[0:m]) gpu(saxpy_gpu)
  saxpy(2.0f, x, y, n);
  free(x);
  free(y);
}
