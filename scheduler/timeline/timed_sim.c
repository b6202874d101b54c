/* The simulator of timed schedules (timed.h): makespan, energy, SLR, ECR.
 *
 *   E = sum_k (E_k,active + E_k,idle) + E_transfer             (EASEF Eq. 2)
 *   E_k,active = sum_{copies c on k} (finish(c) - start(c)) * P(level(c))
 *   E_k,idle   = (makespan - busy_k) * P_idle(k)
 *   E_transfer = sum_{copies c, arcs u -> c, u's source copy elsewhere} C * P_link
 *
 * where C * P_link sums over the hops of the route, each at its own link's
 * power (problem.h); C is at least the latency, even for 0 bytes.
 *
 * P_idle(k) is the device's idle power, 0 when the DVFS pass switched it
 * off (the dissertation's 5V/off), or the power of the level it idles at
 * (2V / 3.3V during idle). The source copy of an arc is the copy of u whose
 * data arrives first, the one a duplicating scheduler placed for it.
 *
 *   SLR = makespan / min_k sum_{v in CP} w(v, k)                 (Eq. 21)
 *   ECR = E / (P(f_{s,0}) * sum_{v in CP} w(v, s))               (Eq. 22)
 *
 * with CP the critical path by mean costs and s the minimizing k; the
 * extracted equations lost their subscripts, this reading follows the
 * prose ("s is the processor determined using Eq. (21)").
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/model/solution.h"
#include "scheduler/model/dag.h"
#include "scheduler/timeline/timeline.h"

double es_timed_idle_power(const EsProblem *p, const EsSolution *s, int dev) {
  int st = s->idle_state ? s->idle_state[dev] : ES_IDLE_DEVICE;
  if (st == ES_IDLE_OFF)
    return 0;
  if (st >= 0) {
    int l = es_problem_label(p, dev, st);
    return l >= 0 ? p->level_power[l] : p->idle_power[dev];
  }
  return p->idle_power[dev];
}

double es_timed_transfers_into(const EsProblem *p, const EsDag *d, const EsSolution *s, int v,
                               int dev) {
  double e = 0;
  for (int k = d->pred_first[v]; k < d->pred_first[v + 1]; k++) {
    int u = d->pred[k].task, item = d->pred[k].item;
    if (item < 0)
      continue;
    int src = p->label_device[s->label[u]];
    double best = s->finish[u] + es_timed_comm(p, item, src, dev);
    for (int i = 0; i < s->ndups; i++) {
      const EsDuplicate *x = &s->dups[i];
      if (x->task != u)
        continue;
      double a = x->finish + es_timed_comm(p, item, p->label_device[x->label], dev);
      if (a < best)
        best = a, src = p->label_device[x->label];
    }
    if (src != dev)
      e += es_problem_link_energy(p, item, src, dev);
  }
  return e;
}

int es_timed_simulate(const EsProblem *p, const EsSolution *s, EsTimedMetrics *m) {
  EsDag d;
  if (es_dag_build(p, &d, NULL))
    return ES_EINVAL;
  double *busy = calloc((size_t)p->ndevices + 1, sizeof(double));
  if (!busy) {
    es_dag_free(&d);
    return ES_ENOMEM;
  }
  *m = (EsTimedMetrics){es_solution_makespan(s), 0, 0, 0, 0, NAN, NAN};
  for (int i = 0; i < s->ntasks + s->ndups; i++) {
    bool own = i < s->ntasks;
    int v = own ? i : s->dups[i - s->ntasks].task;
    int l = own ? s->label[i] : s->dups[i - s->ntasks].label;
    double dur = own ? s->finish[i] - s->start[i]
                     : s->dups[i - s->ntasks].finish - s->dups[i - s->ntasks].start;
    busy[p->label_device[l]] += dur;
    m->active += dur * p->level_power[l];
    m->transfer += es_timed_transfers_into(p, &d, s, v, p->label_device[l]);
  }
  for (int dev = 0; dev < p->ndevices; dev++) {
    double idle = m->makespan - busy[dev];
    m->idle += (idle > 0 ? idle : 0) * es_timed_idle_power(p, s, dev);
  }
  m->energy = m->active + m->idle + m->transfer;
  int proc;
  double base = es_dag_slr_base(p, &d, &proc);
  if (base > 0 && proc >= 0) {
    m->slr = m->makespan / base;
    m->ecr = m->energy / (p->level_power[d.top_label[proc]] * base);
  }
  free(busy);
  es_dag_free(&d);
  return ES_OK;
}
