// Silberstein 2011 Section 6.2 (Table 3): a CPU worker thread and a GPU
// manager thread run a statically scheduled tree concurrently. Two leaves
// (one per device) feed a root on the GPU: serially 21 ms plus transfers,
// concurrently the leaves overlap. Static tasks in the submit form wait in
// the pending region under the concurrent executor and run at its end; the
// serial executor runs them at once. The trace has a track per device and
// one per link direction.
// RUN: %cc -DPLAIN %s -o %t.plain && %t.plain > %t.expected
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: env ESCHED_TRACE=%t.serial.json %t 2> %t.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=SERIAL --input-file=%t.err
// RUN: env ESCHED_EXECUTOR=concurrent ESCHED_TRACE=%t.json %t 2> %t.conc | diff %t.expected -
// RUN: FileCheck %s --check-prefix=CONC --input-file=%t.conc
// RUN: python3 -m json.tool %t.json > /dev/null
// RUN: python3 -m json.tool %t.serial.json > /dev/null
// RUN: FileCheck %s --check-prefix=TRACE --input-file=%t.json
// SERIAL: device cpu: 1 tasks, busy 0.01 s
// With the tasks deferred instead, the runtime schedules the tree at the
// host's read of out with tree-dp: both leaves on the CPU (half the power),
// the root on the GPU (4x faster, worth two 8 KB transfers).
// RUN: %cc %esrt_cflags -DDEFER %s -o %t.defer %esrt_libs
// RUN: %t.defer 2> %t.dfr | diff %t.expected -
// RUN: FileCheck %s --check-prefix=DEFER --input-file=%t.dfr
// RUN: env ESCHED_EXECUTOR=concurrent %t.defer 2>/dev/null | diff %t.expected -
// DEFER: device cpu: 2 tasks, busy 0.02 s, energy 1.8 J
// DEFER-NEXT: device gpu: 1 tasks, busy 0.001 s, energy 0.18 J
// DEFER-NEXT: link cpu->gpu: 2 transfers, 16384 bytes
// DEFER-NEXT: link gpu->cpu: 1 transfers, 8192 bytes
// DEFER: deferred: 1 regions, 3 tasks, scheduled by tree-dp (1)
// SERIAL-NEXT: device gpu: 2 tasks, busy 0.011 s
// SERIAL-NEXT: link cpu->gpu: 2 transfers, 16384 bytes, 1.6384e-05 s
// SERIAL-NEXT: link gpu->cpu: 2 transfers, 16384 bytes, 1.6384e-05 s
// SERIAL-NEXT: makespan: serial 0.0210328 s
// CONC: device cpu: 1 tasks, busy 0.01 s
// CONC-NEXT: device gpu: 2 tasks, busy 0.011 s
// CONC: makespan: serial 0.0210328 s, concurrent 0.0110328 s
// TRACE: {"displayTimeUnit":"ns","traceEvents":[
// TRACE: "args":{"name":"esched concurrent (model time)"}}
// TRACE-DAG: {"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"cpu"}}
// TRACE-DAG: {"name":"thread_name","ph":"M","pid":1,"tid":2,"args":{"name":"gpu"}}
// TRACE-DAG: {"name":"thread_name","ph":"M","pid":1,"tid":3,"args":{"name":"link cpu → gpu"}}
// TRACE-DAG: {"name":"thread_name","ph":"M","pid":1,"tid":4,"args":{"name":"link gpu → cpu"}}
// TRACE-DAG: {"name":"left","cat":"task","ph":"X","pid":1,"tid":1,"ts":0.000,"dur":10000.000,"args":{"device":"cpu","level":0,"bytes":16384}}
// TRACE-DAG: {"name":"right","cat":"task","ph":"X","pid":1,"tid":2,"ts":8.192,"dur":10000.000,"args":{"device":"gpu","level":0,"bytes":16384}}
// TRACE-DAG: {"name":"cpu->gpu","cat":"transfer","ph":"X","pid":1,"tid":3,"ts":0.000,"dur":8.192,"args":{"from":"cpu","to":"gpu","bytes":8192}}
// TRACE-DAG: {"name":"root","cat":"task","ph":"X","pid":1,"tid":2,"ts":10016.384,"dur":1000.000,"args":{"device":"gpu","level":0,"bytes":24576}}
#include <stdio.h>

#define N 1024

static double x[N], y[N], l[N], r[N], out[N];

static void scale(const double *in, double *o, double f) {
  for (int i = 0; i < N; i++)
    o[i] = in[i] * f;
}
static void sum(const double *p, const double *q, double *o) {
  for (int i = 0; i < N; i++)
    o[i] = p[i] + q[i];
}

#ifndef PLAIN
#include "esched_rt.h"

struct scale_args {
  double f;
};
static void scale_v(void *const *p, const void *a) {
  scale(p[0], p[1], ((const struct scale_args *)a)->f);
}
static void sum_v(void *const *p, const void *a) {
  (void)a;
  sum(p[0], p[1], p[2]);
}
static const EsrtVariant v_scale[] = {{"cpu", scale_v, 0.01, 0}, {"gpu", scale_v, 0.01, 0}};
static const EsrtVariant v_sum[] = {{"cpu", sum_v, 0.004, 0}, {"gpu", sum_v, 0.001, 0}};
#ifdef DEFER
#define FLAGS ESRT_DEFERRED
#else
#define FLAGS 0
#endif
static const EsrtTask t_left = {"tree", "left", "left", v_scale, 2, 0, 0, FLAGS};
static const EsrtTask t_right = {"tree", "right", "right", v_scale, 2, 1, 0, FLAGS};
static const EsrtTask t_root = {"tree", "root", "root", v_sum, 2, 1, 0, FLAGS};
#endif

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = i % 10, y[i] = i % 9;
#ifdef PLAIN
  scale(x, l, 2);
  scale(y, r, 3);
  sum(l, r, out);
#else
  struct scale_args two = {2}, three = {3};
  EsrtAccess a1[2] = {{x, sizeof x, ESRT_IN}, {l, sizeof l, ESRT_OUT}};
  esrt_submit(&t_left, a1, 2, &two, sizeof two);
  EsrtAccess a2[2] = {{y, sizeof y, ESRT_IN}, {r, sizeof r, ESRT_OUT}};
  esrt_submit(&t_right, a2, 2, &three, sizeof three);
  EsrtAccess a3[3] = {{l, sizeof l, ESRT_IN}, {r, sizeof r, ESRT_IN}, {out, sizeof out, ESRT_OUT}};
  esrt_submit(&t_root, a3, 3, NULL, 0);
  esrt_host(out, sizeof out, ESRT_IN);
#endif
  double s = 0;
  for (int i = 0; i < N; i++)
    s += out[i] * (i % 4);
  printf("out[7]=%g checksum=%.17g\n", out[7], s);
#ifndef PLAIN
  esrt_region_end();
#endif
  return 0;
}
