// Tasks that must never run twice: by the noreplay clause, or because their
// code (the callee and its variants, through functions of this file) calls
// a C library function with effects beyond memory. Such effects also keep
// their place in the program's order (test/pass/effects-in-order.test).
// RUN: %esched extract %s -o - | FileCheck %s
//
// An all-devices profiling run prints exactly what the plain program prints:
// tasks in a loop are submitted, and submitted tasks run their other
// variants too, unless they are noreplay.
// RUN: %cc -std=c11 -Wno-unknown-pragmas %s -o %t.plain && %t.plain > %t.expected
// RUN: %esched_cc %esrt_cflags -Wall -Wextra -Werror %s -o %t.prog 2>/dev/null
// RUN: rm -f %t.profile.yaml
// RUN: env ESCHED_PROFILE=%t.profile.yaml ESCHED_PROFILE_MODE=all-devices %t.prog 2>%t.err | diff %t.expected -
// The kernel without effects ran on both devices; the others on one.
// RUN: FileCheck %s --check-prefix=PROFILE --input-file=%t.profile.yaml
// PROFILE:      - key: main.report.1
// PROFILE:        runs:
// PROFILE-NEXT:   - {device:
// PROFILE-NEXT: - key: main.scale.1
// PROFILE:        runs:
// PROFILE-NEXT:   - {device: {{cpu|gpu}},
// PROFILE-NEXT:   - {device: {{cpu|gpu}},
// PROFILE-NEXT: - key: main.scale.2
// PROFILE:        runs:
// PROFILE-NEXT:   - {device:
// PROFILE-NEXT: - key: main.bounce.1
// PROFILE:        runs:
// PROFILE-NEXT:   - {device:
// PROFILE-NEXT: - key: main.seed.1
// PROFILE:        runs:
// PROFILE-NEXT:   - {device:
// PROFILE-NEXT: - key: main.report.2
#include <stdio.h>
#include <stdlib.h>

static void show(const float *x, int n) {
  for (int i = 0; i < n; i++)
    printf("%g\n", x[i]);
}
void report(const float *x, int n) { show(x, n); }
void report_gpu(const float *x, int n) { show(x, n); }

void scale(float *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] *= 2;
}
void scale_gpu(float *x, int n) { scale(x, n); }

// Recursion through two functions: the search ends, and still finds puts.
static int ping(int k);
static int pong(int k) { return k > 0 ? ping(k - 1) : 0; }
static int ping(int k) {
  if (k == 0)
    puts("ping");
  return k > 0 ? pong(k - 1) : 0;
}
void bounce(float *x, int n) { x[0] += (float)ping(n); }
void bounce_gpu(float *x, int n) { x[0] += (float)pong(n + 1); }

void seed(float *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] = (float)(rand() % 10);
}
void seed_gpu(float *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] = (float)(rand() % 10);
}

// A second annotated function: the verdicts found for the first hold here.
// CHECK-LABEL: name: twice
// CHECK-LABEL: - name: twice.report.1
// CHECK:         noreplay: printf in show
// CHECK-LABEL: - name: twice.bounce.1
// CHECK:         noreplay: puts in ping
void twice(float *x) {
#pragma esched task in(x[0:4]) gpu(report_gpu)
  report(x, 4);
#pragma esched task inout(x[0:4]) gpu(bounce_gpu)
  bounce(x, 4);
}

int main(void) {
  float x[4] = {1, 2, 3, 4};
  for (int r = 0; r < 2; r++) {
// CHECK-LABEL: - name: main.report.1
// CHECK:         noreplay: printf in show
#pragma esched task in(x[0:4]) gpu(report_gpu)
    report(x, 4);
// CHECK-LABEL: - name: main.scale.1
// CHECK-NOT:     noreplay
// CHECK:         source:
#pragma esched task inout(x[0:4]) gpu(scale_gpu)
    scale(x, 4);
// CHECK-LABEL: - name: main.scale.2
// CHECK:         noreplay: clause
#pragma esched task inout(x[0:4]) gpu(scale_gpu) noreplay
    scale(x, 4);
// CHECK-LABEL: - name: main.bounce.1
// CHECK:         noreplay: puts in ping
#pragma esched task inout(x[0:4]) gpu(bounce_gpu)
    bounce(x, 4);
// CHECK-LABEL: - name: main.seed.1
// CHECK:         noreplay: rand in seed
#pragma esched task out(x[0:4]) gpu(seed_gpu)
    seed(x, 4);
// A task with the region as its only implementation never runs twice, but
// its output must keep its place among the host's: it is searched too.
// CHECK-LABEL: - name: main.report.2
// CHECK:         noreplay: printf in show
#pragma esched task in(x[0:4])
    report(x, 4);
  }
  twice(x);
  return 0;
}
