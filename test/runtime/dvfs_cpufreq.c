// A task scheduled at DVFS level 1 sets the CPU to 1 GHz before it runs.
// The sim back end accounts the level (time stretched by f0/f, its power);
// the cpufreq back end also writes the fake sysfs tree given as its root
// (the userspace governor's scaling_setspeed, in kHz), and without cpufreq
// under the root it warns once and simulates. stdout never changes.
// RUN: %cc -DPLAIN %s -o %t.plain && %t.plain > %t.expected
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: env ESCHED_PLATFORM=%S/Inputs/dvfs_platform.yaml %t 2> %t.sim | diff %t.expected -
// RUN: FileCheck %s --check-prefix=SIM --input-file=%t.sim
// RUN: rm -rf %t.sys && mkdir -p %t.sys/sys/devices/system/cpu/cpu0/cpufreq
// RUN: echo userspace > %t.sys/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor
// RUN: echo 2000000 > %t.sys/sys/devices/system/cpu/cpu0/cpufreq/scaling_setspeed
// RUN: env ESCHED_PLATFORM=%S/Inputs/dvfs_platform.yaml ESCHED_DVFS=cpufreq ESCHED_CPUFREQ_ROOT=%t.sys %t 2> %t.real | diff %t.expected -
// RUN: FileCheck %s --check-prefix=REAL --input-file=%t.real
// RUN: FileCheck %s --check-prefix=FILE --input-file=%t.sys/sys/devices/system/cpu/cpu0/cpufreq/scaling_setspeed
// RUN: rm -rf %t.none && mkdir -p %t.none
// RUN: env ESCHED_PLATFORM=%S/Inputs/dvfs_platform.yaml ESCHED_DVFS=cpufreq ESCHED_CPUFREQ_ROOT=%t.none %t 2> %t.fb | diff %t.expected -
// RUN: FileCheck %s --check-prefix=FALLBACK --input-file=%t.fb
// SIM: summary: platform dvfs-test, executor serial, gpu sim, dvfs sim
// SIM-NEXT: device cpu: 1 tasks, busy 0.004 s, energy 0.12 J, levels 1:1
// REAL: summary: platform dvfs-test, executor serial, gpu sim, dvfs cpufreq
// REAL-NEXT: device cpu: 1 tasks, busy 0.004 s, energy 0.12 J, levels 1:1
// FILE: {{^1000000$}}
// FALLBACK: esched: warning: ESCHED_DVFS=cpufreq: no cpufreq interface under {{.*}}; levels are simulated
// FALLBACK: summary: platform dvfs-test, executor serial, gpu sim, dvfs sim
// FALLBACK-NEXT: device cpu: 1 tasks, busy 0.004 s, energy 0.12 J, levels 1:1
#include <stdio.h>

static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

#ifndef PLAIN
#include "esched_rt.h"
static const EsrtVariant v_fib[] = {{"cpu", NULL, 0.002, 0}};
static const EsrtTask t_fib = {"main", "fib", "fib", v_fib, 1, 0, 1, 0};
#endif

int main(void) {
  static long out;
#ifdef PLAIN
  out = fib(20);
#else
  EsrtRun r;
  void *p[1];
  EsrtAccess acc[1] = {{&out, sizeof out, ESRT_OUT}};
  esrt_task_begin(&r, &t_fib, acc, 1, p);
  out = fib(20);
  esrt_task_end(&r);
  esrt_host(&out, sizeof out, ESRT_IN);
#endif
  printf("fib(20)=%ld\n", out);
  return 0;
}
