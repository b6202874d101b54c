// A stream round under the cpufreq back end: each core thread writes its
// own CPU's scaling_setspeed (core m -> the m-th CPU of the sysfs tree)
// before each task, so after the run every CPU holds the frequency of the
// last task its core ran. A task skipped in the last round leaves its
// cores at the frequency of the task before. stdout is the plain
// program's; the sim back end (the default) writes nothing.
// RUN: %cc -DPLAIN %s -o %t.plain && %t.plain > %t.expected
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: rm -rf %t.sys && mkdir -p %t.sys/sys/devices/system/cpu/cpu0/cpufreq %t.sys/sys/devices/system/cpu/cpu1/cpufreq %t.sys/sys/devices/system/cpu/cpu2/cpufreq %t.sys/sys/devices/system/cpu/cpu3/cpufreq
// RUN: echo userspace > %t.sys/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor
// RUN: echo 0 > %t.sys/sys/devices/system/cpu/cpu0/cpufreq/scaling_setspeed
// RUN: echo userspace > %t.sys/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor
// RUN: echo 0 > %t.sys/sys/devices/system/cpu/cpu1/cpufreq/scaling_setspeed
// RUN: echo userspace > %t.sys/sys/devices/system/cpu/cpu2/cpufreq/scaling_governor
// RUN: echo 0 > %t.sys/sys/devices/system/cpu/cpu2/cpufreq/scaling_setspeed
// RUN: echo userspace > %t.sys/sys/devices/system/cpu/cpu3/cpufreq/scaling_governor
// RUN: echo 0 > %t.sys/sys/devices/system/cpu/cpu3/cpufreq/scaling_setspeed
// RUN: %t 2> %t.sim | diff %t.expected -
// RUN: cat %t.sys/sys/devices/system/cpu/cpu0/cpufreq/scaling_setspeed | FileCheck %s --check-prefix=UNTOUCHED
// RUN: env ESCHED_DVFS=cpufreq ESCHED_CPUFREQ_ROOT=%t.sys %t 2> %t.real | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.real
// RUN: cat %t.sys/sys/devices/system/cpu/cpu0/cpufreq/scaling_setspeed %t.sys/sys/devices/system/cpu/cpu1/cpufreq/scaling_setspeed %t.sys/sys/devices/system/cpu/cpu2/cpufreq/scaling_setspeed %t.sys/sys/devices/system/cpu/cpu3/cpufreq/scaling_setspeed | FileCheck %s --check-prefix=FILES
// RUN: env ESCHED_DVFS=cpufreq ESCHED_CPUFREQ_ROOT=%t.sys ESCHED_STREAM_SKIP=b@2 %t > %t.skip.out 2> %t.skip.err
// RUN: cat %t.sys/sys/devices/system/cpu/cpu0/cpufreq/scaling_setspeed %t.sys/sys/devices/system/cpu/cpu2/cpufreq/scaling_setspeed | FileCheck %s --check-prefix=SKIP
// UNTOUCHED: {{^0$}}
// CHECK: esched: summary: platform silberstein2011, executor serial, gpu sim, dvfs cpufreq
// CHECK: esched:   stream s: 2 rounds on 4 cores (hand), deadline 0.004 s: 0 missed, longest round 0.004 s
// CHECK-NEXT: esched:     core 0: 4 tasks, busy 0.006 s, energy 0.36 J, levels 0:2 1:2
// CHECK-NEXT: esched:     core 1: 4 tasks, busy 0.006 s, energy 0.36 J, levels 0:2 1:2
// CHECK-NEXT: esched:     core 2: 4 tasks, busy 0.008 s, energy 0.34 J, levels 0:2 2:2
// CHECK-NEXT: esched:     core 3: 2 tasks, busy 0.002 s, energy 0.16 J, levels 0:2
// CHECK-NEXT: esched:     task a: group 1, team 4 (cores 0-3), level 0 (2GHz); ran 2, levels 0:2; skipped 0, late 0
// CHECK-NEXT: esched:     task b: group 2, team 2 (cores 0-1), level 1 (1.5GHz); ran 2, levels 1:2; skipped 0, late 0
// CHECK-NEXT: esched:     task c: group 6, team 1 (core 2), level 2 (1GHz); ran 2, levels 2:2; skipped 0, late 0
// FILES: {{^1500000$}}
// FILES-NEXT: {{^1500000$}}
// FILES-NEXT: {{^1000000$}}
// FILES-NEXT: {{^2000000$}}
// SKIP: {{^2000000$}}
// SKIP-NEXT: {{^1000000$}}
#include <stdio.h>

#include "Inputs/stream3.h"

int main(void) {
  for (int r = 0; r < 2; r++)
    round3();
  show3();
  return 0;
}
