/* Forward sampling of Bayesian networks (network.h): variables in an order
 * where every parent precedes its child, each drawn from its CPT row given
 * the parents' drawn values. */
#include <stdlib.h>

#include "scheduler/sumproduct/network.h"
#include "scheduler/base/rng.h"

/* cpt[v] = the factor whose child is v; ES_EINVAL when one is missing. */
static int cpts(const EsNetwork *n, int *cpt, EsError *err) {
  for (int v = 0; v < n->nvars; v++)
    cpt[v] = -1;
  for (int i = 0; i < n->nfactors; i++) {
    const EsNetFactor *f = &n->factors[i];
    if (f->child < 0 || f->f.nvars == 0 || f->f.vars[f->f.nvars - 1] != f->child)
      return es_error_set(err, ES_EINVAL, n->file, 0, 0,
                          "factor '%s' is not a CPT with its child last", f->name);
    cpt[f->child] = i;
  }
  for (int v = 0; v < n->nvars; v++)
    if (cpt[v] < 0)
      return es_error_set(err, ES_EINVAL, n->file, 0, 0, "variable '%s' has no CPT",
                          n->vars[v].name);
  return ES_OK;
}

/* Draws v given its parents' values (all set); false when its row is 0. */
static bool draw(const EsFactor *f, int *values, EsRng *r) {
  long row = 0;
  for (int k = 0; k + 1 < f->nvars; k++)
    row = row * f->card[k] + values[f->vars[k]];
  int card = f->card[f->nvars - 1];
  const double *p = f->table + row * card;
  double total = 0;
  for (int x = 0; x < card; x++)
    total += p[x];
  if (!(total > 0))
    return false;
  double u = es_rng_uniform(r) * total, acc = 0;
  int x = 0;
  while (x < card - 1 && (acc += p[x]) <= u)
    x++;
  while (p[x] == 0 && x > 0) /* never draw an impossible value at the edge */
    x--;
  values[f->vars[f->nvars - 1]] = x;
  return true;
}

/* Repeatedly draws every variable whose parents are drawn. O(V * F). */
static int sample(const EsNetwork *n, const int *cpt, EsRng *r, int *values, EsError *err) {
  for (int v = 0; v < n->nvars; v++)
    values[v] = -1;
  for (int done = 0, progress = 1; done < n->nvars;) {
    if (!progress)
      return es_error_set(err, ES_EINVAL, n->file, 0, 0, "the CPTs form a directed cycle");
    progress = 0;
    for (int v = 0; v < n->nvars; v++) {
      const EsFactor *f = &n->factors[cpt[v]].f;
      bool ready = values[v] < 0;
      for (int k = 0; ready && k + 1 < f->nvars; k++)
        ready = values[f->vars[k]] >= 0;
      if (!ready)
        continue;
      if (!draw(f, values, r))
        return es_error_set(err, ES_EINVAL, n->file, 0, 0, "a row of the CPT of '%s' sums to zero",
                            n->vars[v].name);
      done++, progress = 1;
    }
  }
  return ES_OK;
}

int es_network_sample(const EsNetwork *n, uint64_t seed, int *values, EsError *err) {
  if (!n->bayesian)
    return es_error_set(err, ES_EINVAL, n->file, 0, 0, "forward sampling needs a Bayesian network");
  int *cpt = malloc(sizeof(int) * ((size_t)n->nvars + 1));
  if (!cpt)
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  EsRng r;
  es_rng_seed(&r, seed);
  int rc = cpts(n, cpt, err);
  if (!rc)
    rc = sample(n, cpt, &r, values, err);
  free(cpt);
  return rc;
}

int es_network_observe_leaves(EsNetwork *n, uint64_t seed, int *nobserved, EsError *err) {
  int *values = malloc(sizeof(int) * ((size_t)n->nvars + 1));
  unsigned char *parent = calloc((size_t)n->nvars + 1, 1);
  int rc = values && parent ? es_network_sample(n, seed, values, err)
                            : es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  for (int i = 0; !rc && i < n->nfactors; i++)
    for (int j = 0; j < n->factors[i].f.nvars; j++)
      if (n->factors[i].f.vars[j] != n->factors[i].child)
        parent[n->factors[i].f.vars[j]] = 1;
  *nobserved = 0;
  for (int v = 0; !rc && v < n->nvars; v++)
    if (!parent[v])
      n->vars[v].observed = values[v], ++*nobserved;
  free(values), free(parent);
  return rc;
}
