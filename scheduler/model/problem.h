/* The scheduling problem: a task graph bound to devices and costs.
 *
 * Every algorithm works on an EsProblem, never on YAML or on the graph's
 * strings. A label is a (device, DVFS level) pair; an assignment gives each
 * task one label. Under the energy model of Silberstein 2011 (one device busy
 * at a time; docs/DESIGN.md) the cost of an assignment S is
 *
 *   c(S) = sum_v task_cost[v][S(v)]
 *        + sum_items sum_{d in devices of the item's readers, d != dev(S(p))}
 *            xfer(item, dev(S(p)) -> d)
 *
 * where p is the item's producer: a data item is moved once to every device
 * that reads it, however many of its readers run there. When every item has
 * one reader this is the paper's Eq. 1.
 *
 * Costs come in two forms. Abstract: the graph's `cost:` (and `time:` for
 * timed graphs) are used as they are. Physical: task times in seconds from the
 * graph or a profile, bytes per item, and a platform; a lower level stretches
 * time by f_max / f (except the task's memory-bound fraction), energy is time
 * times the level's power plus the idle power of the other devices, and a
 * transfer between two devices takes latency + bytes / bandwidth (latency
 * alone for 0 bytes) at the link's power plus every device's idle power;
 * without a direct link, the fastest two-hop route, each hop at its own
 * link's power.
 */
#ifndef ESCHED_SCHEDULER_PROBLEM_H
#define ESCHED_SCHEDULER_PROBLEM_H

#include <math.h>
#include <stdbool.h>

#include "scheduler/base/error.h"
#include "scheduler/model/graph.h"
#include "scheduler/model/platform.h"
#include "scheduler/model/problem_cache.h"
#include "scheduler/model/profile.h"

typedef enum EsObjective {
  ES_OBJ_ENERGY = 0,
  ES_OBJ_TIME = 1, /* serial time: the paper's Section 6.2 use of the same DP */
} EsObjective;

typedef struct EsProblem {
  int ntasks, ndevices, nlabels;
  const char **device_names; /* borrowed from the platform or the graph */
  int *label_device;         /* [nlabels] */
  int *label_level;          /* [nlabels] */
  double *level_freq;        /* [nlabels] Hz; NAN for abstract input */
  double *level_power;       /* [nlabels] W; NAN for abstract input */
  double *idle_power;        /* [ndevices] W; 0 for abstract input */
  /* Bytes of data each device holds at once (memory.h): the platform's
   * `memory`, INFINITY when unbounded and always for non-physical input.
   * memory_bound: some device is bounded. */
  double *memory; /* [ndevices] */
  bool memory_bound;

  /* Task costs per objective, [ntasks * nlabels]; INFINITY marks a label the
   * task may not take (pinned elsewhere, or no variant/time on that device).
   * value[ES_OBJ_TIME] is NULL when the input gives no times. */
  double *value[2];

  /* Data items: a producer and its distinct readers (CSR). */
  int nitems;
  int *item_producer;     /* [nitems] */
  int *item_first;        /* [nitems + 1] into item_reader */
  int *item_reader;       /* readers, ascending */
  double *item_weight[2]; /* [nitems]: bytes (physical) or abstract cost/time */
  /* Transfer cost of an item of weight w from device a to b != a:
   * xfer_unit[obj][a * ndevices + b] * w + xfer_fixed[...], whatever w (a
   * transfer between devices costs its latency even for 0 bytes). Devices
   * that no route joins have unit 0 and fixed INFINITY. */
  double *xfer_unit[2], *xfer_fixed[2];
  /* Energy of the links alone while an item of weight w moves from a to b:
   * link_unit[a * ndevices + b] * w + link_fixed[...] (J; 0 without a
   * platform), each hop of a route at its own link's power. The timed
   * simulator charges it; idle power is counted per device there. */
  double *link_unit, *link_fixed;

  /* Order-only edges (no data): they constrain the order, not the cost. */
  int norders;
  int *order_from, *order_to;

  bool physical;         /* costs derived from times, bytes and a platform */
  bool has_shared;       /* some item has more than one reader */
  EsObjective objective; /* what the algorithms minimize */
  const char *unit[2];   /* "J"/"s" for physical input, "" for abstract */
  EsProblemCache *cache; /* what solvers keep between calls (problem_cache.h); may be NULL */
} EsProblem;

typedef struct EsProblemOptions {
  const EsPlatform *platform; /* NULL: abstract costs, devices from the graph */
  const EsProfile *profile;   /* NULL: times from the graph only */
  EsObjective objective;
} EsProblemOptions;

/* Binds graph g (which must outlive the problem) to its costs. Errors name
 * the task or edge and point at it: an unknown device, a negative or NaN
 * cost, a task without any cost, time or profile entry, mixing abstract and
 * physical costs, a transfer between devices that no link joins. */
/* Whether g states physical costs (times and bytes) and so needs a
 * platform, given whether a profile comes with it. */
bool es_problem_needs_platform(const EsGraph *g, bool profile);

int es_problem_build(EsGraph *g, const EsProblemOptions *opt, EsProblem *out, EsError *err);
void es_problem_free(EsProblem *p);

/* Cost of task v at label l for the problem's objective. */
static inline double es_problem_task_cost(const EsProblem *p, int v, int l) {
  return p->value[p->objective][(long)v * p->nlabels + l];
}

/* Cost of moving item i from device a to device b for objective obj. */
static inline double es_problem_item_cost_obj(const EsProblem *p, EsObjective obj, int i, int a,
                                              int b) {
  if (a == b)
    return 0;
  int k = a * p->ndevices + b;
  return p->xfer_unit[obj][k] * p->item_weight[obj][i] + p->xfer_fixed[obj][k];
}

static inline double es_problem_item_cost(const EsProblem *p, int i, int a, int b) {
  return es_problem_item_cost_obj(p, p->objective, i, a, b);
}

/* Energy the links draw while item i moves from device a to b (0 when equal). */
static inline double es_problem_link_energy(const EsProblem *p, int i, int a, int b) {
  if (a == b)
    return 0;
  int k = a * p->ndevices + b;
  double w = p->item_weight[ES_OBJ_TIME][i]; /* bytes, or the timed form's time */
  return p->link_unit[k] * w + p->link_fixed[k];
}

/* Exact cost of an assignment (labels[ntasks]) for objective obj (the formula
 * above); INFINITY when a task has a forbidden label; NAN when the problem
 * has no figures for obj. O(V + sum of readers). */
double es_problem_evaluate(const EsProblem *p, EsObjective obj, const int *labels);
/* Its transfer term of item i alone: the item moved once to each device of
 * its readers other than its producer's. O(readers of i). */
double es_problem_item_total(const EsProblem *p, EsObjective obj, int i, const int *labels);

/* Index of the label (device d, level k), or -1. */
int es_problem_label(const EsProblem *p, int d, int k);

/* Whether the items' producer-reader pairs form an undirected forest (parallel
 * items between one pair allowed): the shape tree-dp accepts. */
bool es_problem_is_forest(const EsProblem *p);

#endif
