/* The network model (network.h): construction and look-ups. */
#include "scheduler/sumproduct/network.h"

#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"

EsNetwork *es_network_new(const char *name) {
  EsNetwork *n = calloc(1, sizeof *n);
  if (n && name && !(n->name = es_network_intern(n, name))) {
    free(n);
    return NULL;
  }
  return n;
}

void es_network_free(EsNetwork *n) {
  if (!n)
    return;
  for (int i = 0; i < n->nfactors; i++)
    es_factor_free(&n->factors[i].f);
  free(n->factors);
  free(n->vars);
  es_strmap_free(&n->var_index);
  es_arena_free(&n->arena);
  free(n);
}

const char *es_network_intern(EsNetwork *n, const char *s) { return es_arena_strdup(&n->arena, s); }

int es_network_add_var(EsNetwork *n, const char *name, int card, EsMark mark) {
  const char *copy = es_network_intern(n, name);
  if (!copy || es_vec_reserve(&n->vars, &n->vars_cap, n->nvars + 1, sizeof *n->vars))
    return -1;
  n->vars[n->nvars] = (EsVariable){copy, card, NULL, -1, mark};
  if (es_network_find_var(n, copy) < 0 && es_strmap_put(&n->var_index, copy, n->nvars))
    return -1;
  return n->nvars++;
}

int es_network_find_var(const EsNetwork *n, const char *name) {
  return es_strmap_get(&n->var_index, name);
}

int es_network_find_value(const EsNetwork *n, int v, const char *name, size_t len) {
  const EsVariable *var = &n->vars[v];
  for (int k = 0; var->values && k < var->card; k++)
    if (strlen(var->values[k]) == len && memcmp(var->values[k], name, len) == 0)
      return k;
  return -1;
}

int es_network_add_factor(EsNetwork *n, const char *name, int nvars, const int *vars, int child,
                          EsMark mark, EsError *err) {
  int card[64];
  if (nvars > 64)
    return es_error_set(err, ES_ELIMIT, n->file, mark.line, mark.col,
                        "factor '%s' has %d variables (at most 64)", name, nvars);
  for (int k = 0; k < nvars; k++)
    card[k] = n->vars[vars[k]].card;
  const char *copy = es_network_intern(n, name);
  if (!copy || es_vec_reserve(&n->factors, &n->factors_cap, n->nfactors + 1, sizeof *n->factors))
    return es_error_set(err, ES_ENOMEM, n->file, mark.line, mark.col, "out of memory");
  EsNetFactor *f = &n->factors[n->nfactors];
  int rc = es_factor_init(&f->f, nvars, vars, card, NULL);
  if (rc)
    return es_error_set(err, rc, n->file, mark.line, mark.col,
                        rc == ES_ELIMIT ? "factor '%s' has %.3g entries, too many"
                                        : "out of memory for factor '%s' (%.3g entries)",
                        name, es_factor_entries(nvars, card));
  f->name = copy;
  f->child = child;
  f->mark = mark;
  return n->nfactors++;
}

int *es_network_evidence(const EsNetwork *n) {
  int *e = malloc(sizeof(int) * ((size_t)n->nvars + 1));
  for (int v = 0; e && v < n->nvars; v++)
    e[v] = es_network_fixed(n, v);
  return e;
}

int es_network_nobserved(const EsNetwork *n) {
  int k = 0;
  for (int v = 0; v < n->nvars; v++)
    k += n->vars[v].observed >= 0;
  return k;
}

int es_network_nfree(const EsNetwork *n) {
  int k = 0;
  for (int v = 0; v < n->nvars; v++)
    k += es_network_fixed(n, v) < 0;
  return k;
}
