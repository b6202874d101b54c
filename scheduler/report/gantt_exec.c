/* The timeline the runtime's executors follow for an energy schedule
 * (gantt.h), as runtime-stub/exec and power/account.c account it:
 *   serial      every transfer and task in program order, one at a time;
 *   concurrent  each device runs its tasks in program order; a task's
 *               missing inputs are copied to its device when the device is
 *               free (each copy waiting for its data), and the task starts
 *               once every input is current there.
 * Host code and the write-back at a region's end copy on the host's own
 * clock (its last access to task data), each copy waiting for its data; the
 * write-back copies in the graph's order (the runtime: by address, which the
 * graph does not know, so its last copies may come in another order). A
 * data item is current on the devices that produced or received it since it
 * was last written; edges from one producer naming one item share their
 * transfers (as the runtime's data registry moves each range once). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/report/gantt.h"

typedef struct Sim {
  EsChart *c;
  const EsSchedule *s;
  const EsGraph *g;
  const EsPlatform *pf;
  bool concurrent;
  int ndev, host;
  int *dev_row;            /* device -> chart row */
  int *pf_dev;             /* device -> platform device, or -1 */
  int *entry_dev;          /* entry -> device */
  int *entry_task;         /* entry -> graph task, or -1 */
  int *in_first, *in_edge; /* incoming edges of each graph task */
  int *item;               /* edge -> its item: the first edge of its producer naming its data */
  double *ready;           /* [item * ndev + d]: when the item became current on d; NAN: not */
  double *free_at;         /* per device (concurrent) */
  double *finish;          /* per graph task */
  double clock;            /* serial */
  double host_clock;       /* concurrent: the host code's last access to task data */
} Sim;

static int device_of(Sim *m, const char *name) {
  int row = es_chart_row(m->c, name, ES_ROW_DEVICE);
  for (int d = 0; d < m->ndev; d++)
    if (m->dev_row[d] == row)
      return d;
  m->dev_row[m->ndev] = row;
  m->pf_dev[m->ndev] = m->pf ? es_platform_find_device(m->pf, name) : -1;
  return row < 0 ? -1 : m->ndev++;
}

/* Seconds to move bytes over the direct link a -> b (0 without one). */
static double link_time(const Sim *m, int a, int b, double bytes) {
  const EsLink *l = m->pf && m->pf_dev[a] >= 0 && m->pf_dev[b] >= 0
                        ? es_platform_link(m->pf, m->pf_dev[a], m->pf_dev[b])
                        : NULL;
  return l ? l->latency + bytes / l->bandwidth : 0;
}

static int leg(Sim *m, int a, int b, double bytes, const char *label, double start, double *end) {
  char name[200];
  snprintf(name, sizeof name, "%s \xe2\x86\x92 %s", m->c->rows[m->dev_row[a]].name,
           m->c->rows[m->dev_row[b]].name);
  int row = es_chart_row(m->c, name, ES_ROW_LINK);
  *end = start + link_time(m, a, b, bytes);
  return row < 0 ? ES_ENOMEM
                 : es_chart_bar(m->c, (EsBar){row, start, *end, label, -1, false, bytes});
}

/* Copies item it from a to b starting at start, through the host when the
 * two have no direct link. */
static int move(Sim *m, int a, int b, double bytes, const char *label, double start, double *end) {
  bool direct = m->pf && m->pf_dev[a] >= 0 && m->pf_dev[b] >= 0 &&
                es_platform_link(m->pf, m->pf_dev[a], m->pf_dev[b]);
  if (direct || a == m->host || b == m->host)
    return leg(m, a, b, bytes, label, start, end);
  double mid;
  int rc = leg(m, a, m->host, bytes, label, start, &mid);
  return rc ? rc : leg(m, m->host, b, bytes, label, mid, end);
}

/* Makes the inputs of graph task t current on device d; returns when the
 * task may start in *start. */
