// Tasks in a loop run an unknown number of times: they are deferred
// (scheduled at run time) and listed apart from the static graph, where the
// loop stands as one host node with their accesses. Every task of a
// recursive function, or of a function called in a loop of this file, is
// deferred too.
// RUN: %esched extract %s -o %t.yaml
// RUN: FileCheck %s --input-file=%t.yaml
// RUN: %esched schedule %t.yaml --platform silberstein2011 --profile %S/Inputs/loops.profile.yaml | FileCheck %s --check-prefix=SCHED

void step(float *x, int n);
void step_gpu(float *x, int n);

// CHECK-LABEL: {{^}}name: iterate
// CHECK-NEXT: function: iterate
// CHECK-NEXT: shape: in-tree
// CHECK:      tasks:
// CHECK-NEXT: - {name: iterate.in.X, kind: input, pin: cpu}
// CHECK-NEXT: - name: before
// CHECK:      - name: iterate.loop.1
// CHECK-NEXT:   kind: host
// CHECK-NEXT:   pin: cpu
// CHECK-NEXT:   access:
// CHECK-NEXT:   - {item: X, mode: inout, lo: 0, len: n, type: float}
// CHECK-NEXT:   source: {line: [[@LINE+19]], col: 3, end_line: [[@LINE+22]], end_col: 4,
// CHECK-NEXT: - name: after
// CHECK:      edges:
// CHECK-NEXT: - {from: iterate.in.X, to: before, data: X}
// CHECK-NEXT: - {from: before, to: iterate.loop.1, data: X}
// CHECK-NEXT: - {from: iterate.loop.1, to: after, data: X}
// CHECK-NEXT: - {from: after, to: iterate.out, data: X}
// CHECK-NEXT: deferred:
// CHECK-NEXT: - name: body
// CHECK-NEXT:   callee: step
// CHECK-NEXT:   args: [X, n]
// CHECK-NEXT:   deferred: true
// CHECK-NEXT:   variants: {gpu: step_gpu}
// CHECK-NEXT:   access:
// CHECK-NEXT:   - {item: X, mode: inout, lo: 0, len: n, type: float}
// CHECK-NEXT:   source: {line: [[@LINE+6]], col: 5,
void iterate(float *X, int n, int iters) {
#pragma esched task name(before) inout(X[0:n]) gpu(step_gpu)
  step(X, n);
  for (int k = 0; k < iters; k++) {
#pragma esched task name(body) inout(X[0:n]) gpu(step_gpu)
    step(X, n);
  }
#pragma esched task name(after) inout(X[0:n]) gpu(step_gpu)
  step(X, n);
}

// CHECK-LABEL: {{^}}name: halve
// CHECK-NEXT: function: halve
// CHECK-NEXT: shape: empty
// CHECK:      tasks: []
// CHECK-NEXT: edges: []
// CHECK-NEXT: deferred:
// CHECK-NEXT: - name: halve.step.1
void halve(float *X, int n) {
  if (n <= 1)
    return;
#pragma esched task inout(X[0:n])
  step(X, n);
  halve(X, n / 2);
}

// CHECK-LABEL: {{^}}name: once
// CHECK:      tasks: []
// CHECK-NEXT: edges: []
// CHECK-NEXT: deferred:
// CHECK-NEXT: - name: once.step.1
void once(float *X, int n) {
#pragma esched task inout(X[0:n])
  step(X, n);
}

void caller(float *X, int n) {
  for (int i = 0; i < 4; i++)
    once(X, n);
}

// Through a function that has no loop itself: still many times.
// CHECK-LABEL: {{^}}name: leaf
// CHECK:      tasks: []
// CHECK-NEXT: edges: []
// CHECK-NEXT: deferred:
// CHECK-NEXT: - name: leaf.step.1
void leaf(float *X, int n) {
#pragma esched task inout(X[0:n])
  step(X, n);
}

static void middle(float *X, int n) { leaf(X, n); }

void outer(float *X, int n) {
  while (n-- > 0)
    middle(X, 8);
}
// CHECK-NOT: name: caller
// CHECK-NOT: name: middle

// SCHED: graph: iterate
// SCHED: assignment: {iterate.in.X: cpu, before: gpu, iterate.loop.1: cpu, after: gpu, iterate.out: cpu}
// SCHED: graph: halve
// SCHED: graph: once
// SCHED: graph: leaf
