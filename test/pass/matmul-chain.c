// A 3-matrix chain product, E = A.B; F = C.D; G = E.F, as in Silberstein
// 2011's examples: each input is read once and every product feeds one
// other task, so the extracted graph is an in-tree (tree-dp schedules it).
// RUN: %esched extract %s -o %t.yaml
// RUN: FileCheck %s --input-file=%t.yaml
// RUN: %esched schedule %t.yaml --platform silberstein2011 --profile %S/Inputs/matmul-chain.profile.yaml | FileCheck %s --check-prefix=SCHED
// RUN: not %esched schedule %t.yaml --platform silberstein2011 2>&1 | FileCheck %s --check-prefix=NOPROFILE

// CHECK-LABEL: {{^}}name: chain
// CHECK-NEXT: function: chain
// CHECK-NEXT: shape: in-tree
// CHECK: noalias: [A, B, E, C, D, F, G]
// CHECK-NEXT: tasks:
// CHECK-NEXT: - {name: chain.in.A, kind: input, pin: cpu}
// CHECK-NEXT: - {name: chain.in.B, kind: input, pin: cpu}
// CHECK-NEXT: - {name: chain.in.C, kind: input, pin: cpu}
// CHECK-NEXT: - {name: chain.in.D, kind: input, pin: cpu}
// CHECK-NEXT: - name: ab
// CHECK-NEXT:   callee: matmul
// CHECK-NEXT:   args: [A, B, E, N]
// CHECK-NEXT:   variants: {gpu: matmul_gpu}
// CHECK-NEXT:   access:
// CHECK-NEXT:   - {item: A, mode: in, lo: 0, len: N * N, type: float, bytes: 262144}
// CHECK-NEXT:   - {item: B, mode: in, lo: 0, len: N * N, type: float, bytes: 262144}
// CHECK-NEXT:   - {item: E, mode: out, lo: 0, len: N * N, type: float, bytes: 262144}
// CHECK-NEXT:   source: {line: {{[0-9]+}}, col: 3, end_line: {{[0-9]+}}, end_col: 22, begin: {{[0-9]+}}, end: {{[0-9]+}}}
// CHECK:      - name: cd
// CHECK:      - name: ef
// CHECK:      - {name: chain.out, kind: host, pin: cpu}
// CHECK-NEXT: edges:
// CHECK-NEXT: - {from: chain.in.A, to: ab, data: A, bytes: 262144}
// CHECK-NEXT: - {from: chain.in.B, to: ab, data: B, bytes: 262144}
// CHECK-NEXT: - {from: chain.in.C, to: cd, data: C, bytes: 262144}
// CHECK-NEXT: - {from: chain.in.D, to: cd, data: D, bytes: 262144}
// CHECK-NEXT: - {from: ab, to: ef, data: E, bytes: 262144}
// CHECK-NEXT: - {from: cd, to: ef, data: F, bytes: 262144}
// CHECK-NEXT: - {from: ef, to: chain.out, data: G, bytes: 262144}
// CHECK-NOT: deferred:

// SCHED: algorithm: tree-dp
// The GPU runs the three products (3 x 0.01 s x 180 W) and the link moves
// A, B, C, D there and G back (5 x 262144 B at 1 GB/s x 140 W).
// SCHED: total_energy: 5.5835
// SCHED: assignment: {chain.in.A: cpu, chain.in.B: cpu, chain.in.C: cpu, chain.in.D: cpu, ab: gpu, cd: gpu, ef: gpu, chain.out: cpu}

// NOPROFILE: error: task 'ab' has no time and no profile entry; pass --profile FILE

#include <stdlib.h>

#define N 256

void matmul(const float *a, const float *b, float *c, int n);
void matmul_gpu(const float *a, const float *b, float *c, int n);

void chain(const float *A, const float *B, const float *C, const float *D, float *G) {
  float *E = malloc(sizeof(float) * N * N);
  float *F = malloc(sizeof(float) * N * N);
#pragma esched task name(ab) in(A[0:N * N], B[0:N * N]) out(E[0:N * N]) gpu(matmul_gpu)
  matmul(A, B, E, N);
#pragma esched task name(cd) in(C[0:N * N], D[0:N * N]) out(F[0:N * N]) gpu(matmul_gpu)
  matmul(C, D, F, N);
#pragma esched task name(ef) in(E[0:N * N], F[0:N * N]) out(G[0:N * N]) gpu(matmul_gpu)
  matmul(E, F, G, N);
  free(E);
  free(F);
}
