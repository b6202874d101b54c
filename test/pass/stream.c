// A `#pragma esched stream` region becomes a streaming task collection
// (docs/crown.md): cores and deadline from the stream, per task its work
// (a time is work at the fastest level: 0.5 ms * 2.6 GHz), its maximum
// width (a C constant expression) and its efficiency model; the cores'
// levels are the platform's CPU's. Default names are FUNCTION.CALLEE.K.
// RUN: %esched extract %s --platform opteron | FileCheck %s --match-full-lines
// The collection schedules as any other:
// RUN: %esched extract %s --platform opteron -o %t.yaml
// RUN: %esched schedule %t.yaml --algo crown-fast -o %t.sched.yaml 2>/dev/null
// RUN: FileCheck %s --check-prefix=SCHED --input-file=%t.sched.yaml
// The macro form is the same annotation:
// RUN: %esched extract %S/Inputs/stream-macro.c -- -I%annotations_include | FileCheck %s --check-prefix=MACRO
#define NB 4
#define N 64
void fir(const float *x, float *y, int n, int member, int members);
void dft(const float *x, float *re, int n, int member, int members);
void stats(const float *x, float *out, int n);

void run(const float *x, float *y, float *re, float *st) {
  for (int r = 0; r < 8; r++) {
#pragma esched stream name(bank) cores(NB) deadline(2ms)
    {
#pragma esched task name(fir) width(4) work(0.5ms) efficiency(comm:0.01ms)
      fir(x, y, N, 0, 1);
#pragma esched task name(dft) width(NB / 2) work(4e6) efficiency(2:0.9, 4:0.8)
      dft(x, re, N, 0, 1);
#pragma esched task width(1) work(0.2ms)
      stats(x, st, N);
    }
  }
}
// CHECK:      collection: bank
// CHECK-NEXT: cores: 4
// CHECK-NEXT: deadline: 0.002
// CHECK-NEXT: levels:
// CHECK-NEXT: - {freq: 2600000000, power: 95}
// CHECK-NEXT: - {freq: 2400000000, power: 90}
// CHECK-NEXT: - {freq: 2200000000, power: 76}
// CHECK-NEXT: - {freq: 2000000000, power: 65}
// CHECK-NEXT: - {freq: 1800000000, power: 55}
// CHECK-NEXT: - {freq: 1000000000, power: 32}
// CHECK-NEXT: tasks:
// CHECK-NEXT: - {name: fir, work: 1300000, max_width: 4, comm: 26000.000000000004}
// CHECK-NEXT: - {name: dft, work: 4000000, max_width: 2, efficiency: {2: 0.9, 4: 0.8}}
// CHECK-NEXT: - {name: run.stats.1, work: 520000, max_width: 1}
// SCHED: crown_schedule: bank
// SCHED: algorithm: crown-fast
// SCHED: order:
// MACRO:      collection: macro.stream.1
// MACRO-NEXT: cores: 4
// MACRO-NEXT: deadline: 0.0015
// MACRO:      - {name: macro.scale.1, work: 2330000, max_width: 2}
// MACRO-NEXT: - {name: macro.scale.2, work: 1165000, max_width: 1}
