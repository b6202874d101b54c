// An efficiency entry cut short (found by the compile fuzz target): the
// front end read the entry the parser had left without a value, and
// crashed. An entry joins its clause only whole; each is an error at its
// column, and nothing is written.
// RUN: not %esched compile %s -o %t.c -- -I%annotations_include 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: not test -e %t.c
// RUN: not %esched compile %S/../fuzz/regressions/compile/efficiency-without-value.c -o %t.c -- -I%annotations_include 2>&1 | FileCheck %s --check-prefix=FUZZ
// FUZZ: efficiency-without-value.c:20:67: error: expected ':'
void fir(const float *x, float *y, int n, int member, int members);
void run(const float *x, float *y, int n) {
#pragma esched stream cores(4) deadline(2ms)
  {
// CHECK: efficiency-incomplete.c:[[@LINE+1]]:45: error: expected ':'
#pragma esched task width(4) efficiency(comm)
    fir(x, y, n, 0, 1);
// CHECK: efficiency-incomplete.c:[[@LINE+1]]:43: error: expected a number after ':'
#pragma esched task width(4) efficiency(2:)
    fir(x, y, n, 0, 1);
// CHECK: efficiency-incomplete.c:[[@LINE+1]]:48: error: 'perfect' is a whole efficiency model: give it alone
#pragma esched task width(4) efficiency(2:0.5, perfect)
    fir(x, y, n, 0, 1);
// CHECK: efficiency-incomplete.c:[[@LINE+1]]:46: error: efficiency width 3 is not a power of two (1, 2, 4, ...)
#pragma esched task width(4) efficiency(1:1, 3:0.5)
    fir(x, y, n, 0, 1);
  }
}
// CHECK: 4 errors
