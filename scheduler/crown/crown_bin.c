/* Binary search on the minimal efficiency (Sec. 3.6), with LTLG and Height
 * as the feedback of every probe.
 *
 *   best = schedule(fast allocation);  s1 = schedule(allocation with emin = 1)
 *   if s1 meets M with every task sequential at the lowest level: return s1
 *   emin = 0.5, delta = 0.25
 *   while delta >= g and emin <= e_top:
 *     s = schedule(allocation with e_j(w_j) >= emin);  keep the best
 *     emin += s meets M ? delta : -delta;  delta /= 2
 *
 * g is the least positive difference between the efficiencies of two widths
 * of one task (the paper's minimal efficiency gap; gamma = log2(delta / g)
 * rounds), e_top the highest efficiency of any parallel width: beyond it
 * every task is sequential and probing further changes nothing (the paper's
 * "case 1" stop). "Best" is crown_better: meeting M first, then energy.
 * O(gamma n p (log p + |F| log n)).
 */
#include <math.h>

#include "scheduler/crown/crown_internal.h"

static double min_gap(const EsCrownProblem *p) {
  double g = INFINITY;
  for (int j = 0; j < p->ntasks; j++) {
    const double *e = &p->eff[j * (p->zmax + 1)];
    for (int a = 0; a <= p->zmax; a++)
      for (int b = a + 1; b <= p->zmax; b++)
        if (e[a] > 0 && e[b] > 0 && fabs(e[a] - e[b]) > 0 && fabs(e[a] - e[b]) < g)
          g = fabs(e[a] - e[b]);
  }
  return g;
}

static double top_parallel_efficiency(const EsCrownProblem *p) {
  double top = 0;
  for (int j = 0; j < p->ntasks; j++)
    for (int z = 1; z <= p->zmax; z++)
      if (p->eff[j * (p->zmax + 1) + z] > top)
        top = p->eff[j * (p->zmax + 1) + z];
  return top;
}

bool crown_all_slowest(const EsCrownProblem *p, const CrownAssign *a) {
  if (!a->valid)
    return false;
  for (int j = 0; j < a->n; j++)
    if (a->z[j] != 0 || a->level[j] != p->nlevels - 1)
      return false;
  return true;
}

/* Schedules the allocation of emin into cur and keeps it if it is better. */
static int probe(const EsCrownProblem *p, double emin, CrownAssign *cur, CrownAssign *best) {
  crown_fast_allocation(p, emin, cur->z);
  int rc = crown_map_and_scale(p, cur);
  if (!rc && crown_better(cur, best))
    crown_assign_copy(best, cur);
  return rc;
}

int crown_bin_search(const EsCrownProblem *p, CrownAssign *best) {
  CrownAssign cur;
  if (crown_assign_init(&cur, p->ntasks))
    return ES_ENOMEM;
  int rc = probe(p, 0, &cur, best);
  if (!rc)
    rc = probe(p, 1, &cur, best);
  if (rc || crown_all_slowest(p, &cur))
    goto out;
  double emin = 0.5, delta = 0.25, g = min_gap(p), top = top_parallel_efficiency(p);
  for (int round = 0; round < 64 && delta >= g && emin <= top && !rc; round++) {
    rc = probe(p, emin, &cur, best);
    emin += cur.valid ? delta : -delta;
    delta /= 2;
  }
out:
  crown_assign_free(&cur);
  return rc;
}

int es_crown_bin(const EsCrownProblem *p, const EsCrownOptions *opt, EsCrownSchedule **out,
                 EsError *err) {
  (void)opt;
  CrownAssign best;
  if (crown_assign_init(&best, p->ntasks))
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  int rc = crown_bin_search(p, &best);
  if (!rc && !(*out = crown_assign_schedule(p, &best, "crown-bin")))
    rc = ES_ENOMEM;
  crown_assign_free(&best);
  return rc ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : ES_OK;
}
