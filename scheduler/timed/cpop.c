/* CPOP (Topcuoglu, Hariri and Wu 2002): priority rank_u + rank_d; the
 * tasks of the critical path (priority equal to the entry's) all go to the
 * critical-path processor, the one minimizing the sum of their times; the
 * others to their earliest-finish processor, with insertion. Ready tasks
 * are taken in decreasing priority. O(V log V + (V + E) * P).
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/model/dag.h"
#include "scheduler/model/solution.h"
#include "scheduler/timed/list_sched.h"
#include "scheduler/timed/timed.h"

static int schedule(EsListSched *ls, const int *order, const bool *on_cp, int cpp) {
  for (int i = 0, n = ls->p->ntasks; i < n; i++) {
    int v = es_ls_next(ls, order, i, n), dev = cpp;
    double start, w = cpp >= 0 ? es_dag_time(ls->dag, v, cpp) : INFINITY;
    if (on_cp[v] && !isinf(w))
      start = es_ls_start(ls, v, cpp, w, true);
    else if ((dev = es_ls_best_device(ls, v, true, &start)) < 0)
      return ES_EINFEAS;
    if (es_ls_place(ls, v, dev, start))
      return ES_ENOMEM;
  }
  return ES_OK;
}

static int cpop_steps(EsListSched *ls, void *arg) {
  (void)arg;
  const EsDag *d = ls->dag;
  size_t n = (size_t)d->n + 1;
  double *prio = malloc(n * sizeof *prio), *down = malloc(n * sizeof *down), time;
  int *order = malloc(n * sizeof *order), *path = malloc(n * sizeof *path);
  bool *on_cp = calloc(n, sizeof *on_cp);
  int rc = prio && down && order && path && on_cp ? ES_OK : ES_ENOMEM;
  if (!rc) {
    es_dag_path_priority(d, prio, down);
    for (int i = 0, len = es_dag_critical_path(d, prio, path); i < len; i++)
      on_cp[path[i]] = true;
    rc = es_dag_priority_order(d, prio, order);
  }
  if (!rc)
    rc = schedule(ls, order, on_cp, es_dag_fastest_device(ls->p, d, on_cp, &time));
  free(prio), free(down), free(order), free(path), free(on_cp);
  return rc;
}

int es_cpop(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  return es_ls_schedule(p, out, "cpop", cpop_steps, NULL, err);
}
