/* Factors and the sum-product kernel (factor.h). */
#include "scheduler/sumproduct/factor.h"

#include <stdlib.h>
#include <string.h>

double es_factor_entries(int nvars, const int *card) {
  double n = 1;
  for (int i = 0; i < nvars; i++)
    n *= card[i];
  return n;
}

int es_factor_init(EsFactor *f, int nvars, const int *vars, const int *card, EsError *err) {
  memset(f, 0, sizeof *f);
  double n = es_factor_entries(nvars, card);
  if (n > ES_FACTOR_MAX_ENTRIES)
    return es_error_set(err, ES_ELIMIT, NULL, 0, 0,
                        "a factor of %.3g entries exceeds the limit of %.3g", n,
                        ES_FACTOR_MAX_ENTRIES);
  f->vars = malloc(sizeof(int) * ((size_t)nvars + 1));
  f->card = malloc(sizeof(int) * ((size_t)nvars + 1));
  f->table = calloc((size_t)n, sizeof(double));
  if (!f->vars || !f->card || !f->table) {
    es_factor_free(f);
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory (a factor of %.3g entries)", n);
  }
  if (nvars > 0) {
    memcpy(f->vars, vars, sizeof(int) * (size_t)nvars);
    memcpy(f->card, card, sizeof(int) * (size_t)nvars);
  }
  f->nvars = nvars;
  f->size = (long)n;
  return ES_OK;
}

void es_factor_free(EsFactor *f) {
  if (!f)
    return;
  free(f->vars);
  free(f->card);
  free(f->table);
  memset(f, 0, sizeof *f);
}

/* Row-major stride of variable v in f, or 0 when v is not in f's scope. */
static long stride_of(const EsFactor *f, int v) {
  long s = 1;
  for (int k = f->nvars - 1; k >= 0; k--) {
    if (f->vars[k] == v)
      return s;
    s *= f->card[k];
  }
  return 0;
}

int es_factor_reduce(const EsFactor *f, const int *observed, EsFactor *out, EsError *err) {
  int vars[64], card[64], m = 0;
  long base = 0, stride[64];
  if (f->nvars > 64)
    return es_error_set(err, ES_ELIMIT, NULL, 0, 0, "a factor of %d variables (at most 64)",
                        f->nvars);
  for (int k = 0; k < f->nvars; k++) {
    int v = f->vars[k], x = observed[v];
    if (x >= f->card[k])
      return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                          "observed value %d of variable %d "
                          "is out of range (it has %d)",
                          x, v, f->card[k]);
    if (x >= 0)
      base += x * stride_of(f, v);
    else
      vars[m] = v, card[m] = f->card[k], stride[m++] = stride_of(f, v);
  }
  int rc = es_factor_init(out, m, vars, card, err);
  if (rc)
    return rc;
  int digit[64] = {0};
  long off = base;
  for (long e = 0; e < out->size; e++) {
    out->table[e] = f->table[off];
    for (int j = m - 1; j >= 0; j--) {
      off += stride[j];
      if (++digit[j] < card[j])
        break;
      off -= stride[j] * card[j];
      digit[j] = 0;
    }
  }
  return ES_OK;
}

/* Checks that every input variable is var or in out's scope with the same
 * cardinality. */
static int check_scopes(const EsFactor *const *in, int n, int var, int var_card,
                        const EsFactor *out, EsError *err) {
  for (int j = 0; j < out->nvars; j++)
    if (out->vars[j] == var)
      return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                          "the summed variable %d is in the output's scope", var);
  for (int i = 0; i < n; i++)
    for (int k = 0; k < in[i]->nvars; k++) {
      int v = in[i]->vars[k], c = in[i]->card[k], found = v == var ? var_card : -1;
      for (int j = 0; j < out->nvars && found < 0; j++)
        if (out->vars[j] == v)
          found = out->card[j];
      if (found != c)
        return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                            found < 0 ? "variable %d of input %d is not in the output's scope"
                                      : "variable %d of input %d has another cardinality",
                            v, i);
    }
  return ES_OK;
}

/* The inner loop of the kernel: one output entry, var innermost. */
static double sum_entry(const EsFactor *const *in, int n, const long *off, const long *sv,
                        int var_card) {
  double sum = 0;
  for (int x = 0; x < var_card; x++) {
    double p = 1;
    for (int i = 0; i < n; i++)
      p *= in[i]->table[off[i] + x * sv[i]];
    sum += p;
  }
  return sum;
}

int es_factor_sum_product(const EsFactor *const *in, int n, int var, int var_card, EsFactor *out,
                          EsError *err) {
  if (var < 0)
    var_card = 1;
  int rc = check_scopes(in, n, var, var_card, out, err);
  if (rc)
    return rc;
  const int m = out->nvars;
  /* stride[i * m + j]: step of input i's offset when out's variable j
   * advances; sv[i]: its step when var advances. */
  long *stride = malloc(sizeof(long) * ((size_t)n * (size_t)m + 1));
  long *sv = malloc(sizeof(long) * ((size_t)n + 1));
  long *off = calloc((size_t)n + 1, sizeof(long));
  int *digit = calloc((size_t)m + 1, sizeof(int));
  if (!stride || !sv || !off || !digit) {
    rc = es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
    goto out;
  }
  for (int i = 0; i < n; i++) {
    sv[i] = var < 0 ? 0 : stride_of(in[i], var);
    for (int j = 0; j < m; j++)
      stride[i * m + j] = stride_of(in[i], out->vars[j]);
  }
  for (long e = 0; e < out->size; e++) {
    out->table[e] = sum_entry(in, n, off, sv, var_card);
    for (int j = m - 1; j >= 0; j--) {
      for (int i = 0; i < n; i++)
        off[i] += stride[i * m + j];
      if (++digit[j] < out->card[j])
        break;
      for (int i = 0; i < n; i++)
        off[i] -= stride[i * m + j] * out->card[j];
      digit[j] = 0;
    }
  }
out:
  free(stride), free(sv), free(off), free(digit);
  return rc;
}
