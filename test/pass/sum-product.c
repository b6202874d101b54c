// Sum-product style inference on a chain of factors f1(x1,x2) f2(x2,x3)
// f3(x3,x4) f4(x4,x5): the messages are factor products (m = f1 f2,
// m = m f3, m = m f4) marginalized to x5 at the end. Each message feeds
// the next product only: an in-tree. The messages are malloc'ed and freed,
// so they need no copy back to the host.
// RUN: %esched extract %s -o %t.yaml
// RUN: FileCheck %s --input-file=%t.yaml
// RUN: %esched schedule %t.yaml --platform silberstein2011 --profile %S/Inputs/sum-product.profile.yaml | FileCheck %s --check-prefix=SCHED

// CHECK-LABEL: {{^}}name: chain_marginal
// CHECK-NEXT: function: chain_marginal
// CHECK-NEXT: shape: in-tree
// CHECK: - name: m12
// CHECK-NEXT:   callee: factor_product
// CHECK-NEXT:   args: [f1, K * K, f2, K * K, m12, K]
// CHECK-NEXT:   variants: {gpu: factor_product_gpu}
// CHECK-NEXT:   access:
// CHECK-NEXT:   - {item: f1, mode: in, lo: 0, len: K * K, type: double, bytes: 524288}
// CHECK-NEXT:   - {item: f2, mode: in, lo: 0, len: K * K, type: double, bytes: 524288}
// CHECK-NEXT:   - {item: m12, mode: out, lo: 0, len: K * K * K, type: double, bytes: 134217728}
// CHECK: edges:
// CHECK-NEXT: - {from: chain_marginal.in.f1, to: m12, data: f1, bytes: 524288}
// CHECK-NEXT: - {from: chain_marginal.in.f2, to: m12, data: f2, bytes: 524288}
// CHECK-NEXT: - {from: m12, to: sum12, data: m12, bytes: 134217728}
// CHECK-NEXT: - {from: sum12, to: m123, data: s12, bytes: 524288}
// CHECK-NEXT: - {from: chain_marginal.in.f3, to: m123, data: f3, bytes: 524288}
// CHECK-NEXT: - {from: m123, to: sum123, data: m123, bytes: 134217728}
// CHECK-NEXT: - {from: sum123, to: m1234, data: s123, bytes: 524288}
// CHECK-NEXT: - {from: chain_marginal.in.f4, to: m1234, data: f4, bytes: 524288}
// CHECK-NEXT: - {from: m1234, to: marginal, data: m1234, bytes: 134217728}
// CHECK-NEXT: - {from: marginal, to: chain_marginal.out, data: p, bytes: 2048}
// CHECK-NOT: - {from

// Each summation alone is cheaper on the CPU (greedy puts them there), but
// moving a 128 MiB product to it costs more: tree-dp keeps the chain on the
// GPU, as in Silberstein 2011's Figure 3.
// SCHED: algorithm: tree-dp
// SCHED: total_energy: 16.4938
// SCHED: assignment: {{{.*}}m12: gpu, sum12: gpu, m123: gpu, sum123: gpu, m1234: gpu, marginal: gpu, chain_marginal.out: cpu}
// SCHED: baselines: {cpu-only: 218.7{{[0-9]*}}, gpu-only: 16.4938{{[0-9]*}}, greedy: 70.3118{{[0-9]*}}}

#include <stdlib.h>

#define K 256 /* states per variable */

/* out(a, b, c) = f(a, b) g(b, c) for K states each */
void factor_product(const double *f, int nf, const double *g, int ng, double *out, int k);
void factor_product_gpu(const double *f, int nf, const double *g, int ng, double *out, int k);
/* out(a, c) = sum_b m(a, b, c) */
void sum_out(const double *m, double *out, int k);
void sum_out_gpu(const double *m, double *out, int k);

void chain_marginal(const double *f1, const double *f2, const double *f3, const double *f4,
                    double *p) {
  double *m12 = malloc(sizeof(double) * K * K * K), *s12 = malloc(sizeof(double) * K * K);
  double *m123 = malloc(sizeof(double) * K * K * K), *s123 = malloc(sizeof(double) * K * K);
  double *m1234 = malloc(sizeof(double) * K * K * K);
#pragma esched task name(m12) in(f1[0:K * K], f2[0:K * K]) out(m12[0:K * K * K]) gpu(factor_product_gpu)
  factor_product(f1, K * K, f2, K * K, m12, K);
#pragma esched task name(sum12) in(m12[0:K * K * K]) out(s12[0:K * K]) gpu(sum_out_gpu)
  sum_out(m12, s12, K);
#pragma esched task name(m123) in(s12[0:K * K], f3[0:K * K]) out(m123[0:K * K * K]) gpu(factor_product_gpu)
  factor_product(s12, K * K, f3, K * K, m123, K);
#pragma esched task name(sum123) in(m123[0:K * K * K]) out(s123[0:K * K]) gpu(sum_out_gpu)
  sum_out(m123, s123, K);
#pragma esched task name(m1234) in(s123[0:K * K], f4[0:K * K]) out(m1234[0:K * K * K]) gpu(factor_product_gpu)
  factor_product(s123, K * K, f4, K * K, m1234, K);
#pragma esched task name(marginal) in(m1234[0:K * K * K]) out(p[0:K]) gpu(sum_out_gpu)
  sum_out(m1234, p, K);
  free(m12), free(s12), free(m123), free(s123), free(m1234);
}
