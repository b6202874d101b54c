/* Two tasks without profile entries, one pinned to the GPU by its clause. */
void k(double *x, int n);
void k_gpu(double *x, int n);
void f(double *x, int n) {
#pragma esched task name(a) inout(x[0:n]) gpu(k_gpu) pin(gpu)
  k(x, n);
#pragma esched task name(b) inout(x[0:n]) gpu(k_gpu)
  k(x, n);
}
