/* Device memory in the serial model (memory.h): the serial order, the
 * items' spans, and the resident bytes per device and step by difference
 * arrays. */
#include "scheduler/model/memory.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/model/dag.h"

/* Every item under its producer and each of its readers. */
static int incidences(EsMemory *m) {
  const EsProblem *p = m->p;
  for (int i = 0; i < p->nitems; i++) {
    m->inc_first[p->item_producer[i] + 1]++;
    for (int j = p->item_first[i]; j < p->item_first[i + 1]; j++)
      m->inc_first[p->item_reader[j] + 1]++;
  }
  for (int v = 0; v < m->n; v++)
    m->inc_first[v + 1] += m->inc_first[v];
  int *at = malloc(((size_t)m->n + 1) * sizeof *at);
  if (!at)
    return ES_ENOMEM;
  memcpy(at, m->inc_first, ((size_t)m->n + 1) * sizeof *at);
  for (int i = 0; i < p->nitems; i++) {
    m->inc[at[p->item_producer[i]]++] = i;
    for (int j = p->item_first[i]; j < p->item_first[i + 1]; j++)
      m->inc[at[p->item_reader[j]]++] = i;
  }
  free(at);
  return ES_OK;
}

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
  m->inc_first = calloc(n + 1, sizeof *m->inc_first);
  m->inc = malloc((ni + (size_t)(p->item_first ? p->item_first[p->nitems] : 0)) * sizeof *m->inc);
  double *prio = malloc(n * sizeof *prio);
  EsDag d;
  int rc = ES_ENOMEM;
  if (!m->order || !m->step || !m->last || !m->bytes || !m->diff || !m->scratch || !m->inc_first ||
      !m->inc || !prio || incidences(m))
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
  free(m->inc_first), free(m->inc);
  free(m->diff), free(m->scratch), free(m->tmax), free(m->tadd);
  memset(m, 0, sizeof *m);
}

/* Adds bytes b on device d over steps [from, to] to the differences. */
static void add_diff(EsMemory *m, int d, int from, int to, double b) {
  m->diff[(size_t)d * (size_t)(m->n + 1) + (size_t)from] += b;
  m->diff[(size_t)d * (size_t)(m->n + 1) + (size_t)to + 1] -= b;
}

/* Adds sign * bytes on device d over steps [from, to] to d's segment tree
 * (node covers [lo, hi]; a node's maximum includes its own addition). */
static void tree_add(EsMemory *m, int d, int node, int lo, int hi, int from, int to, double x) {
  double *mx = m->tmax + (size_t)d * 2 * (size_t)m->size,
         *ad = m->tadd + (size_t)d * 2 * (size_t)m->size;
  if (to < lo || hi < from)
    return;
  if (from <= lo && hi <= to) {
    mx[node] += x, ad[node] += x;
    return;
  }
  int mid = lo + (hi - lo) / 2;
  tree_add(m, d, 2 * node, lo, mid, from, to, x);
  tree_add(m, d, 2 * node + 1, mid + 1, hi, from, to, x);
  mx[node] = ad[node] + (mx[2 * node] > mx[2 * node + 1] ? mx[2 * node] : mx[2 * node + 1]);
}

typedef void (*SpanFn)(EsMemory *m, int d, int from, int to, double b);

static void add_tree(EsMemory *m, int d, int from, int to, double b) {
  tree_add(m, d, 1, 0, m->size - 1, from, to, b);
}

static void sub_tree(EsMemory *m, int d, int from, int to, double b) {
  tree_add(m, d, 1, 0, m->size - 1, from, to, -b);
}

/* Calls add on every copy of item i under labels: the producer's device
 * over [s(p), L(i)], each other reader device from its first reader to
 * its last. */
static void item_spans(EsMemory *m, const int *labels, int i, SpanFn add) {
  const EsProblem *p = m->p;
  int *seen = m->scratch, *first = seen + m->nd, *last = first + m->nd, *devs = last + m->nd;
  int a = p->label_device[labels[p->item_producer[i]]], ndevs = 0;
  if (!(m->bytes[i] > 0))
    return;
  add(m, a, m->step[p->item_producer[i]], m->last[i], m->bytes[i]);
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
  for (int k = 0; k < ndevs; k++) {
    seen[devs[k]] = -1;
    add(m, devs[k], first[devs[k]], last[devs[k]], m->bytes[i]);
  }
}

/* The differences of every copy's span under labels. */
static void spans(EsMemory *m, const int *labels) {
  memset(m->diff, 0, (size_t)m->nd * (size_t)(m->n + 1) * sizeof *m->diff);
  for (int d = 0; d < m->nd; d++)
    m->scratch[d] = -1;
  for (int i = 0; i < m->p->nitems; i++)
    item_spans(m, labels, i, add_diff);
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

int es_memory_track(EsMemory *m, const int *labels) {
  if (!m->tmax) {
    for (m->size = 1; m->size < m->n; m->size *= 2)
      ;
    m->tmax = malloc((size_t)m->nd * 2 * (size_t)m->size * sizeof *m->tmax);
    m->tadd = malloc((size_t)m->nd * 2 * (size_t)m->size * sizeof *m->tadd);
    if (!m->tmax || !m->tadd)
      return ES_ENOMEM;
  }
  /* From the profile: leaves hold R_d(k) (steps past n never win), inner
   * nodes the maxima of their children. */
  size_t w = 2 * (size_t)m->size;
  double *r = malloc(((size_t)m->n + 1) * sizeof *r);
  if (!r)
    return ES_ENOMEM;
  spans(m, labels);
  for (int d = 0; d < m->nd; d++) {
    double *mx = m->tmax + (size_t)d * w, *ad = m->tadd + (size_t)d * w;
    int at;
    device_profile(m, d, r, &at);
    for (int k = 0; k < m->size; k++)
      mx[m->size + k] = ad[m->size + k] = k < m->n ? r[k] : -INFINITY;
    for (int x = m->size - 1; x >= 1; x--)
      ad[x] = 0, mx[x] = mx[2 * x] > mx[2 * x + 1] ? mx[2 * x] : mx[2 * x + 1];
  }
  free(r);
  for (int d = 0; d < m->nd; d++)
    m->scratch[d] = -1;
  return ES_OK;
}

void es_memory_move(EsMemory *m, int *labels, int v, int l) {
  for (int j = m->inc_first[v]; j < m->inc_first[v + 1]; j++)
    item_spans(m, labels, m->inc[j], sub_tree);
  labels[v] = l;
  for (int j = m->inc_first[v]; j < m->inc_first[v + 1]; j++)
    item_spans(m, labels, m->inc[j], add_tree);
}

bool es_memory_worst(const EsMemory *m, int *dev, int *step, double *excess) {
  double worst = 0;
  size_t w = 2 * (size_t)m->size;
  for (int d = 0; d < m->nd; d++) {
    double cap = m->p->memory[d];
    const double *mx = m->tmax + (size_t)d * w;
    if (isinf(cap) || !(mx[1] > cap * (1 + 1e-12)) || !((mx[1] - cap) / cap > worst))
      continue;
    worst = (mx[1] - cap) / cap;
    int x = 1; /* down to the leaf of the maximum */
    while (x < m->size)
      x = mx[2 * x] >= mx[2 * x + 1] ? 2 * x : 2 * x + 1;
    if (dev)
      *dev = d;
    if (step)
      *step = x - m->size;
    if (excess)
      *excess = mx[1] - cap;
  }
  return worst == 0;
}
