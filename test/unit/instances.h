/* Random instances for the property tests: a generated graph bound to its
 * problem, sized so that brute force stays cheap (at most about `budget`
 * assignments). */
#ifndef ESCHED_TEST_INSTANCES_H
#define ESCHED_TEST_INSTANCES_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "scheduler/base/rng.h"
#include "scheduler/gen/gen.h"
#include "scheduler/model/problem.h"
#include "scheduler/model/solution.h"
#include "scheduler/plan/algorithms.h"

typedef struct Instance {
  EsGraph *g;
  EsPlatform *platform;
  EsProblem p;
  EsGenOptions opt;
} Instance;

/* Draws the options of instance number i: devices, levels, cost form,
 * empty (0-byte) items in some physical instances, and
 * between half and all of the tasks that keep labels^tasks under budget
 * (capped at max_tasks). */
static inline EsGenOptions instance_options(uint64_t i, int min_dev, int max_dev, int max_tasks,
                                            double budget) {
  EsRng r;
  es_rng_seed(&r, i * 7919 + 17);
  EsGenOptions o = {0};
  o.seed = i + 1;
  o.ndevices = (int)es_rng_range(&r, min_dev, max_dev);
  o.nlevels = (int)es_rng_range(&r, 1, 3);
  o.costs = es_rng_uniform(&r) < 0.5 ? ES_GEN_ABSTRACT : ES_GEN_PHYSICAL;
  o.mixed_directions = es_rng_uniform(&r) < 0.5;
  o.max_parents = (int)es_rng_range(&r, 1, 3);
  o.shared = es_rng_uniform(&r);
  o.missing = es_rng_uniform(&r) < 0.3 ? 0.3 : 0;
  o.pinned = es_rng_uniform(&r) < 0.3 ? 0.2 : 0;
  int labels = o.ndevices * o.nlevels;
  int n = (int)floor(log(budget) / log(labels));
  n = n < 1 ? 1 : n > max_tasks ? max_tasks : n;
  o.ntasks = (int)es_rng_range(&r, (n + 1) / 2, n);
  o.empty = es_rng_uniform(&r) < 0.3 ? 0.3 : 0; /* 0-byte items pay the latency */
  return o;
}

/* Builds the graph (tree or DAG) and its problem. Returns 0 on success. */
static inline int instance_make(Instance *in, const EsGenOptions *o, bool dag) {
  in->opt = *o;
  in->g = dag ? es_gen_dag(o) : es_gen_tree(o);
  in->platform = o->costs == ES_GEN_PHYSICAL ? es_gen_platform(o->ndevices, o->nlevels) : NULL;
  EsProblemOptions po = {in->platform, NULL, ES_OBJ_ENERGY};
  EsError err = {0};
  if (!in->g)
    return -1;
  return es_problem_build(in->g, &po, &in->p, &err);
}

static inline void instance_free(Instance *in) {
  es_problem_free(&in->p);
  es_graph_free(in->g);
  es_platform_free(in->platform);
}

/* Runs algorithm spec and returns the exact cost of its assignment, or NAN
 * when it fails (err says why). */
static inline double instance_solve(const Instance *in, const char *spec, EsError *err) {
  EsSolution s;
  if (es_solution_init(&s, in->p.ntasks, false))
    return NAN;
  double cost = NAN;
  EsAlgoOptions ao = {0};
  if (es_algorithm_run(spec, &in->p, &ao, &s, err) == 0)
    cost = es_problem_evaluate(&in->p, in->p.objective, s.label);
  es_solution_free(&s);
  return cost;
}

/* A timed instance: a random layered DAG (es_gen_layered: random shape,
 * out-degree, CCR, heterogeneity, sometimes uniform costs) of n tasks on
 * procs processors of the EASEF preset (even i) or the 6805 (odd i), bound
 * to its times; -1 (err says why when the problem was the cause) if none. The draws are made one
 * after another, in the order the timed property tests have always made them. */
typedef struct TimedInstance {
  EsGraph *g;
  EsPlatform *pf;
  EsProblem p;
  char platform[32];
} TimedInstance;

static inline int timed_instance_make(TimedInstance *in, EsRng *r, int i, int procs, int n,
                                      EsError *err) {
  double shape = 0.3 + 2 * es_rng_uniform(r), degree = 1 + 4 * es_rng_uniform(r);
  double ccr = 10 * es_rng_uniform(r);
  ccr *= es_rng_uniform(r);
  double beta = 2 * es_rng_uniform(r);
  bool uniform = es_rng_uniform(r) < 0.2;
  EsGenLayered o = {n, shape, degree, {procs, ccr, beta, 40, uniform, (uint64_t)i + 1}};
  snprintf(in->platform, sizeof in->platform, "%s:%d", i % 2 ? "6805" : "easef", procs);
  in->g = es_gen_layered(&o);
  in->pf = es_platform_preset(in->platform);
  EsProblemOptions po = {in->pf, NULL, ES_OBJ_TIME};
  if (!in->g || !in->pf || es_problem_build(in->g, &po, &in->p, err)) {
    es_graph_free(in->g), es_platform_free(in->pf);
    return -1;
  }
  return 0;
}

static inline void timed_instance_free(TimedInstance *in) {
  es_problem_free(&in->p);
  es_graph_free(in->g);
  es_platform_free(in->pf);
}

#endif
