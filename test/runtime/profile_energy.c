// Measured energy: RAPL through a powercap tree (ESCHED_POWERCAP_ROOT),
// here a fake one whose counters the CPU variant itself advances (the test
// hook): 2.5 J on package-0, 0.5 J on dram per run, so each CPU sample is
// 3 J, including the run whose package counter wraps at
// max_energy_range_uj; core and psys zones are not counted (the package
// holds its cores). GPU samples (sim) keep the model's energy. Without a
// usable tree: one warning, modelled figures.
// RUN: %cc -DPLAIN %s -o %t.plain && %t.plain > %t.expected
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: rm -rf %t.pc %t.prof.yaml* && mkdir -p %t.pc/intel-rapl:0 %t.pc/intel-rapl:0:0 %t.pc/intel-rapl:0:1 %t.pc/intel-rapl:1
// RUN: echo package-0 > %t.pc/intel-rapl:0/name
// RUN: echo 262143328850 > %t.pc/intel-rapl:0/max_energy_range_uj
// RUN: echo 262139328850 > %t.pc/intel-rapl:0/energy_uj
// RUN: echo core > %t.pc/intel-rapl:0:0/name
// RUN: echo 262143328850 > %t.pc/intel-rapl:0:0/max_energy_range_uj
// RUN: echo 100 > %t.pc/intel-rapl:0:0/energy_uj
// RUN: echo dram > %t.pc/intel-rapl:0:1/name
// RUN: echo 65532610987 > %t.pc/intel-rapl:0:1/max_energy_range_uj
// RUN: echo 1000 > %t.pc/intel-rapl:0:1/energy_uj
// RUN: echo psys > %t.pc/intel-rapl:1/name
// RUN: echo 262143328850 > %t.pc/intel-rapl:1/max_energy_range_uj
// RUN: echo 5 > %t.pc/intel-rapl:1/energy_uj
// RUN: env ESCHED_PROFILE=%t.prof.yaml ESCHED_POWERCAP_ROOT=%t.pc ESCHED_TEST_POWERCAP=%t.pc %t 2> %t.err | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.prof.yaml
// RUN: FileCheck %s --check-prefix=SUM --input-file=%t.err --implicit-check-not=warning:
// The package counter wrapped: it restarted from 0.
// RUN: FileCheck %s --check-prefix=WRAP --input-file=%t.pc/intel-rapl:0/energy_uj
// All devices: the CPU's extra runs are metered too.
// RUN: rm -f %t.all.yaml*
// RUN: env ESCHED_PROFILE=%t.all.yaml ESCHED_PROFILE_MODE=all-devices ESCHED_POWERCAP_ROOT=%t.pc ESCHED_TEST_POWERCAP=%t.pc %t 2>/dev/null | diff %t.expected -
// RUN: FileCheck %s --check-prefix=ALL --input-file=%t.all.yaml
// No powercap tree: one warning, modelled energy.
// RUN: rm -f %t.none.yaml*
// RUN: env ESCHED_PROFILE=%t.none.yaml ESCHED_POWERCAP_ROOT=%t.missing %t 2> %t.none.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=NONE --input-file=%t.none.err
// RUN: FileCheck %s --check-prefix=MODEL --input-file=%t.none.yaml
// A counter that cannot be read (as without permission): the same.
// RUN: rm -rf %t.bad %t.bad.yaml* && mkdir -p %t.bad/intel-rapl:0/energy_uj
// RUN: echo package-0 > %t.bad/intel-rapl:0/name
// RUN: echo 1000 > %t.bad/intel-rapl:0/max_energy_range_uj
// RUN: env ESCHED_PROFILE=%t.bad.yaml ESCHED_POWERCAP_ROOT=%t.bad %t 2> %t.bad.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=BAD --input-file=%t.bad.err
// ESCHED_ENERGY=model does not look.
// RUN: rm -f %t.model.yaml*
// RUN: env ESCHED_PROFILE=%t.model.yaml ESCHED_ENERGY=model ESCHED_POWERCAP_ROOT=%t.missing %t 2>&1 >/dev/null | FileCheck %s --check-prefix=QUIET --implicit-check-not=warning:
//
// CHECK-LABEL: key: work
// CHECK: {device: cpu, level: 0, size: 64, count: 3, {{.*}}source: measured, energy: {count: 3, mean: 3, var: 0, min: 3, max: 3}, energy_source: rapl}
// CHECK-LABEL: key: gpu_work
// CHECK: {device: gpu, level: 0, size: 64, count: 1, {{.*}}source: simulated, energy: {{.*}}energy_source: model}
// SUM: profile: 4 samples (0 extra runs on other devices); energy: rapl 3, nvml 0, model 1
// WRAP: {{^}}3500000{{$}}
// ALL-LABEL: key: work
// ALL: {device: cpu, level: 0, size: 64, count: 3, {{.*}}energy: {count: 3, mean: 3, var: 0, min: 3, max: 3}, energy_source: rapl}
// ALL-LABEL: key: gpu_work
// ALL-DAG: {device: gpu, level: 0, size: 64, count: 1, {{.*}}energy_source: model}
// ALL-DAG: {device: cpu, level: 0, size: 64, count: 1, {{.*}}energy: {count: 1, mean: 3, var: 0, min: 3, max: 3}, energy_source: rapl}
// NONE: warning: ESCHED_ENERGY: no RAPL package or dram zone under {{.*}}missing; CPU energy figures are modelled (ESCHED_ENERGY=model models them without this warning)
// NONE-NOT: warning
// NONE: energy: rapl 0, nvml 0, model 4
// MODEL: energy_source: model
// MODEL-NOT: rapl
// BAD: warning: ESCHED_ENERGY: cannot read {{.*}}intel-rapl:0/energy_uj: Is a directory; CPU energy figures are modelled (ESCHED_ENERGY=model models them without this warning)
// QUIET: energy: rapl 0, nvml 0, model 4
#include <stdio.h>

