/* The DAG view of a problem: precedence arcs in CSR form, a topological
 * order, mean costs, and the ranks and critical paths the list schedulers
 * and DVFS passes order tasks by. */
#ifndef ESCHED_SCHEDULER_MODEL_DAG_H
#define ESCHED_SCHEDULER_MODEL_DAG_H

#include <stdbool.h>

#include "scheduler/base/error.h"
#include "scheduler/model/problem.h"

/* An arc of the DAG: the task at the other end and the data item it carries
 * (-1 for an order-only edge). Parallel arcs (several items) may occur. */
typedef struct EsArc {
  int task, item;
} EsArc;

typedef struct EsDagShared EsDagShared;

/* The precedence structure of a problem, with the mean costs that the list
 * schedulers rank by. Read-only: its arrays are shared (below). */
typedef struct EsDag {
  int n, ndevices;
  int *pred_first, *succ_first; /* [n + 1] CSR offsets */
  EsArc *pred, *succ;
  double *pred_weight;    /* [arcs] each pred arc's item weight (below) */
  int *topo;              /* [n] a topological order */
  int *top_label;         /* [ndevices] label of (device, level 0) */
  double *mean_time;      /* [n] mean time at level 0 over allowed devices */
  double *min_time;       /* [n] fastest time at level 0 */
  double *serial_time;    /* [ndevices] every task's time at level 0, summed in index order */
  double *top_time;       /* [n * ndevices] each task's time at level 0, by device (below) */
  double *item_mean_comm; /* [nitems] mean transfer time over device pairs */
  EsDagShared *shared;    /* the counted arrays */
} EsDag;

/* The DAG view of p. Needs times (p->value[ES_OBJ_TIME]). Built once per
 * problem: the arrays stay in the problem's cache (problem.h), and every
 * later call (the scheduler, its DVFS pass, the simulator, energy-deadline's
 * candidates) shares them, so it is O(1) after the first; the first is
 * O(V + E + V*D + D^2 per distinct item weight). A shallow copy with other
 * times, weights or items gets its own. Each DAG is freed with es_dag_free
 * (the arrays go with the last reference, or with the problem). */
int es_dag_build(const EsProblem *p, EsDag *d, EsError *err);
void es_dag_free(EsDag *d);

/* Time of task v at label l; transfer time of an arc's item between two
 * devices (0 for order arcs and equal devices); mean transfer time. */
double es_timed_task_time(const EsProblem *p, int v, int l);
double es_timed_comm(const EsProblem *p, int item, int from_dev, int to_dev);
double es_dag_mean_comm(const EsDag *d, int item);

/* es_timed_comm of pred arc k (d->pred[k]), the same bits, from the
 * weights laid out as the arcs are: a task's arcs are read together, and
 * its items' weights, numbered by producer, lie scattered over the
 * problem's array (a cache miss per arc beyond about 10^4 tasks). */
static inline double es_dag_pred_comm(const EsProblem *p, const EsDag *d, int k, int from_dev,
                                      int to_dev) {
  if (d->pred[k].item < 0 || from_dev == to_dev)
    return 0;
  int x = from_dev * p->ndevices + to_dev;
  return p->xfer_unit[ES_OBJ_TIME][x] * d->pred_weight[k] + p->xfer_fixed[ES_OBJ_TIME][x];
}

/* Time of task v on device dev at level 0: es_timed_task_time(p, v,
 * d->top_label[dev]), from a copy of those columns of the problem's table.
 * A row of the table holds every level of every device (96 doubles for
 * EASEF's 16 processors), so the list schedulers, which read only level 0,
 * touched a cache line per device; the copy holds a task's in two. */
static inline double es_dag_time(const EsDag *d, int v, int dev) {
  return d->top_time[(long)v * d->ndevices + dev];
}

/* HEFT's upward rank (Topcuoglu et al. 2002, Eq. 4 of EASEF; the
 * dissertation's bottom distance) and downward rank (EASEF Eq. 5; the
 * dissertation's top distance), with mean costs. out[n]. O(V + E). */
void es_dag_upward_rank(const EsDag *d, double *out);
void es_dag_downward_rank(const EsDag *d, double *out);
/* The same ranks over the subgraph of the tasks with alive[v] (arcs to
 * others vanish); out[v] of the others is left alone. O(V + E). */
void es_dag_upward_rank_among(const EsDag *d, const bool *alive, double *out);
void es_dag_downward_rank_among(const EsDag *d, const bool *alive, double *out);
/* The path priority rank_u + rank_d (CPOP's priority, the dissertation's
 * decisive path DP = top + bottom distance): prio[n]; down[n] receives
 * rank_d. O(V + E). */
void es_dag_path_priority(const EsDag *d, double *prio, double *down);
/* The critical path by a path priority: from the entry of highest prio,
 * the successor of highest prio while it equals the entry's (ties by
 * index). path[n] receives it in order; returns its length. O(V + E). */
int es_dag_critical_path(const EsDag *d, const double *prio, int *path);

/* Compares priorities with a relative tolerance so that ranks equal on
 * paper (sums of the same numbers in another order) tie, and ties break by
 * task index. Returns <0 when task a goes first. */
int es_rank_cmp(double ra, int a, double rb, int b);

/* Turns priorities into a schedule order that respects precedence: the
 * ready task of highest priority goes next (a binary heap). order[n]. */
int es_dag_priority_order(const EsDag *d, const double *prio, int *order);
/* HEFT's order: es_dag_priority_order by the upward rank. order[n]. */
int es_dag_heft_order(const EsDag *d, int *order);

/* The denominator of SLR (EASEF Eq. 21; extraction garbled it and we read
 * it from the prose and HEFT's definition): the least, over processors k,
 * of the sum of w(v, k) along the critical path by mean costs; *proc gets k. */
double es_dag_slr_base(const EsProblem *p, const EsDag *d, int *proc);

/* The device whose serial time over all tasks is least, and that time;
 * -1 when no device runs every task. */
int es_dag_best_single_device(const EsProblem *p, const EsDag *d, double *time);
/* The same over the tasks with subset[v] (NULL: all): the device on which
 * they run fastest one after another at the top level (CPOP's critical-path
 * processor). */
int es_dag_fastest_device(const EsProblem *p, const EsDag *d, const bool *subset, double *time);

#endif
