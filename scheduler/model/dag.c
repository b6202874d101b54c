/* The DAG view of a problem and the ranks list schedulers order by
 * (timed.h). Ranks use mean costs: a task's mean time over the devices it
 * may run on at the top level, an item's mean transfer time over ordered
 * device pairs (Topcuoglu et al. 2002; EASEF Eq. 3-6; the dissertation's
 * top and bottom distances, Ch. 4).
 */
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/model/dag.h"

double es_timed_task_time(const EsProblem *p, int v, int l) {
  return p->value[ES_OBJ_TIME][(long)v * p->nlabels + l];
}

double es_timed_comm(const EsProblem *p, int item, int from_dev, int to_dev) {
  if (item < 0 || from_dev == to_dev)
    return 0;
  return es_problem_item_cost_obj(p, ES_OBJ_TIME, item, from_dev, to_dev);
}

double es_dag_mean_comm(const EsDag *d, int item) { return item < 0 ? 0 : d->item_mean_comm[item]; }

/* Arcs from items (producer -> each reader) and order edges, as CSR. */
static int build_arcs(const EsProblem *p, EsDag *d) {
  int n = p->ntasks, m = p->norders + (p->item_first ? p->item_first[p->nitems] : 0);
  int *pc = calloc((size_t)n + 2, sizeof(int)), *sc = calloc((size_t)n + 2, sizeof(int));
  d->pred_first = calloc((size_t)n + 1, sizeof(int));
  d->succ_first = calloc((size_t)n + 1, sizeof(int));
  d->pred = malloc(((size_t)m + 1) * sizeof(EsArc));
  d->succ = malloc(((size_t)m + 1) * sizeof(EsArc));
  d->pred_weight = malloc(((size_t)m + 1) * sizeof(double));
  if (!pc || !sc || !d->pred_first || !d->succ_first || !d->pred || !d->succ || !d->pred_weight) {
    free(pc), free(sc);
    return ES_ENOMEM;
  }
  for (int i = 0; i < p->nitems; i++)
    for (int k = p->item_first[i]; k < p->item_first[i + 1]; k++)
      sc[p->item_producer[i] + 1]++, pc[p->item_reader[k] + 1]++;
  for (int o = 0; o < p->norders; o++)
    sc[p->order_from[o] + 1]++, pc[p->order_to[o] + 1]++;
  for (int v = 0; v < n; v++)
    pc[v + 1] += pc[v], sc[v + 1] += sc[v];
  memcpy(d->pred_first, pc, ((size_t)n + 1) * sizeof(int));
  memcpy(d->succ_first, sc, ((size_t)n + 1) * sizeof(int));
  for (int i = 0; i < p->nitems; i++)
    for (int k = p->item_first[i]; k < p->item_first[i + 1]; k++) {
      int u = p->item_producer[i], v = p->item_reader[k];
      d->succ[sc[u]++] = (EsArc){v, i};
      d->pred_weight[pc[v]] = p->item_weight[ES_OBJ_TIME][i];
      d->pred[pc[v]++] = (EsArc){u, i};
    }
  for (int o = 0; o < p->norders; o++) {
    int u = p->order_from[o], v = p->order_to[o];
    d->succ[sc[u]++] = (EsArc){v, -1};
    d->pred_weight[pc[v]] = 0;
    d->pred[pc[v]++] = (EsArc){u, -1};
  }
  free(pc), free(sc);
  return ES_OK;
}

/* Kahn's algorithm, smallest index first among the ready (a FIFO suffices:
 * any topological order will do for the sweeps that use it). */
static int build_topo(EsDag *d) {
  int *indeg = calloc((size_t)d->n + 1, sizeof(int));
  if (!indeg)
    return ES_ENOMEM;
  for (int v = 0; v < d->n; v++)
    indeg[v] = d->pred_first[v + 1] - d->pred_first[v];
  int head = 0, tail = 0;
  for (int v = 0; v < d->n; v++)
    if (indeg[v] == 0)
      d->topo[tail++] = v;
  while (head < tail) {
    int u = d->topo[head++];
    for (int k = d->succ_first[u]; k < d->succ_first[u + 1]; k++)
      if (--indeg[d->succ[k].task] == 0)
        d->topo[tail++] = d->succ[k].task;
  }
  free(indeg);
  return tail == d->n ? ES_OK : ES_ECYCLE;
}

/* The mean over ordered device pairs of the transfer time of an item of
 * weight w (es_timed_comm's cost depends on the weight alone). */
static double mean_comm_of(const EsProblem *p, int item) {
  double sum = 0;
  int cnt = 0;
  for (int a = 0; a < p->ndevices; a++)
    for (int b = 0; b < p->ndevices; b++) {
      double c = a == b ? 0 : es_timed_comm(p, item, a, b);
      if (a != b && !isinf(c))
        sum += c, cnt++;
    }
  return cnt ? sum / cnt : 0;
}

