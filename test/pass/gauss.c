// Gaussian elimination of a 4 x 4 system, unrolled into steps on its rows
// (the task graph of Baskiyar and Abdel-Kader's Gaussian elimination): step
// k normalizes pivot row k, then eliminates column k from every row below.
// The rows are separate items (they do not alias); every elimination reads
// its pivot row and updates its own row, so the graph is a DAG.
// RUN: %esched extract %s -o %t.yaml
// RUN: FileCheck %s --input-file=%t.yaml
// RUN: %esched schedule %t.yaml --platform silberstein2011 --profile %S/Inputs/gauss.profile.yaml | FileCheck %s --check-prefix=SCHED

// CHECK-LABEL: {{^}}name: gauss4
// CHECK-NEXT: function: gauss4
// CHECK-NEXT: shape: dag
// CHECK: noalias: [r0, r1, r2, r3]
// CHECK: edges:
// CHECK-NEXT: - {from: gauss4.in.r0, to: p0, data: r0, bytes: 4096}
// CHECK-NEXT: - {from: p0, to: e01, data: r0, bytes: 4096}
// CHECK-NEXT: - {from: gauss4.in.r1, to: e01, data: r1, bytes: 4096}
// CHECK-NEXT: - {from: p0, to: e02, data: r0, bytes: 4096}
// CHECK-NEXT: - {from: gauss4.in.r2, to: e02, data: r2, bytes: 4096}
// CHECK-NEXT: - {from: p0, to: e03, data: r0, bytes: 4096}
// CHECK-NEXT: - {from: gauss4.in.r3, to: e03, data: r3, bytes: 4096}
// CHECK-NEXT: - {from: e01, to: p1, data: r1, bytes: 4096}
// CHECK-NEXT: - {from: p1, to: e12, data: r1, bytes: 4096}
// CHECK-NEXT: - {from: e02, to: e12, data: r2, bytes: 4096}
// CHECK-NEXT: - {from: p1, to: e13, data: r1, bytes: 4096}
// CHECK-NEXT: - {from: e03, to: e13, data: r3, bytes: 4096}
// CHECK-NEXT: - {from: e12, to: p2, data: r2, bytes: 4096}
// CHECK-NEXT: - {from: p2, to: e23, data: r2, bytes: 4096}
// CHECK-NEXT: - {from: e13, to: e23, data: r3, bytes: 4096}
// CHECK-NEXT: - {from: e23, to: p3, data: r3, bytes: 4096}
// CHECK-NEXT: - {from: p0, to: gauss4.out, data: r0, bytes: 4096}
// CHECK-NEXT: - {from: p1, to: gauss4.out, data: r1, bytes: 4096}
// CHECK-NEXT: - {from: p2, to: gauss4.out, data: r2, bytes: 4096}
// CHECK-NEXT: - {from: p3, to: gauss4.out, data: r3, bytes: 4096}
// CHECK-NOT: - {from

// Eliminations on the GPU, normalizations on the CPU (no GPU variant):
// 6 x 0.001 s x 180 W + 4 x 0.002 s x 90 W + 9 row transfers.
// SCHED: algorithm: mincut
// SCHED: total_energy: 1.8051
// SCHED: assignment: {gauss4.in.r0: cpu, gauss4.in.r1: cpu, gauss4.in.r2: cpu, gauss4.in.r3: cpu, p0: cpu, e01: gpu, e02: gpu, e03: gpu, p1: cpu, e12: gpu, e13: gpu, p2: cpu, e23: gpu, p3: cpu, gauss4.out: cpu}

#define N 1024 /* columns of a row (an augmented 4 x 1024 block) */

void normalize(float *row, int n, int k);
void eliminate(const float *pivot, float *row, int n, int k);
void eliminate_gpu(const float *pivot, float *row, int n, int k);

void gauss4(float *A) {
  float *r0 = A, *r1 = A + N, *r2 = A + 2 * N, *r3 = A + 3 * N;
#pragma esched task name(p0) inout(r0[0:N])
  normalize(r0, N, 0);
#pragma esched task name(e01) in(r0[0:N]) inout(r1[0:N]) gpu(eliminate_gpu)
  eliminate(r0, r1, N, 0);
#pragma esched task name(e02) in(r0[0:N]) inout(r2[0:N]) gpu(eliminate_gpu)
  eliminate(r0, r2, N, 0);
#pragma esched task name(e03) in(r0[0:N]) inout(r3[0:N]) gpu(eliminate_gpu)
  eliminate(r0, r3, N, 0);
#pragma esched task name(p1) inout(r1[0:N])
  normalize(r1, N, 1);
#pragma esched task name(e12) in(r1[0:N]) inout(r2[0:N]) gpu(eliminate_gpu)
  eliminate(r1, r2, N, 1);
#pragma esched task name(e13) in(r1[0:N]) inout(r3[0:N]) gpu(eliminate_gpu)
  eliminate(r1, r3, N, 1);
#pragma esched task name(p2) inout(r2[0:N])
  normalize(r2, N, 2);
#pragma esched task name(e23) in(r2[0:N]) inout(r3[0:N]) gpu(eliminate_gpu)
  eliminate(r2, r3, N, 2);
#pragma esched task name(p3) inout(r3[0:N])
  normalize(r3, N, 3);
}
