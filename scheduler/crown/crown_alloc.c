/* Fast allocation (Sec. 3.1) and its efficiency-bounded form used by the
 * binary search (Sec. 3.6).
 *
 * The allocation ILP of Sec. 3.1 minimizes sum_z R_z with
 *   R_z = sum_j tt_j(2^z, 1) v_{j,z} / (p / 2^z),  sum_z v_{j,z} = 1,
 * whose terms are independent per task, so its optimum picks for each task
 * the width maximizing the speedup g_j(z) = e_j(2^z) * 2^z. That closed form
 * is what crown-ilp's "ILP allocation" phase uses too: O(n log p).
 */
#include "scheduler/crown/crown_internal.h"

void crown_fast_allocation(const EsCrownProblem *p, double emin, int *z) {
  for (int j = 0; j < p->ntasks; j++) {
    const double *eff = &p->eff[j * (p->zmax + 1)];
    int best = 0;
    for (int q = 1; q <= p->zmax; q++) {
      if (eff[q] <= 0 || eff[q] < emin)
        continue;
      /* Strictly greater: an equal speedup on more cores costs more energy. */
      if (eff[q] * (double)(1 << q) > eff[best] * (double)(1 << best))
        best = q;
    }
    z[j] = best;
  }
}
