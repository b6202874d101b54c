// A task region is one call or one compound statement; a region block is a
// compound statement.
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
float f(const float *x, int n);
void g(const float *A, float *out, int n) {
#pragma esched task in(A[0:n]) out(out[0:1])
// CHECK: region-kind.c:[[@LINE+1]]:3: error: a task region must be a function call or a compound statement { ... }
  out[0] = f(A, n);
#pragma esched region
// CHECK: region-kind.c:[[@LINE+1]]:3: error: '#pragma esched region' must be followed by a compound statement { ... }
  f(A, n);
}
