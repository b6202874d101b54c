// Annotations from macros of the program: errors in what a macro produces
// are reported at the macro's use; what stays unsupported says so there.
// RUN: not %esched extract %s -- -I%annotations_include 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
#include <esched.h>
void f(double *x, int n);
void f_gpu(double *x, int n);
#define BAD(n) ESCHED_TASK(name(n) in(x[0:]) gpu(f_gpu))
#define TYPO(n) ESCHED_TASK(name(n) inn(x[0:4]) gpu(f_gpu))
#define WITH_CALL(x) ESCHED_TASK(inout(x[0:4]) gpu(f_gpu)) f(x, 4);
// A macro that writes _Pragma("esched ...") itself is not seen: a warning
// at its definition says what to use.
// CHECK: macro-annotation.c:[[@LINE+1]]:16: warning: esched does not see the annotations this macro writes with _Pragma; write them with ESCHED_TASK(...), ESCHED_REGION(...) or ESCHED_STREAM(...) from <esched.h>
#define RAW(n) _Pragma("esched task in(x[0:n])")
void g(double *x, int n) {
// CHECK: macro-annotation.c:[[@LINE+1]]:3: error: pointer 'x' needs an array section with a length, as in x[0:n]
  BAD(t1)
  f(x, n);
// CHECK: macro-annotation.c:[[@LINE+1]]:3: error: in the expansion of this macro: unknown clause or device 'inn'
  TYPO(t2)
  f(x, n);
// CHECK: macro-annotation.c:[[@LINE+1]]:3: error: the annotation this macro produces is not followed by a statement after the macro's use in a function body (a macro writing both the annotation and the statement is not supported: write the statement after the use)
  WITH_CALL(x)
  RAW(4)
  f(x, n);
}