static int fetch_inputs(Sim *m, int t, int d, double *start) {
  bool host = m->g->tasks[t].kind == ES_TASK_HOST; /* host code, or the write-back */
  double clock = !m->concurrent ? m->clock : host ? m->host_clock : m->free_at[d], ready = clock;
  for (int k = m->in_first[t]; k < m->in_first[t + 1]; k++) {
    const EsEdge *e = &m->g->edges[m->in_edge[k]];
    double *at = &m->ready[(size_t)m->item[m->in_edge[k]] * (size_t)m->ndev];
    if (e->kind != ES_EDGE_DATA || !(e->bytes > 0) || !isnan(at[d])) {
      double dep = e->kind == ES_EDGE_DATA && e->bytes > 0 ? at[d] : m->finish[e->from];
      ready = dep > ready ? dep : ready;
      continue;
    }
    int src = !isnan(at[m->host]) ? m->host : -1;
    for (int x = 0; x < m->ndev && src < 0; x++)
      src = !isnan(at[x]) ? x : -1;
    if (src < 0)
      continue; /* never produced: nothing to move */
    double begin = m->concurrent && at[src] > clock ? at[src] : clock, end;
    int rc = move(m, src, d, e->bytes, e->data ? e->data : m->g->tasks[e->from].name, begin, &end);
    if (rc)
      return rc;
    at[d] = clock = end;
    ready = end > ready ? end : ready;
  }
  if (!m->concurrent)
    m->clock = clock;
  else if (host && clock > m->host_clock)
    m->host_clock = clock;
  *start = ready;
  return ES_OK;
}

/* When the item of out-edge k of t is current on d: at t's finish; for host
 * code, which the runtime syncs one item at a time, when that item itself
 * reached the host. */
static double written_at(const Sim *m, int t, int k, int d, double finish) {
  const char *data = m->g->edges[k].data;
  if (m->g->tasks[t].kind != ES_TASK_HOST || !data)
    return finish;
  for (int j = m->in_first[t]; j < m->in_first[t + 1]; j++) {
    int e = m->in_edge[j];
    double at = m->ready[(size_t)m->item[e] * (size_t)m->ndev + d];
    if (m->g->edges[e].data && !strcmp(m->g->edges[e].data, data) && !isnan(at))
      return at < finish ? at : finish;
  }
  return finish;
}

/* Runs entry i (graph task t, or -1 without a graph). */
static int run(Sim *m, int i, int t) {
  const EsScheduleEntry *e = &m->s->entries[i];
  int d = m->entry_dev[i];
  double start = m->concurrent ? m->free_at[d] : m->clock;
  int rc = t >= 0 ? fetch_inputs(m, t, d, &start) : ES_OK;
  double finish = start + e->time;
  if (!rc && e->time > 0)
    rc = es_chart_bar(m->c, (EsBar){m->dev_row[d], start, finish, e->task, e->level, false, 0});
  if (m->concurrent)
    m->free_at[d] = finish;
  else
    m->clock = finish;
  m->c->makespan = finish > m->c->makespan ? finish : m->c->makespan;
  if (t < 0)
    return rc;
  m->finish[t] = finish;
  for (int k = 0; k < m->g->nedges; k++) /* what t wrote is current only on d */
    if (m->g->edges[k].from == t && m->item[k] == k)
      for (int x = 0; x < m->ndev; x++)
        m->ready[(size_t)k * (size_t)m->ndev + x] = x == d ? written_at(m, t, k, d, finish) : NAN;
  return rc;
}

/* Incoming edge lists and items of the graph. */
static bool index_graph(Sim *m) {
  const EsGraph *g = m->g;
  int n = g->ntasks, ne = g->nedges;
  m->in_first = calloc((size_t)n + 2, sizeof(int));
  m->in_edge = malloc(sizeof(int) * ((size_t)ne + 1));
  m->item = malloc(sizeof(int) * ((size_t)ne + 1));
  m->ready = malloc(sizeof(double) * ((size_t)ne + 1) * (size_t)(m->s->nentries + 1));
  m->finish = calloc((size_t)n + 1, sizeof(double));
  if (!m->in_first || !m->in_edge || !m->item || !m->ready || !m->finish)
    return false;
  for (int e = 0; e < ne; e++)
    m->in_first[g->edges[e].to + 1]++;
  for (int t = 0; t < n; t++)
    m->in_first[t + 1] += m->in_first[t];
  for (int e = 0; e < ne; e++) {
    const EsEdge *x = &g->edges[e];
    m->item[e] = e;
    for (int f = 0; f < e && m->item[e] == e; f++)
      if (g->edges[f].from == x->from && x->data && g->edges[f].data &&
          !strcmp(g->edges[f].data, x->data))
        m->item[e] = m->item[f];
  }
  int *fill = calloc((size_t)n + 1, sizeof(int));
  if (!fill)
    return false;
  for (int e = 0; e < ne; e++) {
    int t = g->edges[e].to;
    m->in_edge[m->in_first[t] + fill[t]++] = e;
  }
  free(fill);
  for (size_t k = 0; k < ((size_t)ne + 1) * (size_t)(m->s->nentries + 1); k++)
    m->ready[k] = NAN;
  for (int t = 0; t < n; t++) {
    const EsScheduleEntry *e = es_schedule_find(m->s, g->tasks[t].name);
    if (e)
      m->entry_task[e - m->s->entries] = t;
  }
  return true;
}

