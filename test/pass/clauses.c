// Every clause: name, in/out/inout (commas between clauses allowed, as in
// OpenMP), a device variant, pin; a task without a variant is pinned to
// the CPU (the region is its only implementation); --device adds devices.
// RUN: %esched extract %s --device fpga | FileCheck %s

void saxpy(const float *x, float *y, float *z, int n);
void saxpy_gpu(const float *x, float *y, float *z, int n);
void saxpy_fpga(const float *x, float *y, float *z, int n);
void norm(const float *x, int n, float *out);

void f(const float *X, float *Y, float *Z, float *R, int n) {
// CHECK-LABEL: {{^}}name: f
// CHECK:      - name: axpy
// CHECK-NEXT:   pin: gpu
// CHECK-NEXT:   callee: saxpy
// CHECK-NEXT:   args: [X, Y, Z, n]
// CHECK-NEXT:   variants: {gpu: saxpy_gpu, fpga: saxpy_fpga}
// CHECK-NEXT:   access:
// CHECK-NEXT:   - {item: X, mode: in, lo: 0, len: n, type: float}
// CHECK-NEXT:   - {item: Z, mode: out, lo: 0, len: n, type: float}
// CHECK-NEXT:   - {item: Y, mode: inout, lo: 0, len: n, type: float}
// CHECK-NEXT:   source: {line: [[@LINE+2]], col: 3, end_line: [[@LINE+2]], end_col: 21, begin: {{[0-9]+}}, end: {{[0-9]+}}}
#pragma esched task name(axpy) in(X[0:n]), out(Z[0:n]), inout(Y[0:n]) gpu(saxpy_gpu) fpga(saxpy_fpga) pin(gpu)
  saxpy(X, Y, Z, n);
// CHECK:      - name: f.norm.1
// CHECK-NEXT:   pin: cpu
// CHECK-NEXT:   callee: norm
// CHECK-NEXT:   args: [Z, n, R]
// CHECK-NEXT:   access:
// CHECK-NEXT:   - {item: Z, mode: in, lo: 0, len: n, type: float}
// CHECK-NEXT:   - {item: R, mode: out, lo: 0, len: 1, type: float, bytes: 4}
#pragma esched task in(Z[0:n]) out(R[0:1])
  norm(Z, n, R);
// CHECK:      - name: f.norm.2
#pragma esched task in(Y[0:n]) out(R[0:1])
  norm(Y, n, R);
}
// CHECK: edges:
// CHECK-NEXT: - {from: f.in.X, to: axpy, data: X}
// CHECK-NEXT: - {from: f.in.Y, to: axpy, data: Y}
// CHECK-NEXT: - {from: axpy, to: f.norm.1, data: Z}
// CHECK-NEXT: - {from: axpy, to: f.norm.2, data: Y}
// CHECK-NEXT: - {from: f.norm.1, to: f.norm.2, kind: order}
// CHECK-NEXT: - {from: axpy, to: f.out, data: Z}
// CHECK-NEXT: - {from: axpy, to: f.out, data: Y}
// CHECK-NEXT: - {from: f.norm.2, to: f.out, data: R, bytes: 4}
