// Host code between tasks that touches their data becomes a node pinned to
// the CPU, with what it reads (in) and writes (inout); adjacent host
// statements make one node; host code before the first task, or touching
// no task data, makes none. free(p) ends p's data: no copy back. Data host
// code has read is back in host memory already.
// RUN: %esched extract %s -o %t.yaml
// RUN: FileCheck %s --input-file=%t.yaml
// RUN: %esched schedule %t.yaml --platform silberstein2011 --profile %S/Inputs/host.profile.yaml | FileCheck %s --check-prefix=SCHED

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void smooth(const float *in, float *out, int n);
void smooth_gpu(const float *in, float *out, int n);

void pipeline(const float *X, float *Y, int n) {
  float *T = malloc(sizeof(float) * (size_t)n);
  memset(T, 0, sizeof(float) * (size_t)n); /* before the first task: no node */
#pragma esched task name(first) in(X[0:n]) out(T[0:n]) gpu(smooth_gpu)
  smooth(X, T, n);
  int unrelated = n * 2;
  (void)unrelated;
  T[0] = T[1];
  printf("%f\n", T[n - 1]);
#pragma esched task name(second) in(T[0:n]) out(Y[0:n]) gpu(smooth_gpu)
  smooth(T, Y, n);
  printf("%f\n", Y[0]);
  free(T);
}
// CHECK-LABEL: {{^}}name: pipeline
// CHECK:      - name: first
// CHECK:      - name: pipeline.host.1
// CHECK-NEXT:   kind: host
// CHECK-NEXT:   pin: cpu
// CHECK-NEXT:   access:
// CHECK-NEXT:   - {item: T, mode: inout, type: float}
// CHECK-NEXT:   source: {line: 24, col: 3, end_line: 25, end_col: 28,
// CHECK-NEXT: - name: second
// CHECK:      - name: pipeline.host.2
// CHECK-NEXT:   kind: host
// CHECK-NEXT:   pin: cpu
// CHECK-NEXT:   access:
// CHECK-NEXT:   - {item: Y, mode: in, type: float}
// CHECK-NEXT:   source: {line: 28, col: 3, end_line: 28, end_col: 24,
// CHECK-NEXT: edges:
// CHECK-NEXT: - {from: pipeline.in.X, to: first, data: X}
// CHECK-NEXT: - {from: first, to: pipeline.host.1, data: T}
// CHECK-NEXT: - {from: pipeline.host.1, to: second, data: T}
// CHECK-NEXT: - {from: second, to: pipeline.host.2, data: Y}
// CHECK-NOT:  pipeline.out

// SCHED: assignment: {pipeline.in.X: cpu, first: gpu, pipeline.host.1: cpu, second: gpu, pipeline.host.2: cpu}
