/* Discrete factors and the sum-product kernel of variable elimination: the
 * computation each task of a sum-product task tree performs (Silberstein
 * 2011, Section 5, Eq. 2).
 *
 * A factor is a table over a scope of variables, row-major: the last
 * variable of the scope varies fastest (the layout of UAI files and of BIF
 * rows). Variables are integers (indices into a network); a factor carries
 * its own cardinalities so the kernel needs nothing else.
 */
#ifndef ESCHED_SCHEDULER_FACTOR_H
#define ESCHED_SCHEDULER_FACTOR_H

#include <stdbool.h>

#include "scheduler/base/error.h"

typedef struct EsFactor {
  int nvars;
  int *vars;     /* [nvars], distinct */
  int *card;     /* [nvars], each >= 1 */
  double *table; /* [size] */
  long size;     /* product of the cardinalities (1 for the empty scope) */
} EsFactor;

/* The most entries a factor may hold (2^31: 16 GiB of doubles). */
#define ES_FACTOR_MAX_ENTRIES 2147483648.0

/* Number of entries of a scope with these cardinalities, as a double so
 * that a huge scope is representable (compare with ES_FACTOR_MAX_ENTRIES). */
double es_factor_entries(int nvars, const int *card);

/* Allocates f over the scope (vars and card copied), its table zeroed.
 * ES_ELIMIT when the table would exceed ES_FACTOR_MAX_ENTRIES, ES_ENOMEM. */
int es_factor_init(EsFactor *f, int nvars, const int *vars, const int *card, EsError *err);
/* Frees f's arrays (not f itself) and zeroes it; accepts NULL. */
void es_factor_free(EsFactor *f);

/* Instantiates observed variables: out is f restricted to the entries where
 * every variable v with observed[v] >= 0 takes that value, over the scope of
 * f's unobserved variables (in f's order). observed is indexed by variable
 * number and must cover every variable of f. O(|f|). */
int es_factor_reduce(const EsFactor *f, const int *observed, EsFactor *out, EsError *err);

/* The kernel: out = sum over var of the product of in[0..n-1].
 *
 *   out(y) = sum_{x < var_card} prod_i in_i(y, var = x)
 *
 * out must be initialized (es_factor_init) over its scope Y, which must hold
 * every variable of the inputs except var; var must not be in Y. var < 0
 * means no summation (a plain product, var_card ignored). The loop walks out's
 * entries in order with var innermost, moving one offset per input by
 * precomputed strides: O(|Y| * var_card * n) time, no memory beyond out.
 * Returns ES_EINVAL (with a message) when the scopes do not fit. */
int es_factor_sum_product(const EsFactor *const *in, int n, int var, int var_card, EsFactor *out,
                          EsError *err);

#endif
