// The macro form of esched.h: ESCHED_TASK(...) and ESCHED_REGION(...) are
// the pragmas, with their clauses read as written (N stays N); clause
// arguments may span lines. Text that only looks like an annotation (in a
// comment, a string, an #if 0 block, a #define) is none.
// RUN: %esched extract %s -- -I%annotations_include | FileCheck %s

#include <esched.h>

#define N 64
#define MY_TASK(x) ESCHED_TASK(inout(x[0:N]))

void mm(const float *a, const float *b, float *c, int n);
void mm_gpu(const float *a, const float *b, float *c, int n);

/* ESCHED_TASK(name(in_comment)) */
void f(const float *A, const float *B, float *T, float *R) {
  const char *s = "ESCHED_TASK(name(in_string))";
  (void)s;
// CHECK-LABEL: {{^}}name: f
// CHECK:      - name: mul
// CHECK-NEXT:   callee: mm
// CHECK-NEXT:   args: [A, B, T, N]
// CHECK-NEXT:   variants: {gpu: mm_gpu}
// CHECK-NEXT:   access:
// CHECK-NEXT:   - {item: A, mode: in, lo: 0, len: N, type: float, bytes: 256}
// CHECK-NEXT:   - {item: B, mode: in, lo: 0, len: N, type: float, bytes: 256}
// CHECK-NEXT:   - {item: T, mode: out, lo: 0, len: N, type: float, bytes: 256}
// CHECK-NEXT:   source: {line: [[@LINE+3]], col: 3,
  ESCHED_TASK(name(mul) in(A[0:N], B[0:N])
              out(T[0:N]) gpu(mm_gpu))
  mm(A, B, T, N);
#if 0
  ESCHED_TASK(name(skipped))
  mm(A, B, T, N);
#endif
// CHECK:      - name: inner
// CHECK-NEXT:   kind: host
// CHECK-LABEL: {{^}}name: inner
// CHECK-NEXT: function: f
// CHECK:      - name: add
// CHECK-NEXT:   callee: mm
  ESCHED_REGION(name(inner)) {
    ESCHED_TASK(name(add) in(T[0:N]) out(R[0:N]) gpu(mm_gpu)) mm(T, T, R, N);
  }
}
// CHECK-NOT: in_comment
// CHECK-NOT: in_string
// CHECK-NOT: skipped