static void sim_free(Sim *m) {
  free(m->dev_row), free(m->pf_dev), free(m->entry_dev), free(m->entry_task);
  free(m->in_first), free(m->in_edge), free(m->item), free(m->ready);
  free(m->free_at), free(m->finish);
}

static int simulate(Sim *m) {
  const EsSchedule *s = m->s;
  for (int i = 0; i < s->nentries; i++) {
    m->entry_task[i] = -1;
    if ((m->entry_dev[i] = device_of(m, s->entries[i].device)) < 0)
      return ES_ENOMEM;
  }
  m->host = 0;
  for (int d = m->ndev - 1; d >= 0; d--)
    if (m->pf && m->pf_dev[d] >= 0 && m->pf->devices[m->pf_dev[d]].kind &&
        !strcmp(m->pf->devices[m->pf_dev[d]].kind, "cpu"))
      m->host = d;
  if (m->g && !index_graph(m))
    return ES_ENOMEM;
  for (int i = 0; i < s->nentries; i++) {
    int rc = s->entries[i].duplicate ? ES_OK : run(m, i, m->entry_task[i]);
    if (rc)
      return rc;
  }
  return es_chart_sort_rows(m->c);
}

int es_gantt_executor(EsChart *c, const EsSchedule *s, const EsGraph *g, const EsPlatform *pf,
                      bool concurrent, EsError *err) {
  for (int i = 0; i < s->nentries; i++)
    if (isnan(s->entries[i].time))
      return es_error_set(err, ES_EINVAL, s->file, 0, 0,
                          "task '%s' has no expected time: a Gantt chart needs a schedule with "
                          "times (abstract energies have none)",
                          s->entries[i].task);
  if (concurrent && !g)
    return es_error_set(err, ES_EINVAL, s->file, 0, 0,
                        "the concurrent timeline needs the schedule's graph (--graph)");
  int n = s->nentries + 1;
  Sim m = {0};
  m.c = c, m.s = s, m.g = g, m.pf = pf, m.concurrent = concurrent;
  m.dev_row = malloc(sizeof(int) * (size_t)n);
  m.pf_dev = malloc(sizeof(int) * (size_t)n);
  m.entry_dev = malloc(sizeof(int) * (size_t)n);
  m.free_at = calloc((size_t)n, sizeof(double));
  m.entry_task = malloc(sizeof(int) * (size_t)n);
  int rc =
      m.dev_row && m.pf_dev && m.entry_dev && m.free_at && m.entry_task ? simulate(&m) : ES_ENOMEM;
  sim_free(&m);
  if (rc == ES_ENOMEM)
    return es_error_set(err, rc, s->file, 0, 0, "out of memory");
  snprintf(c->time_unit, sizeof c->time_unit, "%s", *s->time_unit ? s->time_unit : "s");
  int k = snprintf(c->title, sizeof c->title, "%s: %s, %s executor, makespan %.4g s",
                   s->graph ? s->graph : "schedule", s->algorithm ? s->algorithm : "?",
                   concurrent ? "concurrent" : "serial", c->makespan);
  if (!isnan(s->total_energy) && k > 0 && (size_t)k < sizeof c->title)
    snprintf(c->title + k, sizeof c->title - (size_t)k, ", energy %.4g %s (modelled)",
             s->total_energy, *s->energy_unit ? s->energy_unit : "units");
  return rc;
}
