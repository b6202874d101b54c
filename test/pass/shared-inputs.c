// Two products sharing their inputs, C = A.B and D = B.A: both read A and
// B, so the input nodes feed two tasks each and the graph is a general DAG
// (mincut schedules it exactly for two devices).
// RUN: %esched extract %s -o %t.yaml
// RUN: FileCheck %s --input-file=%t.yaml
// RUN: %esched schedule %t.yaml --platform silberstein2011 --profile %S/Inputs/shared-inputs.profile.yaml 2>&1 | FileCheck %s --check-prefix=SCHED

// CHECK-LABEL: {{^}}name: products
// CHECK-NEXT: function: products
// CHECK-NEXT: shape: dag
// CHECK: tasks:
// CHECK-NEXT: - {name: products.in.A, kind: input, pin: cpu}
// CHECK-NEXT: - {name: products.in.B, kind: input, pin: cpu}
// CHECK-NEXT: - name: ab
// CHECK:      - name: ba
// CHECK:      - {name: products.out, kind: host, pin: cpu}
// CHECK-NEXT: edges:
// CHECK-NEXT: - {from: products.in.A, to: ab, data: A, bytes: 4194304}
// CHECK-NEXT: - {from: products.in.B, to: ab, data: B, bytes: 4194304}
// CHECK-NEXT: - {from: products.in.B, to: ba, data: B, bytes: 4194304}
// CHECK-NEXT: - {from: products.in.A, to: ba, data: A, bytes: 4194304}
// CHECK-NEXT: - {from: ab, to: products.out, data: C, bytes: 4194304}
// CHECK-NEXT: - {from: ba, to: products.out, data: D, bytes: 4194304}

// The CPU product is 3 times slower at half the power: the GPU wins both;
// A and B move to the GPU once although two tasks read them there:
// 2 x 0.1 s x 180 W + 4 x 4 MiB at 1 GB/s x 140 W.
// SCHED: using mincut
// SCHED: total_energy: 38.3488
// SCHED: assignment: {products.in.A: cpu, products.in.B: cpu, ab: gpu, ba: gpu, products.out: cpu}

#define N 1024

void matmul(const float *a, const float *b, float *c, int n);
void matmul_gpu(const float *a, const float *b, float *c, int n);

void products(const float *A, const float *B, float *C, float *D) {
#pragma esched task name(ab) in(A[0:N * N], B[0:N * N]) out(C[0:N * N]) gpu(matmul_gpu)
  matmul(A, B, C, N);
#pragma esched task name(ba) in(B[0:N * N], A[0:N * N]) out(D[0:N * N]) gpu(matmul_gpu)
  matmul(B, A, D, N);
}
