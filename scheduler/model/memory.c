/* Device memory in the serial model (memory.h): the serial order, the
 * items' spans, and the resident bytes per device and step by difference
 * arrays. */
#include "scheduler/model/memory.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/model/dag.h"

int es_memory_init(EsMemory *m, const EsProblem *p, EsError *err) {
  memset(m, 0, sizeof *m);
  m->p = p, m->n = p->ntasks, m->nd = p->ndevices;
  size_t n = (size_t)m->n + 1, ni = (size_t)p->nitems + 1, nd = (size_t)m->nd;
  m->order = malloc(n * sizeof *m->order);
  m->step = malloc(n * sizeof *m->step);
  m->last = malloc(ni * sizeof *m->last);
  m->bytes = malloc(ni * sizeof *m->bytes);
  m->diff = malloc(nd * n * sizeof *m->diff);
  m->scratch = malloc(4 * nd * sizeof *m->scratch);
  double *prio = malloc(n * sizeof *prio);
  EsDag d;
  int rc = ES_ENOMEM;
  if (!m->order || !m->step || !m->last || !m->bytes || !m->diff || !m->scratch || !prio)
    goto out;
  if ((rc = es_dag_build(p, &d, err)))
    goto out;
  for (int v = 0; v < m->n; v++)
    prio[v] = -(double)v; /* the ready task of least index first */
  rc = es_dag_priority_order(&d, prio, m->order);
  es_dag_free(&d);
  if (rc)
    goto out;
  for (int k = 0; k < m->n; k++)
    m->step[m->order[k]] = k;
  for (int i = 0; i < p->nitems; i++) {
    m->bytes[i] = es_memory_item_bytes(p, i);
    m->last[i] = m->step[p->item_producer[i]];
    for (int j = p->item_first[i]; j < p->item_first[i + 1]; j++)
      if (m->step[p->item_reader[j]] > m->last[i])
        m->last[i] = m->step[p->item_reader[j]];
  }
out:
  free(prio);
  if (rc) {
    es_memory_free(m);
    if (rc == ES_ENOMEM)
      es_error_set(err, rc, NULL, 0, 0, "out of memory");
  }
  return rc;
}

void es_memory_free(EsMemory *m) {
  free(m->order), free(m->step), free(m->last), free(m->bytes);
  free(m->diff), free(m->scratch);
  memset(m, 0, sizeof *m);
}

/* Adds bytes b on device d over steps [from, to] to the differences. */
static void add_span(EsMemory *m, int d, int from, int to, double b) {
  m->diff[(size_t)d * (size_t)(m->n + 1) + (size_t)from] += b;
  m->diff[(size_t)d * (size_t)(m->n + 1) + (size_t)to + 1] -= b;
}

/* The differences of every copy's span under labels. */
static void spans(EsMemory *m, const int *labels) {
  const EsProblem *p = m->p;
  int *seen = m->scratch, *first = seen + m->nd, *last = first + m->nd, *devs = last + m->nd;
  memset(m->diff, 0, (size_t)m->nd * (size_t)(m->n + 1) * sizeof *m->diff);
  for (int d = 0; d < m->nd; d++)
    seen[d] = -1;
  for (int i = 0; i < p->nitems; i++) {
    if (!(m->bytes[i] > 0))
      continue;
    int a = p->label_device[labels[p->item_producer[i]]], ndevs = 0;
    add_span(m, a, m->step[p->item_producer[i]], m->last[i], m->bytes[i]);
    for (int j = p->item_first[i]; j < p->item_first[i + 1]; j++) {
      int r = p->item_reader[j], d = p->label_device[labels[r]], s = m->step[r];
      if (d == a)
        continue;
      if (seen[d] != i) {
        seen[d] = i, first[d] = last[d] = s, devs[ndevs++] = d;
        continue;
      }
      first[d] = s < first[d] ? s : first[d];
      last[d] = s > last[d] ? s : last[d];
    }
    for (int k = 0; k < ndevs; k++)
      add_span(m, devs[k], first[devs[k]], last[devs[k]], m->bytes[i]);
  }
}

/* Prefix sums of device d's differences: R_d(k) into out (may be NULL);
 * returns the peak and its step in *at. */
static double device_profile(const EsMemory *m, int d, double *out, int *at) {
  const double *x = m->diff + (size_t)d * (size_t)(m->n + 1);
  double sum = 0, peak = 0;
  *at = 0;
  for (int k = 0; k < m->n; k++) {
    sum += x[k];
    if (out)
      out[k] = sum;
    if (sum > peak)
      peak = sum, *at = k;
  }
  return peak;
}

void es_memory_profile(EsMemory *m, const int *labels, double *resident, double *peak) {
  spans(m, labels);
  for (int d = 0; d < m->nd; d++) {
    int at;
    double top = device_profile(m, d, resident ? resident + (size_t)d * (size_t)m->n : NULL, &at);
    if (peak)
      peak[d] = top;
  }
}

bool es_memory_fits(EsMemory *m, const int *labels, int *dev, int *step, double *excess) {
  spans(m, labels);
  double worst = 0;
  for (int d = 0; d < m->nd; d++) {
    double cap = m->p->memory[d];
    if (isinf(cap))
      continue;
    int at;
    double peak = device_profile(m, d, NULL, &at);
    if (peak > cap * (1 + 1e-12) && (peak - cap) / cap > worst) {
      worst = (peak - cap) / cap;
      if (dev)
        *dev = d;
      if (step)
        *step = at;
      if (excess)
        *excess = peak - cap;
    }
  }
  return worst == 0;
}
