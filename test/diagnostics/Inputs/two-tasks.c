void scale(double *a, int n);
void scale_gpu(double *a, int n);
void shift(double *a, int n);

void pair(double *a, int n) {
#pragma esched task name(first) inout(a[0:n]) gpu(scale_gpu)
  scale(a, n);
#pragma esched task name(second) inout(a[0:n])
  shift(a, n);
}
