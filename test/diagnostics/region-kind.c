// A task region is one call or one compound statement; a region block is a
// compound statement. A task whose call's value the statement uses gets a
// note: a task returns its results through its data.
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
float f(const float *x, int n);
void g(const float *A, float *out, int n) {
#pragma esched task in(A[0:n]) out(out[0:1])
// CHECK: region-kind.c:[[@LINE+3]]:3: error: a task region must be a function call or a compound statement { ... }
// CHECK: region-kind.c:[[@LINE+2]]:12: note: a task returns no value: let 'f' store its result through a pointer named in out(...), or put the statement in { ... } for a task of the whole block
// CHECK-NEXT: {{^}}  out[0] = f(A, n);
  out[0] = f(A, n);
#pragma esched region
// CHECK: region-kind.c:[[@LINE+1]]:3: error: '#pragma esched region' must be followed by a compound statement { ... }
  f(A, n);
#pragma esched task in(A[0:n]) out(out[0:1])
// CHECK: region-kind.c:[[@LINE+2]]:3: error: a task region must be a function call or a compound statement { ... }
// CHECK: region-kind.c:[[@LINE+1]]:13: note: a task returns no value: let 'f' store its result through a pointer named in out(...){{$}}
  float r = f(A, n);
  out[1] = r;
#pragma esched task in(A[0:n]) out(out[0:1])
// CHECK: region-kind.c:[[@LINE+1]]:3: error: a task region must be a function call or a compound statement { ... }
  out[0] = 2 * f(A, n);
}
