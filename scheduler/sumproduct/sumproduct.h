/* Costs of sum-product task trees (Silberstein 2011, Sections 5-6): per task
 * a CPU time, a GPU time and the bytes each edge carries, so that the tree
 * can be scheduled like any task graph (graph.h) and summarized like the
 * paper's Table 1.
 *
 * CPU time is measured on this machine by running the kernel (factor.h) at
 * the task's shapes (es_sp_measure), or predicted by a linear model fitted to
 * such measurements (EsSpCpuModel; es_sp_cpu_fit fits one). GPU time comes
 * from a stated roofline model of a named GPU (EsSpGpuModel): it is a model,
 * never a measurement. Tables hold doubles: an edge carries 8 bytes per entry.
 */
#ifndef ESCHED_SCHEDULER_SUMPRODUCT_H
#define ESCHED_SCHEDULER_SUMPRODUCT_H

#include <stdio.h>

#include "scheduler/sumproduct/elim.h"
#include "scheduler/model/graph.h"

enum { ES_SP_ENTRY_BYTES = 8 };

/* The work of task i as the kernel does it. */
typedef struct EsSpShape {
  double product; /* entries of the product (inner iterations) */
  double out;     /* entries of the output (outer iterations) */
  int inputs;     /* tables multiplied (input factors + children) */
  double in;      /* entries of the inputs */
} EsSpShape;

EsSpShape es_sp_shape(const EsElimTree *t, int i);

/* CPU time model, linear in the kernel's two loop counts:
 *
 *   t = c[0] + c[1] * product * inputs + c[2] * out * inputs      (seconds)
 *
 * (each inner iteration multiplies `inputs` entries; each outer one moves
 * `inputs` offsets). */
typedef struct EsSpCpuModel {
  double c[3];
  const char *source; /* where the coefficients come from */
} EsSpCpuModel;

/* The built-in model: coefficients fitted to es_sp_measure on the machine
 * esched was developed on (docs/sumproduct.md gives the fit). */
EsSpCpuModel es_sp_cpu_default(void);
double es_sp_cpu_predict(const EsSpCpuModel *m, EsSpShape s);

/* Least-squares fit of the model to n measured (shape, seconds) pairs,
 * minimizing the relative error sum ((pred - t) / t)^2. *rel_rms receives
 * the root mean square relative error. ES_EINVAL with fewer than 3 samples. */
int es_sp_cpu_fit(const EsSpShape *shapes, const double *seconds, int n, EsSpCpuModel *out,
                  double *rel_rms, EsError *err);

/* Measures the kernel at task i's shapes on this CPU: its real reduced input
 * factors and children's outputs filled with ones, repeated until a batch
 * lasts min_seconds; the best of three batches per call. ES_ELIMIT (and no
 * time) when the product exceeds max_product entries. */
int es_sp_measure(const EsElimTree *t, int i, double min_seconds, double max_product,
                  double *seconds, EsError *err);

/* A roofline model of a GPU running the kernel in double precision:
 *
 *   t = launch + max( bytes / (bandwidth * bw_eff), flops / (peak * flop_eff) )
 *   bytes = 8 * (in + out)       each table read or written once (the
 *                                software-managed cache of Silberstein et
 *                                al. 2008 makes the reuse explicit)
 *   flops = product * inputs     inputs - 1 multiplies and one add per entry
 */
typedef struct EsSpGpuModel {
  const char *name, *summary;
  double bandwidth; /* bytes/s of device memory */
  double peak;      /* FP64 flop/s */
  double launch;    /* s per task: launch and synchronization */
  double bw_eff, flop_eff;
} EsSpGpuModel;

/* A named model ("gtx285", "h100"), or NULL. */
const EsSpGpuModel *es_sp_gpu_model(const char *name);
/* The registry, terminated by an entry whose name is NULL. */
const EsSpGpuModel *es_sp_gpu_models(void);
double es_sp_gpu_predict(const EsSpGpuModel *m, EsSpShape s);

/* The task graph of tree t with these per-task times (seconds, [ntasks]):
 *
 *   elim_<var>        one task per elimination, time {cpu, gpu} (4 digits)
 *   in_<factor>       kind input, pinned to the cpu: a reduced input factor in
 *                     host memory (the paper's inputs start on the host)
 *   result            kind host, pinned to the cpu: receives every root's number
 *
 * Edges carry their tables' bytes; each task's output feeds exactly one task,
 * so the graph is an in-tree. name names the graph. NULL when out of memory. */
EsGraph *es_sp_graph(const EsElimTree *t, const char *name, const double *cpu, const double *gpu);

/* The paper's Table 1 row: minimum / average / maximum over the elimination
 * tasks of CPU time, GPU time, speedup (cpu / gpu) and transfer size (the
 * bytes of a task's inputs). */
typedef struct EsSpStats {
  int tasks, width;
  double cpu[3], gpu[3], speedup[3], transfer[3]; /* s, s, ratio, bytes */
  double max_product;                             /* entries */
} EsSpStats;

void es_sp_stats(const EsElimTree *t, const double *cpu, const double *gpu, EsSpStats *out);
/* Writes the header line (when header) and the row of network name, in the
 * paper's units: milliseconds and kilobytes (10^3 bytes), min/avg/max. */
void es_sp_stats_write(FILE *f, const char *name, const EsSpStats *s, bool header);

#endif
