// Without data clauses, the accesses of a call come from the callee's
// prototype: pointer to const -> in, pointer to non-const -> inout,
// by-value parameters carry nothing; &x passes x. Those of a block come
// from what its code reads and writes, scalars too (a task before it may
// have written them on a device). Either way they say `inferred`.
// RUN: %esched extract %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err

void kernel(const float *in, float *io, int n, double *sum);
void kernel_gpu(const float *in, float *io, int n, double *sum);

void f(const float *A, float *B, int n, float scale) {
  double total = 0;
  float local[4] = {0};
// CHECK-LABEL: - name: f.kernel.1
// CHECK:        access:
// CHECK-NEXT:   - {item: A, mode: in, type: float, inferred: true}
// CHECK-NEXT:   - {item: B, mode: inout, type: float, inferred: true}
// CHECK-NEXT:   - {item: total, mode: inout, type: double, bytes: 8, inferred: true}
// CHECK-NEXT:   source:
#pragma esched task gpu(kernel_gpu)
  kernel(A, B, n, &total);
// CHECK-LABEL: - name: f.block.1
// CHECK:        access:
// CHECK-NEXT:   - {item: scale, mode: in, type: float, bytes: 4, inferred: true}
// CHECK-NEXT:   - {item: n, mode: in, type: int, bytes: 4, inferred: true}
// CHECK-NEXT:   - {item: B, mode: inout, type: float, inferred: true}
// CHECK-NEXT:   - {item: A, mode: in, type: float, inferred: true}
// CHECK-NEXT:   - {item: local, mode: in, type: float, bytes: 16, inferred: true}
// CHECK-NEXT:   source: {line: [[@LINE+2]], col: 3, end_line: [[@LINE+6]], end_col: 4,
#pragma esched task
  {
    float tmp = scale * 2;
    for (int i = 0; i < n; i++)
      B[i] = A[i] * tmp + local[i % 4];
  }
// WARN: infer.c:[[@LINE+2]]:10: warning: cannot tell what argument 1 of 'kernel' points to; name its data in a data clause
#pragma esched task
  kernel(A + 1, B, n, &total);
}
// CHECK-LABEL: edges:
// CHECK-NEXT: - {from: f.in.A, to: f.kernel.1, data: A}
// CHECK-NEXT: - {from: f.in.B, to: f.kernel.1, data: B}
// CHECK-NEXT: - {from: f.in.total, to: f.kernel.1, data: total, bytes: 8}
// CHECK-NEXT: - {from: f.in.scale, to: f.block.1, data: scale, bytes: 4}
// CHECK-NEXT: - {from: f.in.n, to: f.block.1, data: n, bytes: 4}
// CHECK-NEXT: - {from: f.kernel.1, to: f.block.1, data: B}
// CHECK-NEXT: - {from: f.in.A, to: f.block.1, data: A}
// CHECK-NEXT: - {from: f.in.local, to: f.block.1, data: local, bytes: 16}
// CHECK-NEXT: - {from: f.block.1, to: f.kernel.2, data: B}
// CHECK-NEXT: - {from: f.kernel.1, to: f.kernel.2, data: total, bytes: 8}
// CHECK-NEXT: - {from: f.kernel.2, to: f.out, data: B}
