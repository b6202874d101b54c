// Stale entries: a task the program no longer has keeps its entry, flagged
// `stale: true`, never dropped; a task that comes back loses the flag. Only
// units the run learnt are judged, so two programs sharing one profile file
// (this one, unit app.c, and -DOTHER, unit other.c) never flag each other's
// tasks. -DV2 is the next version of app.c: `b` was removed, `d` added.
// RUN: %cc %esrt_cflags %s -o %t.v1 %esrt_libs
// RUN: %cc %esrt_cflags -DV2 %s -o %t.v2 %esrt_libs
// RUN: %cc %esrt_cflags -DOTHER %s -o %t.other %esrt_libs
// RUN: %cc %esrt_cflags -DV2 -DIDLE %s -o %t.idle %esrt_libs
// RUN: %cc %esrt_cflags -DV2 -DIDLE -DEAGER %s -o %t.eager %esrt_libs
// RUN: rm -f %t.prof.yaml*
// RUN: env ESCHED_PROFILE=%t.prof.yaml ESCHED_SUMMARY=none ESCHED_ENERGY=model %t.v1 | FileCheck %s --check-prefix=OUT
// RUN: env ESCHED_PROFILE=%t.prof.yaml ESCHED_SUMMARY=none ESCHED_ENERGY=model %t.other
// RUN: FileCheck %s --check-prefix=V1 --input-file=%t.prof.yaml
// RUN: env ESCHED_PROFILE=%t.prof.yaml ESCHED_SUMMARY=none ESCHED_ENERGY=model %t.v2 | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=V2 --input-file=%t.prof.yaml
// The other program runs: app.c's flags stay as they are.
// RUN: env ESCHED_PROFILE=%t.prof.yaml ESCHED_SUMMARY=none ESCHED_ENERGY=model %t.other
// RUN: FileCheck %s --check-prefix=V2 --input-file=%t.prof.yaml
// b comes back with version 1 (and d, not in version 1, goes stale).
// RUN: env ESCHED_PROFILE=%t.prof.yaml ESCHED_SUMMARY=none ESCHED_ENERGY=model %t.v1 | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=BACK --input-file=%t.prof.yaml
// A run in which no task of app.c runs does not judge it, unless the unit
// registers itself (esrt_register_unit, as a constructor would).
// RUN: env ESCHED_PROFILE=%t.prof.yaml ESCHED_SUMMARY=none ESCHED_ENERGY=model %t.idle
// RUN: FileCheck %s --check-prefix=BACK --input-file=%t.prof.yaml
// RUN: env ESCHED_PROFILE=%t.prof.yaml ESCHED_SUMMARY=none ESCHED_ENERGY=model %t.eager
// RUN: FileCheck %s --check-prefix=EAGER --input-file=%t.prof.yaml
//
// OUT: 15
// V1-LABEL: - key: a
// V1-NEXT: unit: app.c
// V1-NEXT: bytes
// V1-LABEL: - key: b
// V1-NEXT: unit: app.c
// V1-NEXT: bytes
// V1-LABEL: - key: x
// V1-NEXT: unit: other.c
// V1-NEXT: bytes
// V1-NOT: stale
// V2-LABEL: - key: a
// V2-NEXT: unit: app.c
// V2-NEXT: bytes
// V2-NEXT: runs:
// V2-NEXT: count: 2,
// V2-LABEL: - key: b
// V2-NEXT: unit: app.c
// V2-NEXT: stale: true
// V2-NEXT: bytes: {v: 8}
// V2-NEXT: runs:
// V2-NEXT: {device: cpu, level: 0, size: 8, count: 1,
// V2-LABEL: - key: x
// V2-NEXT: unit: other.c
// V2-NEXT: bytes
// V2-LABEL: - key: d
// V2-NEXT: unit: app.c
// V2-NEXT: bytes
// BACK-LABEL: - key: b
// BACK-NEXT: unit: app.c
// BACK-NEXT: bytes
// BACK-NEXT: runs:
// BACK-NEXT: count: 2,
// BACK-LABEL: - key: d
// BACK-NEXT: unit: app.c
// BACK-NEXT: stale: true
// EAGER-LABEL: - key: b
// EAGER-NEXT: unit: app.c
// EAGER-NEXT: stale: true
// EAGER-NEXT: bytes: {v: 8}
// EAGER-NEXT: runs:
// EAGER-NEXT: count: 2,
// EAGER-LABEL: - key: d
// EAGER-NEXT: unit: app.c
// EAGER-NEXT: bytes
#include <stdio.h>

#include "esched_rt.h"
ESRT_REQUIRE_ABI(6);

static void inc(void *const *p, const void *a) {
  double *v = p[0];
  *v += *(const int *)a;
}

static const EsrtVariant v_inc[] = {{"cpu", inc, 0.001, 0}};
static const char *const items[] = {"v"};
static const EsrtUnit esrt_unit;
#define TASK(k) {"main", #k, #k, v_inc, 1, 0, 0, 0, &esrt_unit, items, 1}

#if defined(OTHER)
static const EsrtTask t_x = TASK(x);
static const EsrtTask *const tasks[] = {&t_x};
static const EsrtUnit esrt_unit = {"other.c", tasks, 1};
#elif defined(V2)
static const EsrtTask t_a = TASK(a), t_c = TASK(c), t_d = TASK(d);
static const EsrtTask *const tasks[] = {&t_a, &t_c, &t_d};
static const EsrtUnit esrt_unit = {"app.c", tasks, 3};
#else
static const EsrtTask t_a = TASK(a), t_b = TASK(b), t_c = TASK(c);
static const EsrtTask *const tasks[] = {&t_a, &t_b, &t_c};
static const EsrtUnit esrt_unit = {"app.c", tasks, 3};
#endif

static double v;

static void run(const EsrtTask *t, int by) {
  EsrtAccess acc[1] = {{&v, sizeof v, ESRT_INOUT}};
  esrt_submit(t, acc, 1, &by, sizeof by);
}

int main(void) {
#ifdef EAGER
  esrt_register_unit(&esrt_unit);
#endif
#if defined(OTHER)
  run(&t_x, 15);
#elif defined(V2)
#ifndef IDLE
  run(&t_a, 1);
  run(&t_c, 4);
  run(&t_d, 10);
#endif
#else
  run(&t_a, 1);
  run(&t_b, 10);
  run(&t_c, 4);
#endif
  esrt_host(&v, sizeof v, ESRT_IN);
#if !defined(OTHER) && !defined(IDLE)
  printf("%g\n", v);
#endif
  esrt_region_end();
  return 0;
}
