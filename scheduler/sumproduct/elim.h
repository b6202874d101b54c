/* Variable elimination as a task tree (Silberstein 2011, Section 5: "each
 * product ... represented as a task, these tasks can be represented as a task
 * dependency tree, traversed from the leaves to the root").
 *
 * Given an elimination order of the free variables (unobserved, more than
 * one value: es_network_fixed), task i eliminates
 * order[i]: it multiplies every factor that mentions the variable and has not
 * been consumed yet -- input factors of the network (reduced by the evidence)
 * and the outputs of earlier tasks -- and sums the variable out:
 *
 *   out_i(Y) = sum_{x_v} prod_{f in inputs(i)} f(Y, x_v),   Y = scope of the product \ {v}
 *
 * out_i feeds exactly one later task, the one eliminating the first variable
 * of Y in the order; when Y is empty, out_i is a number and task i is a root.
 * So the tasks form an in-forest (one tree per connected component of the
 * network), and P(e) is the product of the roots' numbers and of the reduced
 * factors without variables.
 *
 * The tree is symbolic plus the reduced input tables: scopes and table sizes
 * of every task (from which costs are derived, sp_cost.h), and, for
 * execution, es_elim_task_run (one task, the unit the run-time scheduler
 * places on a device) and es_elim_run (all tasks in order).
 */
#ifndef ESCHED_SCHEDULER_ELIM_H
#define ESCHED_SCHEDULER_ELIM_H

#include <stdint.h>

#include "scheduler/base/error.h"
#include "scheduler/sumproduct/factor.h"
#include "scheduler/sumproduct/network.h"

typedef enum EsElimHeuristic {
  ES_ELIM_MIN_FILL = 0,   /* fewest fill edges; ties: smaller clique, lower index */
  ES_ELIM_MIN_DEGREE = 1, /* fewest neighbours; same ties */
} EsElimHeuristic;

/* Parses "min-fill" / "min-degree"; false for anything else. */
bool es_elim_heuristic_parse(const char *s, EsElimHeuristic *out);
const char *es_elim_heuristic_name(EsElimHeuristic h);

typedef struct EsElimOrderOptions {
  EsElimHeuristic heuristic;
  int tries;     /* greedy runs; <= 1: one, ties by index */
  uint64_t seed; /* tie-breaking of runs 2, 3, ...: the same seed, the same order */
} EsElimOrderOptions;

/* A greedy elimination order of the free variables on the interaction
 * graph (variables adjacent when a factor mentions both; fixed ones are
 * instantiated first). Ties go to the smaller clique (sum of log
 * cardinalities), then to a priority: the index on the first run, seeded
 * random ones on the others; the run with the least total work (sum of the
 * cliques' table sizes) wins. order must hold nvars entries; *norder receives
 * the number of free variables. O(tries * V * (V + d * (V + d * V / 64))) for
 * maximum degree d; ES_ELIMIT beyond 65536 variables. */
int es_elim_order(const EsNetwork *n, const EsElimOrderOptions *opt, int *order, int *norder,
                  EsError *err);

typedef struct EsElimTask {
  int var;                    /* the variable summed out */
  int first_input, ninputs;   /* reduced factors it multiplies: tree->input[...] */
  int first_child, nchildren; /* tasks whose outputs it multiplies: tree->child[...] */
  int first_scope, nscope;    /* its output's scope, ascending: tree->scope[...] */
  int parent;                 /* the task its output feeds, or -1 (a root) */
  double in_entries;          /* entries of everything it multiplies (inputs + children) */
  double product_entries;     /* entries of the product: |scope| * card(var) */
  double out_entries;         /* entries of its output: |scope| */
} EsElimTask;

typedef struct EsElimTree {
  const EsNetwork *net; /* borrowed: must outlive the tree */
  EsElimTask *tasks;    /* in elimination order: children before parents */
  int ntasks;
  int *input, *child, *scope; /* the tasks' lists (CSR) */
  EsFactor *factors;          /* [nfactors] the network's factors reduced by the evidence */
  int nfactors;
  int *factor_task; /* [nfactors] the task consuming each, -1 for a constant */
  double constant;  /* product of the reduced factors without variables */
  int width;        /* induced width: largest product scope - 1 (-1 if no task) */
} EsElimTree;

/* Builds the tree of eliminating order[0..norder-1] (every free variable
 * exactly once; es_elim_order's output) in network n with its evidence.
 * *out is owned by the caller. ES_EINVAL when the order is not a
 * permutation of the free variables. O(sum of table sizes + V * w). */
int es_elim_tree_build(const EsNetwork *n, const int *order, int norder, EsElimTree **out,
                       EsError *err);
void es_elim_tree_free(EsElimTree *t);

/* Runs task i: initializes *out over its scope and computes it with the
 * kernel (factor.h) from its reduced input factors and its children's
 * outputs msg[child] (msg is indexed by task). */
int es_elim_task_run(const EsElimTree *t, int i, const EsFactor *msg, EsFactor *out, EsError *err);

/* Runs every task in order and returns P(e) (or the partition function of
 * a Markov network under its evidence) in *result. Memory: the outputs alive
 * at once. ES_ELIMIT when a table would exceed ES_FACTOR_MAX_ENTRIES. */
int es_elim_run(const EsElimTree *t, double *result, EsError *err);

/* The oracle: the same quantity by enumerating every joint assignment of the
 * unobserved variables (no distributivity: depth-first over the variables in
 * index order, each factor multiplied in once its variables are assigned,
 * branches whose partial product is 0 contributing 0). ES_ELIMIT when there
 * are more than limit assignments. O(assignments). */
int es_network_enumerate(const EsNetwork *n, double limit, double *result, EsError *err);

#endif
