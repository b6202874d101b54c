/* Cost models of sum-product tasks (sumproduct.h): the kernel's shape, the
 * fitted CPU model and the GPU roofline models. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "scheduler/sumproduct/sumproduct.h"

EsSpShape es_sp_shape(const EsElimTree *t, int i) {
  const EsElimTask *k = &t->tasks[i];
  return (EsSpShape){k->product_entries, k->out_entries, k->ninputs + k->nchildren, k->in_entries};
}

/* Fitted by bench/paper/sumproduct.sh (es_sp_cpu_fit over the 1335 tasks of
 * the 13 networks of ../shared/data small enough to measure, each timed with
 * es_sp_measure) on the development machine, an "Intel Xeon Processor" VM
 * with 2 shared cores: relative RMS error 0.16. A prediction for another
 * machine; measure there with --measure. */
EsSpCpuModel es_sp_cpu_default(void) {
  return (EsSpCpuModel){{1.207e-7, 1.106e-10, 4.744e-9},
                        "fitted to the kernel on the development machine, rel. RMS error 0.16"};
}

double es_sp_cpu_predict(const EsSpCpuModel *m, EsSpShape s) {
  return m->c[0] + m->c[1] * s.product * s.inputs + m->c[2] * s.out * s.inputs;
}

/* GPU models. Peak numbers are the vendors' data sheets; the launch cost and
 * the efficiencies are assumptions stated here:
 * - GTX 285 (the paper's GPU, Section 6.2): 159 GB/s GDDR3, 88.5 GFLOP/s FP64
 *   (30 FP64 units x 1.476 GHz x 2). Per-task overhead 0.15 ms: the smallest
 *   GPU time of the paper's Table 1 (0.15-0.18 ms), i.e. what a task of no
 *   work cost there (launch, synchronization and driver of 2008).
 * - H100 SXM5 (a current GPU): 3.35 TB/s HBM3, 34 TFLOP/s FP64 without tensor
 *   cores (the kernel gathers, it cannot use them). Per-task overhead 10 us
 *   (kernel launch plus a stream synchronization).
 * Both reach 60% of peak bandwidth and 50% of peak arithmetic: the kernel's
 * strided gathers do not stream perfectly. */
static const EsSpGpuModel models[] = {
    {"gtx285", "NVIDIA GTX 285 (Silberstein 2011): 159 GB/s, 88.5 GFLOP/s FP64, 150 us/task", 159e9,
     88.5e9, 150e-6, 0.6, 0.5},
    {"h100", "NVIDIA H100 SXM5: 3.35 TB/s, 34 TFLOP/s FP64, 10 us/task", 3.35e12, 34e12, 10e-6, 0.6,
     0.5},
    {NULL, NULL, 0, 0, 0, 0, 0},
};

const EsSpGpuModel *es_sp_gpu_models(void) { return models; }

const EsSpGpuModel *es_sp_gpu_model(const char *name) {
  for (const EsSpGpuModel *m = models; m->name; m++)
    if (strcmp(m->name, name) == 0)
      return m;
  return NULL;
}

double es_sp_gpu_predict(const EsSpGpuModel *m, EsSpShape s) {
  double bytes = ES_SP_ENTRY_BYTES * (s.in + s.out);
  double flops = s.product * s.inputs;
  double mem = bytes / (m->bandwidth * m->bw_eff), math = flops / (m->peak * m->flop_eff);
  return m->launch + fmax(mem, math);
}
