// ESCHED_PROFILE_OUT sends the run's samples to another file than
// ESCHED_PROFILE (which is then only read, and left untouched), or nowhere
// (none). Without ESCHED_PROFILE it makes a profiling run by itself.
// RUN: rm -f %t.prof.yaml* %t.other.yaml*
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: env ESCHED_PROFILE_OUT=%t.prof.yaml ESCHED_SUMMARY=none %t
// RUN: FileCheck %s --check-prefix=ONE --input-file=%t.prof.yaml
// RUN: env ESCHED_PROFILE_OUT=%t.prof.yaml ESCHED_SUMMARY=none %t
// RUN: FileCheck %s --check-prefix=TWO --input-file=%t.prof.yaml
// Read one profile, write another: the first stays as it was.
// RUN: cp %t.prof.yaml %t.copy
// RUN: env ESCHED_PROFILE=%t.prof.yaml ESCHED_PROFILE_OUT=%t.other.yaml %t 2>&1 | FileCheck %s --check-prefix=USE
// RUN: cmp %t.prof.yaml %t.copy
// RUN: FileCheck %s --check-prefix=ONE --input-file=%t.other.yaml
// none: a read-only run, no profile line, nothing written.
// RUN: env ESCHED_PROFILE=%t.prof.yaml ESCHED_PROFILE_OUT=none %t 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: cmp %t.prof.yaml %t.copy
// ONE: key: work
// ONE: device: cpu
// ONE: count: 3
// TWO: key: work
// TWO: count: 6
// USE: device cpu: 3 tasks
// USE: profile: 3 samples
// NONE: device cpu: 3 tasks
// NONE-NOT: profile:
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
