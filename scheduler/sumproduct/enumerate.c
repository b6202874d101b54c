/* Brute-force enumeration (elim.h), the oracle for variable elimination:
 *
 *   P(e) = sum_{x_1} sum_{x_2} ... sum_{x_m} prod_i f_i(x, e)
 *
 * over the unobserved variables in index order, depth first. Factor i is
 * multiplied in at the depth of its last unobserved variable, so each
 * assignment's product is built incrementally, but no sum is ever moved
 * inside a product: every one of the prod card(x_j) terms is visited (or
 * skipped because its partial product is already 0).
 */
#include <stdlib.h>

#include "scheduler/sumproduct/elim.h"

typedef struct Enum {
  const EsNetwork *n;
  int m;
  int *var;           /* [m] unobserved variables, ascending */
  int *value;         /* [nvars] current assignment (observed: their value) */
  int *at_first, *at; /* factors by the depth where they become complete (CSR) */
  double constant;    /* factors with no unobserved variable */
} Enum;

static double entry(const EsFactor *f, const int *value) {
  long off = 0;
  for (int k = 0; k < f->nvars; k++)
    off = off * f->card[k] + value[f->vars[k]];
  return f->table[off];
}

static double sum_from(Enum *e, int d, double prod) {
  if (d == e->m)
    return prod;
  const int v = e->var[d];
  double sum = 0;
  for (int x = 0; x < e->n->vars[v].card; x++) {
    e->value[v] = x;
    double p = prod;
    for (int k = e->at_first[d]; k < e->at_first[d + 1] && p != 0; k++)
      p *= entry(&e->n->factors[e->at[k]].f, e->value);
    if (p != 0)
      sum += sum_from(e, d + 1, p);
  }
  return sum;
}

/* depth[i] of factor i: the index in e->var of its last unobserved
 * variable, or -1 when it has none. */
static int attach(Enum *e, const int *depth_of_var) {
  const EsNetwork *n = e->n;
  e->at_first = calloc((size_t)e->m + 2, sizeof(int));
  e->at = malloc(sizeof(int) * ((size_t)n->nfactors + 1));
  int *depth = malloc(sizeof(int) * ((size_t)n->nfactors + 1));
  if (!e->at_first || !e->at || !depth) {
    free(depth);
    return ES_ENOMEM;
  }
  e->constant = 1;
  for (int i = 0; i < n->nfactors; i++) {
    const EsFactor *f = &n->factors[i].f;
    depth[i] = -1;
    for (int k = 0; k < f->nvars; k++)
      if (depth_of_var[f->vars[k]] > depth[i])
        depth[i] = depth_of_var[f->vars[k]];
    if (depth[i] < 0)
      e->constant *= entry(f, e->value);
    else
      e->at_first[depth[i] + 2]++;
  }
  for (int d = 0; d < e->m; d++)
    e->at_first[d + 2] += e->at_first[d + 1];
  for (int i = 0; i < n->nfactors; i++)
    if (depth[i] >= 0)
      e->at[e->at_first[depth[i] + 1]++] = i;
  free(depth);
  return ES_OK;
}

int es_network_enumerate(const EsNetwork *n, double limit, double *result, EsError *err) {
  double count = 1;
  for (int v = 0; v < n->nvars; v++)
    count *= n->vars[v].observed < 0 ? n->vars[v].card : 1;
  if (count > limit)
    return es_error_set(err, ES_ELIMIT, n->file, 0, 0,
                        "enumeration refuses %.3g assignments (limit %.3g)", count, limit);
  Enum e = {.n = n};
  e.var = malloc(sizeof(int) * ((size_t)n->nvars + 1));
  e.value = malloc(sizeof(int) * ((size_t)n->nvars + 1));
  int *depth_of_var = malloc(sizeof(int) * ((size_t)n->nvars + 1));
  int rc = ES_ENOMEM;
  if (e.var && e.value && depth_of_var) {
    for (int v = 0; v < n->nvars; v++) {
      e.value[v] = n->vars[v].observed;
      depth_of_var[v] = n->vars[v].observed < 0 ? e.m : -1;
      if (n->vars[v].observed < 0)
        e.var[e.m++] = v;
    }
    rc = attach(&e, depth_of_var);
  }
  if (!rc)
    *result = e.constant == 0 ? 0 : e.constant * sum_from(&e, 0, 1);
  else
    es_error_set(err, rc, NULL, 0, 0, "out of memory");
  free(e.var), free(e.value), free(e.at_first), free(e.at), free(depth_of_var);
  return rc;
}
