/* Height frequency scaling (Sec. 3.5): Best-Fit on the crown, each group a
 * bin whose free space is M minus the group's height.
 *
 *   all tasks at F_max; fail if the crown's makespan exceeds M
 *   for F_next in F, decreasing, below F_max:
 *     for j in decreasing current time tt_j(w_j, f_j):
 *       if F_next < f_j and tt_j(w_j, F_next) - tt_j(w_j, f_j) <= M - height(group_j):
 *         f_j = F_next; update the heights
 *
 * height(g) is the longest busy time of a core of G_g, root's load included
 * (crown_internal.h). Measured power tables need not make slower levels
 * cheaper, so a task only moves to a level whose energy per unit of work
 * PC(f) / f is lower (always true for PC = f^alpha, alpha > 1).
 * O(|F| (n log n + n log p)).
 */
#include <stdlib.h>

#include "scheduler/crown/crown_internal.h"

typedef struct Item {
  double time;
  int k;
} Item;

static int by_time_desc(const void *a, const void *b) {
  const Item *x = a, *y = b;
  if (x->time != y->time)
    return x->time > y->time ? -1 : 1;
  return (x->k > y->k) - (x->k < y->k);
}

static double work_cost(const EsCrownLevel *l) { return l->power / l->freq; }

/* One pass of the outer loop at level `next`. */
static void lower_to(const EsCrownLevel *levels, int next, double target, CrownLoads *l,
                     Item *queue, int n, const int *group, const double *unscaled, int *level) {
  for (int i = 0; i < n; i++) {
    int k = queue[i].k, cur = level[k];
    if (next <= cur || !(work_cost(&levels[next]) < work_cost(&levels[cur])))
      continue;
    double penalty = unscaled[k] / levels[next].freq - unscaled[k] / levels[cur].freq;
    if (penalty <= target * (1 + CROWN_EPS) - crown_loads_height(l, group[k])) {
      level[k] = next;
      crown_loads_add(l, group[k], penalty);
      queue[i].time = unscaled[k] / levels[next].freq;
    }
  }
  qsort(queue, (size_t)n, sizeof *queue, by_time_desc);
}

int crown_height(const EsCrownLevel *levels, int nlevels, int p, int root, double target,
                 int n, const int *group, const double *unscaled, int *level) {
  CrownLoads l;
  Item *queue = malloc(sizeof *queue * (size_t)(n + 1));
  if (!queue || crown_loads_init(&l, p, root)) {
    free(queue);
    return ES_ENOMEM;
  }
  for (int k = 0; k < n; k++) {
    level[k] = 0;
    queue[k] = (Item){unscaled[k] / levels[0].freq, k};
    crown_loads_add(&l, group[k], queue[k].time);
  }
  int fits = crown_loads_makespan(&l) <= target * (1 + CROWN_EPS);
  if (fits) {
    qsort(queue, (size_t)n, sizeof *queue, by_time_desc);
    for (int next = 1; next < nlevels; next++)
      lower_to(levels, next, target, &l, queue, n, group, unscaled, level);
  }
  crown_loads_free(&l);
  free(queue);
  return fits;
}
