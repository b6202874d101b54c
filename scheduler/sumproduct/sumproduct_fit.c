/* Fitting the CPU time model of sum-product tasks (sumproduct.h).
 *
 * Relative least squares: with features x = (1, product * inputs,
 * out * inputs) and measured t, minimize sum_j (x_j . c / t_j - 1)^2, the
 * ordinary least squares problem A c = 1 with rows A_j = x_j / t_j (normal
 * equations on columns scaled to unit maximum). Coefficients must be
 * non-negative: every subset of the features is fitted and the best fit
 * with no negative coefficient wins (a tiny non-negative least squares).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/sumproduct/sumproduct.h"

enum { NF = 3 };

static void features(EsSpShape s, double x[NF]) {
  x[0] = 1;
  x[1] = s.product * s.inputs;
  x[2] = s.out * s.inputs;
}

/* Solves the k x k system m c = r in place (Gaussian elimination, partial
 * pivoting); false when singular. */
static bool solve(double m[NF][NF], double r[NF], int k, double c[NF]) {
  for (int col = 0; col < k; col++) {
    int p = col;
    for (int i = col + 1; i < k; i++)
      if (fabs(m[i][col]) > fabs(m[p][col]))
        p = i;
    if (fabs(m[p][col]) < 1e-12)
      return false;
    for (int j = 0; j < k; j++) {
      double tmp = m[col][j];
      m[col][j] = m[p][j], m[p][j] = tmp;
    }
    double tmp = r[col];
    r[col] = r[p], r[p] = tmp;
    for (int i = col + 1; i < k; i++) {
      double f = m[i][col] / m[col][col];
      for (int j = col; j < k; j++)
        m[i][j] -= f * m[col][j];
      r[i] -= f * r[col];
    }
  }
  for (int i = k - 1; i >= 0; i--) {
    double s = r[i];
    for (int j = i + 1; j < k; j++)
      s -= m[i][j] * c[j];
    c[i] = s / m[i][i];
  }
  return true;
}

/* Fits the features in mask; returns the relative RMS error, or INFINITY
 * when the fit is singular or has a negative coefficient. */
static double fit_subset(const EsSpShape *shapes, const double *t, int n, unsigned mask,
                         double c[NF]) {
  int idx[NF], k = 0;
  double scale[NF] = {0};
  for (int f = 0; f < NF; f++)
    if (mask & (1u << f))
      idx[k++] = f;
  for (int j = 0; j < n; j++) {
    double x[NF];
    features(shapes[j], x);
    for (int a = 0; a < k; a++)
      scale[a] = fmax(scale[a], x[idx[a]] / t[j]);
  }
  double m[NF][NF] = {{0}}, r[NF] = {0}, sol[NF] = {0};
  for (int j = 0; j < n; j++) {
    double x[NF];
    features(shapes[j], x);
    for (int a = 0; a < k; a++) {
      double xa = x[idx[a]] / t[j] / scale[a];
      r[a] += xa;
      for (int b = 0; b < k; b++)
        m[a][b] += xa * x[idx[b]] / t[j] / scale[b];
    }
  }
  if (!solve(m, r, k, sol))
    return INFINITY;
  memset(c, 0, sizeof(double) * NF);
  for (int a = 0; a < k; a++) {
    if (sol[a] < 0)
      return INFINITY;
    c[idx[a]] = sol[a] / scale[a];
  }
  double sq = 0;
  for (int j = 0; j < n; j++) {
    double x[NF], pred = 0;
    features(shapes[j], x);
    for (int f = 0; f < NF; f++)
      pred += c[f] * x[f];
    sq += (pred / t[j] - 1) * (pred / t[j] - 1);
  }
  return sqrt(sq / n);
}

int es_sp_cpu_fit(const EsSpShape *shapes, const double *seconds, int n, EsSpCpuModel *out,
                  double *rel_rms, EsError *err) {
  if (n < NF)
    return es_error_set(err, ES_EINVAL, NULL, 0, 0, "a fit needs at least %d samples", NF);
  for (int j = 0; j < n; j++)
    if (!(seconds[j] > 0))
      return es_error_set(err, ES_EINVAL, NULL, 0, 0, "sample %d has no positive time", j);
  double best = INFINITY, c[NF];
  for (unsigned mask = 1; mask < (1u << NF); mask++) {
    double e = fit_subset(shapes, seconds, n, mask, c);
    if (e < best) {
      best = e;
      memcpy(out->c, c, sizeof c);
    }
  }
  if (isinf(best))
    return es_error_set(err, ES_EINVAL, NULL, 0, 0, "no non-negative fit");
  out->source = "fitted to measurements";
  if (rel_rms)
    *rel_rms = best;
  return ES_OK;
}
