/* Generators of task graphs: the paper's examples and random instances, all
 * seeded and reproducible (the same options give the same graph). */
#ifndef ESCHED_SCHEDULER_GEN_H
#define ESCHED_SCHEDULER_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "scheduler/graph.h"
#include "scheduler/platform.h"

/* Silberstein 2011, Figure 3: A x B + C in abstract energy units. */
EsGraph *es_gen_fig3(void);

/* The worst case of Section 1: a chain A -> B -> C where A is k times
 * cheaper on the CPU, C k times cheaper on the GPU, and B marginally better on
 * the GPU but with an input of size k. The optimum costs 5; every baseline
 * costs at least k + 2. */
EsGraph *es_gen_chain(double k);

typedef enum EsGenCosts {
  ES_GEN_ABSTRACT, /* integer energies in [0, 100] per label, edges in [0, 50] */
  ES_GEN_PHYSICAL, /* times and bytes drawn like the paper's Table 1 */
} EsGenCosts;

typedef struct EsGenOptions {
  int ntasks;
  int ndevices; /* devices are named cpu, gpu, gpu2, gpu3, ... */
  int nlevels;  /* abstract costs: values per device; physical: see es_gen_platform */
  EsGenCosts costs;
  uint64_t seed;
  /* Trees: each task but the first picks a random earlier task as its
   * neighbour; the edge points towards the root (an in-tree) unless
   * mixed_directions, when its direction is random. */
  bool mixed_directions;
  /* DAGs: each task reads from up to max_parents earlier tasks; a producer's
   * edges share one data item with probability shared. */
  int max_parents;
  double shared;
  /* Probability that a task has no variant on a given non-CPU device. */
  double missing;
  /* Probability that a task is pinned to the CPU (input nodes). */
  double pinned;
} EsGenOptions;

/* Random task tree (a forest when mixed with isolated tasks is not wanted:
 * always connected). Physical times follow Table 1: CPU time log-normal with
 * median 1 ms clipped to [0.01 ms, 0.7 s], GPU speedup log-normal with
 * median 0.7 clipped to [0.02, 115], transfer sizes log-normal with median
 * 64 KiB clipped to [16 B, 1.6 GB]. NULL when out of memory. */
EsGraph *es_gen_tree(const EsGenOptions *opt);
EsGraph *es_gen_dag(const EsGenOptions *opt);

/* A platform for generated physical graphs: the silberstein2011 CPU and GPU
 * (further GPUs copy the GPU) with nlevels DVFS levels each, frequency
 * stepping down by 20% and power by f^3, links of 1 GB/s with 10 us latency. */
EsPlatform *es_gen_platform(int ndevices, int nlevels);

#endif