/* Items share few distinct weights (the transfer times of a generator,
 * the sizes of one array's sections), and each mean costs O(devices^2): a
 * direct-mapped memo of weight -> mean, of about two slots per item (at
 * most 2^16), which gives the same bits. NULL when out of memory: no memo. */
typedef struct Memo {
  uint64_t bits;
  double mean;
  bool used;
} Memo;

static void mean_costs(const EsProblem *p, EsDag *d) {
  for (int v = 0; v < d->n; v++) {
    double sum = 0, best = INFINITY;
    int cnt = 0;
    for (int dev = 0; dev < p->ndevices; dev++) {
      double t = es_timed_task_time(p, v, d->top_label[dev]);
      d->top_time[(long)v * d->ndevices + dev] = t;
      d->serial_time[dev] += t;
      if (isinf(t))
        continue;
      sum += t, cnt++;
      best = t < best ? t : best;
    }
    d->mean_time[v] = cnt ? sum / cnt : 0;
    d->min_time[v] = cnt ? best : 0;
  }
  int shift = 64 - 4; /* slots = 2^(64 - shift) */
  while (shift > 48 && (1 << (64 - shift)) < 2 * p->nitems)
    shift--;
  Memo *memo = calloc((size_t)1 << (64 - shift), sizeof *memo);
  const double *weight = p->item_weight[ES_OBJ_TIME];
  for (int i = 0; i < p->nitems; i++) {
    uint64_t bits;
    memcpy(&bits, &weight[i], sizeof bits);
    Memo *m = memo ? &memo[(bits * 0x9E3779B97F4A7C15u) >> shift] : NULL; /* Fibonacci hash */
    if (!m)
      d->item_mean_comm[i] = mean_comm_of(p, i);
    else if (m->used && m->bits == bits)
      d->item_mean_comm[i] = m->mean;
    else
      *m = (Memo){bits, d->item_mean_comm[i] = mean_comm_of(p, i), true};
  }
  free(memo);
}

/* The arrays of one DAG view, shared by every EsDag that es_dag_build hands
 * out for a problem and kept in the problem's cache: counted references. */
struct EsDagShared {
  atomic_int refs;
  /* What it was built from (problem.h: shallow copies share a cache). */
  const void *key[11];
  int dims[5];
  EsDag dag; /* owns the arrays */
};

static const char cache_tag = 0; /* the DAG's slot in a problem's cache */

static void dag_key(const EsProblem *p, const void *key[11], int dims[5]) {
  const void *k[11] = {p->item_producer,
                       p->item_first,
                       p->item_reader,
                       p->item_weight[ES_OBJ_TIME],
                       p->order_from,
                       p->order_to,
                       p->label_device,
                       p->label_level,
                       p->value[ES_OBJ_TIME],
                       p->xfer_unit[ES_OBJ_TIME],
                       p->xfer_fixed[ES_OBJ_TIME]};
  memcpy(key, k, sizeof k);
  int n[5] = {p->ntasks, p->nitems, p->norders, p->nlabels, p->ndevices};
  memcpy(dims, n, sizeof n);
}

static bool shared_fits(const EsDagShared *s, const EsProblem *p) {
  const void *key[11];
  int dims[5];
  dag_key(p, key, dims);
  return !memcmp(key, s->key, sizeof key) && !memcmp(dims, s->dims, sizeof dims);
}

static void free_arrays(EsDag *d) {
  free(d->pred_first), free(d->succ_first), free(d->pred), free(d->succ), free(d->pred_weight);
  free(d->topo), free(d->top_label), free(d->mean_time), free(d->min_time);
  free(d->item_mean_comm), free(d->serial_time), free(d->top_time);
}

static void shared_release(void *data) {
  EsDagShared *s = data;
  if (atomic_fetch_sub(&s->refs, 1) == 1) {
    free_arrays(&s->dag);
    free(s);
  }
}

/* Builds the arrays of d; returns 0, ES_ENOMEM or ES_ECYCLE. */
static int build(const EsProblem *p, EsDag *d) {
  d->n = p->ntasks;
  d->topo = malloc(((size_t)d->n + 1) * sizeof(int));
  d->top_label = malloc(((size_t)p->ndevices + 1) * sizeof(int));
  d->mean_time = malloc(((size_t)d->n + 1) * sizeof(double));
  d->min_time = malloc(((size_t)d->n + 1) * sizeof(double));
  d->serial_time = calloc((size_t)p->ndevices + 1, sizeof(double));
  d->ndevices = p->ndevices;
  d->top_time = malloc(((size_t)d->n * p->ndevices + 1) * sizeof(double));
  d->item_mean_comm = malloc(((size_t)p->nitems + 1) * sizeof(double));
  if (!d->topo || !d->top_label || !d->mean_time || !d->min_time || !d->serial_time ||
      !d->top_time || !d->item_mean_comm || build_arcs(p, d))
    return ES_ENOMEM;
  for (int dev = 0; dev < p->ndevices; dev++)
    d->top_label[dev] = es_problem_label(p, dev, 0);
  int rc = build_topo(d);
  if (!rc)
    mean_costs(p, d);
  return rc;
}

