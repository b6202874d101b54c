/* Probabilistic networks for sum-product computations (Silberstein 2011,
 * Section 5): discrete variables, factors over them and observed evidence.
 * A Bayesian network's factors are its conditional probability tables; a
 * Markov network's are arbitrary non-negative potentials. Either way the
 * quantity of interest is the probability (or partition function) of the
 * evidence,
 *
 *   P(e) = sum over the unobserved variables of prod_i f_i,
 *
 * with each observed variable fixed to its value.
 *
 * Readers (one file per format): BIF (network_bif.c), UAI with .evid
 * evidence (network_uai.c). They report every error of a file at its line
 * and column (EsError.report) before failing. The network owns everything it
 * points to; names live in its arena until es_network_free.
 */
#ifndef ESCHED_SCHEDULER_NETWORK_H
#define ESCHED_SCHEDULER_NETWORK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scheduler/base/arena.h"
#include "scheduler/base/error.h"
#include "scheduler/sumproduct/factor.h"
#include "scheduler/model/graph.h"
#include "scheduler/base/strmap.h"

typedef struct EsVariable {
  const char *name;    /* BIF name, or "x<i>" (0-based) for UAI */
  int card;            /* number of values, >= 1 */
  const char **values; /* [card] value names (BIF), NULL when unnamed */
  int observed;        /* evidence: the observed value, or -1 */
  EsMark mark;
} EsVariable;

typedef struct EsNetFactor {
  EsFactor f;
  const char *name; /* "cpt_<child>" (BIF) or "f<i>" (UAI): unique */
  int child;        /* Bayesian networks: the variable this table is for; else -1 */
  EsMark mark;
} EsNetFactor;

typedef struct EsNetwork {
  const char *file; /* where it was read from, for diagnostics (may be NULL) */
  const char *name; /* the network's name: BIF's, else the file's base name */
  bool bayesian;    /* factor i is a CPT: sums to one over its child */
  EsVariable *vars;
  int nvars, vars_cap;
  EsNetFactor *factors;
  int nfactors, factors_cap;
  EsArena arena;
  EsStrMap var_index; /* name -> variable */
} EsNetwork;

/* Allocation; es_network_free accepts NULL. */
EsNetwork *es_network_new(const char *name);
void es_network_free(EsNetwork *n);
/* Copies s into the network's arena. */
const char *es_network_intern(EsNetwork *n, const char *s);

/* Adds a variable (name copied; unique: the caller checks with
 * es_network_find_var) and returns its index, or -1 when out of memory. */
int es_network_add_var(EsNetwork *n, const char *name, int card, EsMark mark);
int es_network_find_var(const EsNetwork *n, const char *name);
/* Index of the value named name (len bytes) of variable v, or -1. */
int es_network_find_value(const EsNetwork *n, int v, const char *name, size_t len);

/* Adds a factor over vars (copied; cardinalities from the variables) with a
 * zeroed table, and returns its index; negative ES_E* when out of memory or
 * too large (err filled, pointing at mark). */
int es_network_add_factor(EsNetwork *n, const char *name, int nvars, const int *vars, int child,
                          EsMark mark, EsError *err);

/* The value variable v is fixed to: its observed value, else 0 when it has a
 * single value (summing over one value is instantiating it; linkage networks
 * have many such variables), else -1. Elimination covers exactly the
 * variables that are not fixed: the free ones. */
static inline int es_network_fixed(const EsNetwork *n, int v) {
  return n->vars[v].observed >= 0 ? n->vars[v].observed : n->vars[v].card == 1 ? 0 : -1;
}

/* es_network_fixed of every variable, as an array [nvars] (malloc'd, caller
 * frees), or NULL when out of memory. */
int *es_network_evidence(const EsNetwork *n);
/* Number of observed variables, and of free ones. */
int es_network_nobserved(const EsNetwork *n);
int es_network_nfree(const EsNetwork *n);

/* Readers. path "-" reads stdin; gzip-compressed files are read when esched
 * is built with zlib. The _buffer forms read text already in memory (name is
 * the file name for diagnostics). */
int es_network_read_bif(const char *path, EsNetwork **out, EsError *err);
int es_network_read_bif_buffer(const char *buf, size_t len, const char *name, EsNetwork **out,
                               EsError *err);
int es_network_read_uai(const char *path, EsNetwork **out, EsError *err);
int es_network_read_uai_buffer(const char *buf, size_t len, const char *name, EsNetwork **out,
                               EsError *err);

/* Evidence files (the UAI .evid format) set EsVariable.observed:
 *
 *   evidence = [ "1" ] count { var value }
 *
 * count pairs follow (the older UAI form starts with the number of samples,
 * which must be 1). var is a variable's index or name, value a value's index
 * or name. A variable observed twice with different values is an error. */
int es_network_read_evidence(EsNetwork *n, const char *path, EsError *err);
int es_network_read_evidence_buffer(EsNetwork *n, const char *buf, size_t len, const char *name,
                                    EsError *err);

/* Forward sampling of a Bayesian network (every factor a CPT, each child
 * last in its scope): draws a full assignment values[nvars] from the joint
 * distribution with a seeded PRNG (rng.h), so the same seed gives the same
 * sample. ES_EINVAL when the network is not Bayesian or its CPTs do not
 * order the variables acyclically. The benchmarks observe sampled values so
 * that the evidence has non-zero probability. */
int es_network_sample(const EsNetwork *n, uint64_t seed, int *values, EsError *err);

/* The benchmarks' evidence: every leaf (a variable no CPT names as a
 * parent) observed at its value in one forward sample drawn with seed, so
 * that P(e) > 0. *nobserved receives the number of leaves. ES_EINVAL as
 * es_network_sample. */
int es_network_observe_leaves(EsNetwork *n, uint64_t seed, int *nobserved, EsError *err);

#endif
