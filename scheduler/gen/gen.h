/* Generators of task graphs: the paper's examples and random instances, all
 * seeded and reproducible (the same options give the same graph). */
#ifndef ESCHED_SCHEDULER_GEN_H
#define ESCHED_SCHEDULER_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "scheduler/model/graph.h"
#include "scheduler/model/platform.h"

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
  /* Physical costs: probability that an edge carries 0 bytes (an empty
   * file, as in CyberShake; it still pays the link's latency). */
  double empty;
} EsGenOptions;

/* Random task tree (a forest when mixed with isolated tasks is not wanted:
 * always connected). Physical times follow Table 1: CPU time log-normal with
 * median 1 ms clipped to [0.01 ms, 0.7 s], GPU speedup log-normal with
 * median 0.7 clipped to [0.02, 115], transfer sizes log-normal with median
 * 64 KiB clipped to [16 B, 1.6 GB]. NULL when out of memory. */
EsGraph *es_gen_tree(const EsGenOptions *opt);
EsGraph *es_gen_dag(const EsGenOptions *opt);

/* ---- timed graphs for the list schedulers (gen_layered.c, gen_real.c) ----
 * Tasks get `time: {p0: .., p1: .., ...}` (execution time per processor at
 * the top level, the names the NAME:N platform presets use) and edges
 * `time:` (transfer time between different processors): the model of
 * Abdel-Kader's dissertation (Ch. 4) and of EASEF (Sec. 3). */
typedef struct EsGenTimed {
  int nprocs;       /* processors p0..p(nprocs-1) */
  double ccr;       /* mean transfer time / mean execution time */
  double beta;      /* computation range: w(v,k) uniform in w(v) (1 -+ beta/2) */
  double mean_comp; /* w_DAG: task means w(v) uniform in [0, 2 w_DAG] */
  bool uniform;     /* every task mean w_DAG and every edge CCR * w_DAG */
  uint64_t seed;
} EsGenTimed;

/* Random layered DAG (Topcuoglu et al. 2002, used by the dissertation,
 * Sec. 4.1, and EASEF, Sec. 5.1): depth uniform with mean sqrt(n) / shape,
 * width with mean shape * sqrt(n) (shape = the dissertation's alpha, EASEF's
 * lambda); each task's out-degree uniform with mean out_degree, children in
 * later levels (mostly the next); every task below the first level has a
 * parent. */
typedef struct EsGenLayered {
  int ntasks;
  double shape;
  double out_degree;
  EsGenTimed costs;
} EsGenLayered;
EsGraph *es_gen_layered(const EsGenLayered *o);
/* The shared cost model: adds a task (times on p0..p(nprocs-1)) or an edge
 * (a transfer time) drawn from c with r. Return the index or -1. */
struct EsRng;
int es_gen_timed_task(EsGraph *g, struct EsRng *r, const EsGenTimed *c, const char *name);
int es_gen_timed_edge(EsGraph *g, struct EsRng *r, const EsGenTimed *c, int from, int to);

/* Gaussian elimination of an m x m matrix (Wu and Gajski 1990, the
 * dissertation's Fig. 6.11, EASEF Sec. 5.3): pivot tasks T(k,k) and update
 * tasks T(k,j), j > k; (m^2 + m - 2) / 2 tasks (35 for m = 8, 14 for 5). */
EsGraph *es_gen_gauss(int m, const EsGenTimed *c);
/* Recursive one-dimensional FFT of `points` points (a power of 2; the
 * dissertation's Fig. 6.23 for 4): 2 points - 1 recursive-call tasks and
 * points * log2(points) butterfly tasks (15 for 4 points). */
EsGraph *es_gen_fft(int points, const EsGenTimed *c);
/* Sieve of Eratosthenes for N = 32 (the dissertation's Fig. 6.29, from
 * [Bask00]; the figure is missing from our copy): a stand-in with the
 * text's counts, 32 tasks and a widest level of 16: a scatter task, 16
 * segment sieves, and pairwise merges 8, 4, 2, 1. */
EsGraph *es_gen_sieve(const EsGenTimed *c);
/* The molecular dynamics code (Kim and Browne 1988; 41 tasks, at most 7 per
 * level). Its edges are only in a figure we do not have, so this is a
 * stand-in with those counts: a fixed layered DAG (seeded), not the real
 * structure. */
EsGraph *es_gen_md(const EsGenTimed *c);
/* EASEF's 12-task example (Fig. 1, Table 2): Table 2's execution times on
 * p0..p3. The edges are only in the missing Fig. 1; these are chosen to
 * reproduce everything the text states: entry v0, exit v11, the critical
 * paths of Algorithm 1 [0-2-8-10-11] 318.25, [3-6-9] 166.75, [1-4] 95.75,
 * [7] 39.25, [5] 31.75, and the merges v0+v2 and v3+v6 of Algorithm 2. */
EsGraph *es_gen_easef12(void);

/* A platform for generated physical graphs: the silberstein2011 CPU and GPU
 * (further GPUs copy the GPU) with nlevels DVFS levels each, frequency
 * stepping down by 20% and power by f^3, links of 1 GB/s with 10 us latency
 * from a lower-numbered device to a higher one and 0.75 GB/s with 15 us back. */
EsPlatform *es_gen_platform(int ndevices, int nlevels);

#endif
