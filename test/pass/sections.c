// Array sections: the expression texts as written, and the size in bytes
// whenever clang can fold the length to a constant (macros, enumerators,
// sizeof, const variables); a[lo:] of an array runs to its end; a whole
// array or scalar has its size. Constant sections that do not overlap do
// not depend on each other.
// RUN: %esched extract %s | FileCheck %s

#define ROWS 4
enum { COLS = 8 };
static const int DEPTH = 3;
struct cell { double v[2]; };

void use(const void *p, void *q);

void f(float *A, struct cell *C, int n) {
  float X[16];
  long s;
// CHECK-LABEL: - name: sizes
// CHECK:      - {item: A, mode: in, lo: n, len: ROWS * COLS, type: float, bytes: 128}
// CHECK-NEXT: - {item: C, mode: in, lo: 1, len: DEPTH + sizeof(struct cell), type: struct cell, bytes: 304}
// CHECK-NEXT: - {item: X, mode: out, lo: 2, len: 16 - (2), type: float, bytes: 56}
// CHECK-NEXT: - {item: s, mode: inout, type: long, bytes: 8}
#pragma esched task name(sizes) in(A[n:ROWS * COLS], C[1:DEPTH + sizeof(struct cell)]) out(X[2:]) inout(s)
  use(A, X);
// CHECK-LABEL: - name: unknown
// CHECK:      - {item: A, mode: in, lo: 0, len: n * n, type: float}
// CHECK-NEXT: - {item: X, mode: in, type: float, bytes: 64}
#pragma esched task name(unknown) in(A[0:n * n], X)
  use(A, X);
// CHECK-LABEL: - name: low
#pragma esched task name(low) out(X[0:8])
  use(A, X);
// CHECK-LABEL: - name: high
#pragma esched task name(high) out(X[8:8])
  use(A, X);
// CHECK-LABEL: - name: readlow
#pragma esched task name(readlow) in(X[0:8]) inout(s)
  use(X, &s);
// CHECK-LABEL: - name: readmid
#pragma esched task name(readmid) in(X[4:8]) inout(s)
  use(X, &s);
}
// The sections of low and high together hide the older versions from
// readmid.
// CHECK-LABEL: edges:
// CHECK:      - {from: low, to: readlow, data: X, bytes: 32}
// CHECK-NOT:  - {from: high, to: readlow
// CHECK:      - {from: high, to: readmid, data: X, bytes: 32}
// CHECK-NEXT: - {from: low, to: readmid, data: X, bytes: 32}
// CHECK-NEXT: - {from: readlow, to: readmid, data: s, bytes: 8}
