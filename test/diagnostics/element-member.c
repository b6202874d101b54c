// A member of an array element (v[i].x) is not a data item: the error says
// so, with the way out, and nothing else is said of the dropped item (it
// used to be reported again as a pointer without a section).
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
typedef struct { int n; double *x; } vec;
void f(const double *x, int n, double *out);
void g(vec *v, int k, double *res) {
  for (int i = 0; i < k; i++) {
// CHECK: element-member.c:[[@LINE+1]]:27: error: a data item is a variable or a member reached from one, not a member of an element of 'v': point a local variable at it (T *x = v[...]...;) and name that
#pragma esched task in(v[i].x[0:v[i].n]) out(res[i:1])
    f(v[i].x, v[i].n, res + i);
// CHECK: element-member.c:[[@LINE+1]]:27: error: a data item is a variable or a member reached from one, not a member of an element of 'v'
#pragma esched task in(v[i] -> x[0:1]) out(res[i:1])
    f(v[i].x, 1, res + i);
// The way out.
    double *xi = v[i].x;
    int ni = v[i].n;
#pragma esched task in(xi[0:ni]) out(res[i:1])
    f(xi, ni, res + i);
  }
}
// CHECK: 2 errors
