/* The dissertation's idle strategies (Sec. 5.3, strategies 1-3): tasks keep
 * the top level; idle processors are switched off (5V/off, a reference the
 * dissertation calls physically unrealistic) or run at a lower level while
 * idle (2V / 3.3V during idle). Only the idle power changes, so the
 * schedule and its makespan are untouched. */
#include "scheduler/model/solution.h"
#include "scheduler/dvfs/dvfs_pass.h"

int es_dvfs_idle(const EsProblem *p, int state, EsSolution *s, EsError *err) {
  if (es_solution_set_idle(s, p->ndevices))
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  for (int d = 0; d < p->ndevices; d++)
    s->idle_state[d] = state;
  return ES_OK;
}
