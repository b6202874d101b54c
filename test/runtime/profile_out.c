// ESCHED_PROFILE_OUT: tasks without a model time are measured, and the
// samples are merged into the profile file, run after run, which the next
// build (or ESCHED_PROFILE) schedules from.
// RUN: rm -f %t.prof.yaml
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: env ESCHED_PROFILE_OUT=%t.prof.yaml ESCHED_SUMMARY=none %t
// RUN: FileCheck %s --check-prefix=ONE --input-file=%t.prof.yaml
// RUN: env ESCHED_PROFILE_OUT=%t.prof.yaml ESCHED_SUMMARY=none %t
// RUN: FileCheck %s --check-prefix=TWO --input-file=%t.prof.yaml
// The profile feeds the next run: its times are the model's there.
// RUN: env ESCHED_PROFILE=%t.prof.yaml %t 2>&1 | FileCheck %s --check-prefix=USE
// ONE: key: work
// ONE: device: cpu
// ONE: count: 3
// TWO: key: work
// TWO: count: 6
// USE: device cpu: 3 tasks
#include <stdio.h>

#include "esched_rt.h"

static volatile double sink;

static void work(void *const *p, const void *a) {
  (void)a;
  double *v = p[0];
  for (int i = 0; i < 1000; i++)
    v[i % 8] += i;
  sink = v[0];
}

static const EsrtVariant v_work[] = {{"cpu", work, 0, 0}};
static const EsrtTask t_work = {"main", "work", "work", v_work, 1, 0, 0, 0};

int main(void) {
  static double v[8];
  for (int i = 0; i < 3; i++) {
    EsrtAccess acc[1] = {{v, sizeof v, ESRT_INOUT}};
    esrt_submit(&t_work, acc, 1, NULL, 0);
  }
  esrt_host(v, sizeof v, ESRT_IN);
  printf("%g\n", v[0]);
  return 0;
}
