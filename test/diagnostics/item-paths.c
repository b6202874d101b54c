// Items through members and sections of several dimensions: what stays
// unsupported, at the item, with what to write instead.
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
typedef struct {
  int n;
  double *v;
  double w[4];
} S;
void f(double *x, int n);
void f_gpu(double *x, int n);
void g(S s, S *p, double x[], double M[][4], int n) {
// CHECK: item-paths.c:[[@LINE+1]]:24: error: 's->v': no member 'v' in 'S' (a structure: write '.')
#pragma esched task in(s->v[0:n]) gpu(f_gpu)
  f(s.v, n);
// CHECK: item-paths.c:[[@LINE+1]]:24: error: 'p.v': no member 'v' in 'S *' (a pointer: write '->')
#pragma esched task in(p.v[0:n]) gpu(f_gpu)
  f(p->v, n);
// CHECK: item-paths.c:[[@LINE+1]]:24: error: 'p->u': no member 'u' in 'S'
#pragma esched task in(p->u[0:n]) gpu(f_gpu)
  f(p->v, n);
// A parameter declared T x[] has no extent: it needs a length.
// CHECK: item-paths.c:[[@LINE+1]]:27: error: pointer 'x' needs an array section with a length, as in x[0:n]
#pragma esched task inout(x) gpu(f_gpu)
  f(x, n);
// CHECK: item-paths.c:[[@LINE+1]]:38: error: 'M' has 2 dimensions: this section has more
#pragma esched task inout(M[0:n][0:4][0:1]) gpu(f_gpu)
  f(M[0], n);
// CHECK: item-paths.c:[[@LINE+1]]:35: error: 's.w' has 1 dimension: this section has more
#pragma esched task inout(s.w[0:4][0:1]) gpu(f_gpu)
  f(s.w, n);
// CHECK: item-paths.c:[[@LINE+1]]:30: error: expected a member name after '->'
#pragma esched task inout(p->[0:1]) gpu(f_gpu)
  f(x, n);
}
