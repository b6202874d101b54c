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

#include "scheduler/model/solution.h"
#include "scheduler/timed/timed.h"
#include "scheduler/model/dag.h"
#include "scheduler/timed/list_sched.h"

static int heft_steps(EsListSched *ls, void *arg) {
  (void)arg;
  int *order = malloc(((size_t)ls->p->ntasks + 1) * sizeof *order);
  int rc = order ? es_dag_heft_order(ls->dag, order) : ES_ENOMEM; /* task prioritizing */
  if (!rc)
    rc = es_ls_run_eft(ls, order, true); /* processor selection */
  free(order);
  return rc;
}

int es_heft(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  return es_ls_schedule(p, out, "heft", heft_steps, NULL, err);
}
