/* Simulated annealing over crown allocations (Sec. 3.7), each candidate
 * mapped by LTLG and scaled by Height, its energy (Eq. 4) the feedback.
 *
 *   start from the binary search's best (Sec. 3.6)
 *   for T = 8; T >= 0.9; T *= 0.6:            (5 temperatures)
 *     up to `moves` (paper: 2) neighbours, up to 2 accepted improvements:
 *       a neighbour within distance d <= 0.5: ceil(d n) tasks (at least one)
 *       each move up or down by 1 .. 1 + floor(d log2 p) power-of-two steps
 *       (distance 0: one task, one step; never the allocation itself)
 *   stop early at a valid schedule with every task sequential at F_min
 *
 * The paper does not give its acceptance rule for worse candidates; this
 * file uses Metropolis on the relative energy difference,
 * P = exp(-100 (E' - E) / E / T), so that at T = 8 a 1% worse allocation is
 * taken with probability 0.88 and at T = 1 with 0.37. Candidates that miss M
 * are never taken over ones that meet it. Seeded through rng.h: the same
 * seed gives the same schedule.
 */
#include <math.h>

#include "scheduler/crown/crown_internal.h"
#include "scheduler/base/rng.h"

enum { SA_PAPER_MOVES = 2, SA_MAX_IMPROVEMENTS = 2 };

/* Moves task j's width `steps` allowed widths in direction dir (+1 or -1),
 * as far as the allowed widths go. */
static int shift_width(const EsCrownProblem *p, int j, int z, int dir, int steps) {
  const double *e = &p->eff[j * (p->zmax + 1)];
  for (int q = z + dir; q >= 0 && q <= p->zmax && steps > 0; q += dir)
    if (e[q] > 0)
      z = q, steps--;
  return z;
}

/* A neighbour of from in to; false when no task has a second width. */
static bool neighbour(const EsCrownProblem *p, const int *from, int *to, EsRng *r) {
  double d = 0.5 * es_rng_uniform(r);
  int count = (int)ceil(d * p->ntasks), max_steps = 1 + (int)(d * p->zmax);
  bool moved = false;
  for (int j = 0; j < p->ntasks; j++)
    to[j] = from[j];
  for (int tries = 0; tries < 4 * p->ntasks && (count > 0 || !moved); tries++) {
    int j = (int)es_rng_range(r, 0, p->ntasks - 1);
    int dir = es_rng_uniform(r) < 0.5 ? -1 : 1;
    int steps = (int)es_rng_range(r, 1, max_steps);
    int z = shift_width(p, j, to[j], dir, steps);
    if (z == to[j])
      z = shift_width(p, j, to[j], -dir, steps);
    moved |= z != from[j];
    to[j] = z;
    count--;
  }
  return moved;
}

static bool accept(const CrownAssign *cand, const CrownAssign *cur, double temp, EsRng *r) {
  if (crown_better(cand, cur))
    return true;
  if (!cand->valid || !cur->valid)
    return false;
  double worse = (cand->energy - cur->energy) / cur->energy;
  return es_rng_uniform(r) < exp(-100 * worse / temp);
}

/* One temperature; returns 1 when the search should stop. */
static int temperature(const EsCrownProblem *p, double temp, int moves, EsRng *r,
                       CrownAssign *cur, CrownAssign *cand, CrownAssign *best) {
  int improved = 0;
  for (int m = 0; m < moves && improved < SA_MAX_IMPROVEMENTS; m++) {
    if (!neighbour(p, cur->z, cand->z, r))
      return 1;
    if (crown_map_and_scale(p, cand))
      return ES_ENOMEM;
    bool better = crown_better(cand, cur);
    if (accept(cand, cur, temp, r)) {
      improved += better;
      crown_assign_copy(cur, cand);
    }
    if (crown_better(cur, best))
      crown_assign_copy(best, cur);
    if (crown_all_slowest(p, best))
      return 1;
  }
  return 0;
}

int crown_sa_search(const EsCrownProblem *p, uint64_t seed, int moves, CrownAssign *best) {
  CrownAssign cur, cand;
  int rc = crown_bin_search(p, best);
  if (rc || crown_all_slowest(p, best))
    return rc;
  if (crown_assign_init(&cur, p->ntasks) || crown_assign_init(&cand, p->ntasks)) {
    crown_assign_free(&cur);
    return ES_ENOMEM;
  }
  crown_assign_copy(&cur, best);
  EsRng r;
  es_rng_seed(&r, seed);
  for (double t = 8; t >= 0.9 && rc == 0; t *= 0.6)
    rc = temperature(p, t, moves > 0 ? moves : SA_PAPER_MOVES, &r, &cur, &cand, best);
  crown_assign_free(&cur);
  crown_assign_free(&cand);
  return rc < 0 ? rc : ES_OK;
}

int es_crown_sa(const EsCrownProblem *p, const EsCrownOptions *opt, EsCrownSchedule **out,
                EsError *err) {
  CrownAssign best;
  if (crown_assign_init(&best, p->ntasks))
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  int rc = crown_sa_search(p, opt ? opt->seed : 0, opt ? opt->sa_iterations : 0, &best);
  if (!rc && !(*out = crown_assign_schedule(p, &best, "crown-sa")))
    rc = ES_ENOMEM;
  crown_assign_free(&best);
  return rc ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : ES_OK;
}
