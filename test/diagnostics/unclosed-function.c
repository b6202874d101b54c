// A file that ends inside a function with tasks (found by the compile fuzz
// target): libclang's recovery gave the function an end past the file's,
// and the rewrite copied a negative length. It is an error at the file's
// end, and nothing is written.
// RUN: not %esched compile %s -o %t.c -- -nostdinc 2>&1 | FileCheck %s
// RUN: not test -e %t.c
// RUN: not %esched compile %S/../fuzz/regressions/compile/unclosed-function.c -o %t.c -- -nostdinc 2>&1 | FileCheck %s --check-prefix=FUZZ
// FUZZ: unclosed-function.c:5:1: error: the file ends inside a function with tasks
// CHECK: unclosed-function.c:[[@LINE+6]]:1: error: the file ends inside a function with tasks
// CHECK: 1 error
void scale(double *x, int n);
void f(double *x, int n) {
#pragma esched task name(a) inout(x[0:n])
  scale(x, n);
