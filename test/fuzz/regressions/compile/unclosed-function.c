void scale(double *x, int n);
void f(double *x, int n) {
#pragma esched task name(a) inout(x[0:n])
  scale(x, n);
