// `#pragma esched region` gives a block a graph of its own (named by its
// name clause, else FUNCTION.region.K); in the enclosing function's graph a
// host node stands for the block, with the accesses of its tasks.
// RUN: %esched extract %s | FileCheck %s

void scale(float *x, int n);
void scale_gpu(float *x, int n);

void f(float *X, float *Y, int n) {
#pragma esched task name(pre) inout(X[0:n]) gpu(scale_gpu)
  scale(X, n);
#pragma esched region
  {
#pragma esched task name(r1) inout(X[0:n]) gpu(scale_gpu)
    scale(X, n);
#pragma esched task name(r2) inout(Y[0:n]) gpu(scale_gpu)
    scale(Y, n);
  }
}
// CHECK-LABEL: {{^}}name: f
// CHECK:      - name: pre
// CHECK:      - name: f.region.1
// CHECK-NEXT:   kind: host
// CHECK-NEXT:   pin: cpu
// CHECK-NEXT:   access:
// CHECK-NEXT:   - {item: X, mode: inout, lo: 0, len: n, type: float}
// CHECK-NEXT:   source: {line: 13, col: 3, end_line: 18, end_col: 4,
// CHECK:      edges:
// CHECK-NEXT: - {from: f.in.X, to: pre, data: X}
// CHECK-NEXT: - {from: pre, to: f.region.1, data: X}
// CHECK-NEXT: - {from: f.region.1, to: f.out, data: X}
// CHECK-NEXT: ---
// CHECK-NEXT: name: f.region.1
// CHECK-NEXT: function: f
// CHECK-NEXT: shape: in-tree
// CHECK:      source: {file: {{.*}}region.c, line: 13, col: 3, end_line: 18, end_col: 4,
// CHECK:      - name: r1
// CHECK:      - name: r2
