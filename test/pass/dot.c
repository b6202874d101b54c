// --dot writes the graphs as Graphviz DOT beside the YAML: a cluster per
// graph, data edges labelled with their item (and size), order edges dashed
// (reuse overwrites T after consume read it, and after produce wrote it).
// RUN: %esched extract %s -o %t.yaml --dot %t.dot
// RUN: FileCheck %s --input-file=%t.dot

// CHECK: digraph esched {
// CHECK:   subgraph "cluster_0" {
// CHECK-NEXT:     label="f";
// CHECK-NEXT:     "g0:f.in.X" [label="f.in.X", shape=invhouse, style=filled, fillcolor=lightgrey];
// CHECK-NEXT:     "g0:produce" [label="produce", shape=box, style=filled, fillcolor=lightblue];
// CHECK-NEXT:     "g0:consume" [label="consume", shape=box, style=filled, fillcolor=lightblue];
// CHECK-NEXT:     "g0:reuse" [label="reuse", shape=box, style=filled, fillcolor=lightblue];
// CHECK-NEXT:     "g0:f.out" [label="f.out", shape=box, style="rounded,dashed"];
// CHECK-NEXT:   }
// CHECK-NEXT:   "g0:f.in.X" -> "g0:produce" [label="X (64 B)"];
// CHECK-NEXT:   "g0:produce" -> "g0:consume" [label="T (64 B)"];
// CHECK-NEXT:   "g0:f.in.X" -> "g0:reuse" [label="X (64 B)"];
// CHECK-NEXT:   "g0:consume" -> "g0:reuse" [style=dashed];
// CHECK-NEXT:   "g0:produce" -> "g0:reuse" [style=dashed];
// CHECK-NEXT:   "g0:reuse" -> "g0:f.out" [label="T (64 B)"];
// CHECK-NEXT:   "g0:consume" -> "g0:f.out" [label="Y (64 B)"];
// CHECK-NEXT: }

void copy(const float *a, float *b, int n);

void f(const float *X, float *T, float *Y) {
#pragma esched task name(produce) in(X[0:16]) out(T[0:16])
  copy(X, T, 16);
#pragma esched task name(consume) in(T[0:16]) out(Y[0:16])
  copy(T, Y, 16);
#pragma esched task name(reuse) in(X[0:16]) out(T[0:16])
  copy(X, T, 16);
}