int es_dag_build(const EsProblem *p, EsDag *d, EsError *err) {
  memset(d, 0, sizeof *d);
  if (!p->value[ES_OBJ_TIME])
    return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                        "timed schedulers need task times: give tasks 'time:' (and edges "
                        "'time:' or 'bytes:' with a platform)");
  EsDagShared *s = es_problem_cache_take(p->cache, &cache_tag);
  if (s && !shared_fits(s, p))
    shared_release(s), s = NULL;
  if (!s) {
    int rc = ES_ENOMEM;
    if ((s = calloc(1, sizeof *s)) && !(rc = build(p, &s->dag))) {
      atomic_init(&s->refs, 1); /* the cache's */
      dag_key(p, s->key, s->dims);
    } else {
      if (s)
        free_arrays(&s->dag);
      free(s);
      return es_error_set(err, rc, NULL, 0, 0,
                          rc == ES_ECYCLE ? "the graph has a cycle" : "out of memory");
    }
  }
  atomic_fetch_add(&s->refs, 1); /* the caller's */
  *d = s->dag;
  d->shared = s;
  es_problem_cache_put(p->cache, &cache_tag, s, shared_release);
  return ES_OK;
}

void es_dag_free(EsDag *d) {
  if (!d)
    return;
  if (d->shared)
    shared_release(d->shared);
  memset(d, 0, sizeof *d);
}

/* rank_u(v) = w(v) + max_{s in succ(v)} (c(v, s) + rank_u(s)) (EASEF Eq. 4),
 * over the alive tasks (all when alive is NULL). */
void es_dag_upward_rank_among(const EsDag *d, const bool *alive, double *out) {
  for (int i = d->n - 1; i >= 0; i--) {
    int v = d->topo[i];
    if (alive && !alive[v])
      continue;
    double best = 0;
    for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++)
      if (!alive || alive[d->succ[k].task]) {
        double r = es_dag_mean_comm(d, d->succ[k].item) + out[d->succ[k].task];
        best = r > best ? r : best;
      }
    out[v] = d->mean_time[v] + best;
  }
}

/* rank_d(v) = max_{u in pred(v)} (rank_d(u) + w(u) + c(u, v)) (EASEF Eq. 5) */
void es_dag_downward_rank_among(const EsDag *d, const bool *alive, double *out) {
  for (int i = 0; i < d->n; i++) {
    int v = d->topo[i];
    if (alive && !alive[v])
      continue;
    double best = 0;
    for (int k = d->pred_first[v]; k < d->pred_first[v + 1]; k++) {
      int u = d->pred[k].task;
      if (alive && !alive[u])
        continue;
      double r = out[u] + d->mean_time[u] + es_dag_mean_comm(d, d->pred[k].item);
      best = r > best ? r : best;
    }
    out[v] = best;
  }
}

void es_dag_upward_rank(const EsDag *d, double *out) { es_dag_upward_rank_among(d, NULL, out); }

void es_dag_downward_rank(const EsDag *d, double *out) { es_dag_downward_rank_among(d, NULL, out); }

void es_dag_path_priority(const EsDag *d, double *prio, double *down) {
  es_dag_upward_rank(d, prio);
  es_dag_downward_rank(d, down);
  for (int v = 0; v < d->n; v++)
    prio[v] += down[v];
}

/* On a critical path prio is constant (the path's length); a successor
 * with the same prio continues it. */
int es_dag_critical_path(const EsDag *d, const double *prio, int *path) {
  int v = -1, len = 0;
  for (int u = 0; u < d->n; u++)
    if (d->pred_first[u] == d->pred_first[u + 1] &&
        (v < 0 || es_rank_cmp(prio[u], u, prio[v], v) < 0))
      v = u;
  while (v >= 0) {
    path[len++] = v;
    int next = -1;
    for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++) {
      int s = d->succ[k].task;
      if (next < 0 || es_rank_cmp(prio[s], s, prio[next], next) < 0)
        next = s;
    }
    v = next >= 0 && es_rank_cmp(prio[next], 0, prio[v], 0) == 0 ? next : -1;
  }
  return len;
}

