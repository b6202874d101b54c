// Stream regions run their crown rounds on the native runtime's core
// threads; the starpu target says so.
// RUN: not %esched compile --target starpu %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// CHECK: starpu-stream.c: error: stream regions (#pragma esched stream) run on the native runtime's core threads; the starpu target does not support them
void fir(const float *in, float *out, int n, int member, int members);
void round_(const float *in, float *out, int n) {
#pragma esched stream name(bank) cores(2)
  {
#pragma esched task name(fir) width(2) work(1ms)
    fir(in, out, n, 0, 1);
  }
}
