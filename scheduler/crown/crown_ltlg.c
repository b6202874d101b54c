/* LTLG, Longest Task Lowest Group (Sec. 3.3): a crown mapping that balances
 * the cores' loads, generalizing LPT to moldable tasks.
 *
 * Tasks go in the order of Eq. 9: longest unscaled parallel time
 * tt_j(w_j, 1) first, then widest first, then (Eq. 9's last case, read as a
 * sort comparator) higher task index first. Each goes to the group of its
 * width with the least height (Eq. 8), the lower group index on ties. Tasks
 * of width p go to G_1, and G_1's load is left out of every height, since
 * it delays all cores alike (the paper's height_1 = 0).
 *
 * Heights are kept in a CrownLoads (crown_internal.h), so an insertion costs
 * O(log p) and choosing a group O((p / w) log p): O(n p log p) overall, the
 * paper's bound.
 */
#include <stdlib.h>

#include "scheduler/crown/crown_internal.h"

typedef struct Key {
  double time;
  int width, task;
} Key;

static int by_eq9(const void *a, const void *b) {
  const Key *x = a, *y = b;
  if (x->time != y->time)
    return x->time > y->time ? -1 : 1;
  if (x->width != y->width)
    return x->width > y->width ? -1 : 1;
  return (x->task < y->task) - (x->task > y->task);
}

/* The least high group of width 2^z (Eq. 8). */
static int lowest_group(const EsCrownProblem *p, const CrownLoads *l, int z) {
  int first = crown_first_group(p->zmax, z), best = first;
  double best_h = crown_loads_height(l, first);
  for (int g = first + 1; g < 2 * first; g++) {
    double h = crown_loads_height(l, g);
    if (h < best_h)
      best = g, best_h = h;
  }
  return best;
}

int crown_ltlg(const EsCrownProblem *p, const int *z, int *group) {
  Key *keys = malloc(sizeof *keys * (size_t)(p->ntasks + 1));
  CrownLoads l;
  if (!keys || crown_loads_init(&l, p->p, 1)) {
    free(keys);
    return ES_ENOMEM;
  }
  for (int j = 0; j < p->ntasks; j++)
    keys[j] = (Key){p->unscaled[j * (p->zmax + 1) + z[j]], 1 << z[j], j};
  qsort(keys, (size_t)p->ntasks, sizeof *keys, by_eq9);
  for (int k = 0; k < p->ntasks; k++) {
    int j = keys[k].task;
    if (z[j] == p->zmax) {
      group[j] = 1;
      continue;
    }
    group[j] = lowest_group(p, &l, z[j]);
    crown_loads_add(&l, group[j], keys[k].time);
  }
  crown_loads_free(&l);
  free(keys);
  return ES_OK;
}