static double v[8];

static void work(double *x) {
  for (int i = 0; i < 8; i++)
    x[i] = x[i] * 0.5 + i;
}

#ifndef PLAIN
#include <stdlib.h>

#include "esched_rt.h"

/* The test hook: adds uj to a fake zone's counter, wrapping at its range. */
static void advance(const char *zone, double uj) {
  const char *root = getenv("ESCHED_TEST_POWERCAP");
  char path[1024];
  double now = 0, range = 0;
  FILE *f;
  if (!root)
    return;
  snprintf(path, sizeof path, "%s/%s/max_energy_range_uj", root, zone);
  if ((f = fopen(path, "r")))
    range = fscanf(f, "%lf", &range) == 1 ? range : 0, fclose(f);
  snprintf(path, sizeof path, "%s/%s/energy_uj", root, zone);
  if ((f = fopen(path, "r")))
    now = fscanf(f, "%lf", &now) == 1 ? now : 0, fclose(f);
  now += uj;
  if (range > 0 && now > range)
    now -= range;
  if ((f = fopen(path, "w")))
    fprintf(f, "%.0f\n", now), fclose(f);
}

static void work_cpu(void *const *p, const void *a) {
  (void)a;
  work(p[0]);
  advance("intel-rapl:0", 2.5e6);
  advance("intel-rapl:0:1", 0.5e6);
  advance("intel-rapl:0:0", 7e6); /* part of the package: not counted again */
  advance("intel-rapl:1", 11e6);  /* psys: not counted */
}
static void work_gpu(void *const *p, const void *a) {
  (void)a;
  work(p[0]);
}

static const EsrtVariant v_work[] = {{"cpu", work_cpu, 0.001, 0}, {"gpu", work_gpu, 0.001, 0}};
static const EsrtTask t_work = {"main", "work", "work", v_work, 2, 0, 0, 0, NULL, NULL, 0};
static const EsrtTask t_gpu = {"main", "gpu_work", "gpu_work", v_work, 2, 1, 0, 0, NULL, NULL, 0};
#endif

int main(void) {
#ifdef PLAIN
  for (int k = 0; k < 4; k++)
    work(v);
#else
  EsrtAccess acc[1] = {{v, sizeof v, ESRT_INOUT}};
  for (int k = 0; k < 3; k++)
    esrt_submit(&t_work, acc, 1, NULL, 0);
  esrt_submit(&t_gpu, acc, 1, NULL, 0);
  esrt_host(v, sizeof v, ESRT_IN);
#endif
  printf("%g %g\n", v[0], v[7]);
#ifndef PLAIN
  esrt_region_end();
#endif
  return 0;
}
