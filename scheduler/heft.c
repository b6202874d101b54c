/* HEFT (Topcuoglu, Hariri and Wu 2002): tasks in decreasing upward rank
 *
 *   rank_u(v) = mean w(v) + max_{s in succ(v)} (mean c(v, s) + rank_u(s)),
 *
 * each placed on the processor giving its earliest finish time, searching
 * idle gaps (insertion policy). O(V log V + (V + E) * P + gap search).
 * On the paper's 10-task example (Fig. 2) it reaches makespan 80; the unit
 * test carries that example.
 */
#include <stdlib.h>

#include "scheduler/timed.h"

int es_heft(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  EsDag d;
  EsListSched ls;
  int brc = es_dag_build(p, &d, err);
  if (brc)
    return brc;
  double *rank = malloc(((size_t)p->ntasks + 1) * sizeof *rank);
  int *order = malloc(((size_t)p->ntasks + 1) * sizeof *order);
  int rc = rank && order ? es_ls_init(&ls, p, &d, out) : ES_ENOMEM;
  if (!rc) {
    es_dag_upward_rank(&d, rank);
    rc = es_dag_priority_order(&d, rank, order);
    if (!rc)
      rc = es_ls_run_eft(&ls, order, true);
    es_ls_free(&ls);
  }
  free(rank), free(order);
  es_dag_free(&d);
  if (rc)
    return es_error_set(err, rc, NULL, 0, 0, "heft: %s",
                        rc == ES_EINFEAS ? "a task can run on no device" : "out of memory");
  return ES_OK;
}