int es_rank_cmp(double ra, int a, double rb, int b) {
  if (isinf(ra) || isinf(rb)) {
    if (ra != rb)
      return ra > rb ? -1 : 1;
    return (a > b) - (a < b);
  }
  double scale = fabs(ra) > fabs(rb) ? fabs(ra) : fabs(rb);
  if (fabs(ra - rb) > 1e-9 * (scale > 1 ? scale : 1))
    return ra > rb ? -1 : 1;
  return (a > b) - (a < b);
}

typedef struct Heap {
  int *v;
  int len;
  const double *prio;
} Heap;

static bool before(const Heap *h, int i, int j) {
  return es_rank_cmp(h->prio[h->v[i]], h->v[i], h->prio[h->v[j]], h->v[j]) < 0;
}

static void swap(Heap *h, int i, int j) {
  int t = h->v[i];
  h->v[i] = h->v[j], h->v[j] = t;
}

static void heap_push(Heap *h, int x) {
  int i = h->len++;
  h->v[i] = x;
  while (i > 0 && before(h, i, (i - 1) / 2))
    swap(h, i, (i - 1) / 2), i = (i - 1) / 2;
}

static int heap_pop(Heap *h) {
  int top = h->v[0];
  h->v[0] = h->v[--h->len];
  for (int i = 0;;) {
    int l = 2 * i + 1, r = l + 1, m = i;
    if (l < h->len && before(h, l, m))
      m = l;
    if (r < h->len && before(h, r, m))
      m = r;
    if (m == i)
      break;
    swap(h, i, m), i = m;
  }
  return top;
}

int es_dag_priority_order(const EsDag *d, const double *prio, int *order) {
  int *indeg = calloc((size_t)d->n + 1, sizeof(int));
  Heap h = {malloc(((size_t)d->n + 1) * sizeof(int)), 0, prio};
  if (!indeg || !h.v) {
    free(indeg), free(h.v);
    return ES_ENOMEM;
  }
  for (int v = 0; v < d->n; v++)
    if ((indeg[v] = d->pred_first[v + 1] - d->pred_first[v]) == 0)
      heap_push(&h, v);
  for (int i = 0; h.len > 0; i++) {
    int u = order[i] = heap_pop(&h);
    for (int k = d->succ_first[u]; k < d->succ_first[u + 1]; k++)
      if (--indeg[d->succ[k].task] == 0)
        heap_push(&h, d->succ[k].task);
  }
  free(indeg), free(h.v);
  return ES_OK;
}

int es_dag_heft_order(const EsDag *d, int *order) {
  double *rank = malloc(((size_t)d->n + 1) * sizeof *rank);
  if (!rank)
    return ES_ENOMEM;
  es_dag_upward_rank(d, rank);
  int rc = es_dag_priority_order(d, rank, order);
  free(rank);
  return rc;
}

int es_dag_fastest_device(const EsProblem *p, const EsDag *d, const bool *subset, double *time) {
  int best = -1;
  *time = INFINITY;
  for (int dev = 0; dev < p->ndevices; dev++) {
    double sum = subset ? 0 : d->serial_time[dev];
    for (int v = 0; subset && v < d->n; v++)
      if (subset[v])
        sum += es_timed_task_time(p, v, d->top_label[dev]);
    if (sum < *time)
      *time = sum, best = dev;
  }
  return best;
}

int es_dag_best_single_device(const EsProblem *p, const EsDag *d, double *time) {
  return es_dag_fastest_device(p, d, NULL, time);
}

/* Critical path by mean costs (from the entry of largest rank_u, the
 * successor that defines rank_u, first on ties, until an exit), then the
 * processor that runs it fastest. */
double es_dag_slr_base(const EsProblem *p, const EsDag *d, int *proc) {
  double *up = malloc(((size_t)d->n + 1) * sizeof(double)), time = NAN;
  bool *on_path = calloc((size_t)d->n + 1, sizeof(bool));
  *proc = -1;
  if (!up || !on_path)
    goto out;
  es_dag_upward_rank(d, up);
  int v = -1;
  for (int u = 0; u < d->n; u++)
    if (d->pred_first[u] == d->pred_first[u + 1] && (v < 0 || es_rank_cmp(up[u], u, up[v], v) < 0))
      v = u;
  while (v >= 0) {
    on_path[v] = true;
    int next = -1;
    double want = up[v] - d->mean_time[v], bestr = -INFINITY;
    for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++) {
      double r = es_dag_mean_comm(d, d->succ[k].item) + up[d->succ[k].task];
      if (r > bestr + 1e-12 * (fabs(want) + 1))
        bestr = r, next = d->succ[k].task;
    }
    v = next;
  }
  *proc = es_dag_fastest_device(p, d, on_path, &time);
out:
  free(up), free(on_path);
  return time;
}
