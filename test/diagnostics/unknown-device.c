// pin() names a device the annotations do not know (--device adds some);
// a task pinned to a device needs a variant there.
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: not %esched extract %s --device tpu 2>&1 | FileCheck %s --check-prefix=KNOWN --implicit-check-not='{{warning|error}}:'
void f(float *x, int n);
void g(float *A, int n) {
// CHECK: unknown-device.c:[[@LINE+2]]:39: error: unknown device 'tpu'
// KNOWN: unknown-device.c:[[@LINE+1]]:39: error: the task is pinned to 'tpu' but has no tpu variant
#pragma esched task inout(A[0:n]) pin(tpu)
  f(A, n);
}
