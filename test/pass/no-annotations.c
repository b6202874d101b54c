// A file without annotations (those in comments and strings do not count)
// gives an empty graph file and a warning.
// RUN: %esched extract %s -o %t.yaml 2>&1 | FileCheck %s
// RUN: count 0 < %t.yaml
// CHECK: no-annotations.c: warning: no esched annotations

/* #pragma esched task in(A[0:n]) */
void f(float *A, int n) {
  const char *s = "ESCHED_TASK(in(A))";
  (void)s;
  for (int i = 0; i < n; i++)
    A[i] = 0;
}
