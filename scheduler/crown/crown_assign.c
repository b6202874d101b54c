/* Assignments (allocation, group and level per task), their evaluation
 * and the schedule they make (crown_internal.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/crown/crown_internal.h"

int crown_assign_init(CrownAssign *a, int n) {
  memset(a, 0, sizeof *a);
  a->n = n;
  a->z = calloc((size_t)n + 1, sizeof *a->z);
  a->group = calloc((size_t)n + 1, sizeof *a->group);
  a->level = calloc((size_t)n + 1, sizeof *a->level);
  a->makespan = a->energy = INFINITY;
  if (!a->z || !a->group || !a->level) {
    crown_assign_free(a);
    return ES_ENOMEM;
  }
  return ES_OK;
}

void crown_assign_free(CrownAssign *a) {
  free(a->z), free(a->group), free(a->level);
  memset(a, 0, sizeof *a);
}

void crown_assign_copy(CrownAssign *dst, const CrownAssign *src) {
  size_t bytes = sizeof(int) * (size_t)src->n;
  memcpy(dst->z, src->z, bytes);
  memcpy(dst->group, src->group, bytes);
  memcpy(dst->level, src->level, bytes);
  dst->energy = src->energy, dst->makespan = src->makespan, dst->valid = src->valid;
}

int crown_evaluate(const EsCrownProblem *p, CrownAssign *a) {
  CrownLoads l;
  if (crown_loads_init(&l, p->p, 1))
    return ES_ENOMEM;
  double energy = 0;
  for (int j = 0; j < a->n; j++) {
    const EsCrownLevel *lv = &p->levels[a->level[j]];
    double u = p->unscaled[j * (p->zmax + 1) + a->z[j]];
    crown_loads_add(&l, a->group[j], u / lv->freq);
    /* Eq. 4: tt_j * w_j * PC(f_j) with tt_j = u / f_j. */
    energy += u / lv->freq * (double)(1 << a->z[j]) * lv->power;
  }
  a->energy = energy;
  a->makespan = crown_loads_makespan(&l);
  a->valid = a->makespan <= p->deadline * (1 + CROWN_EPS);
  crown_loads_free(&l);
  return ES_OK;
}

bool crown_better(const CrownAssign *a, const CrownAssign *b) {
  if (a->valid != b->valid)
    return a->valid;
  return a->valid ? a->energy < b->energy : a->makespan < b->makespan;
}

EsCrownSchedule *crown_assign_schedule(const EsCrownProblem *p, const CrownAssign *a,
                                       const char *algorithm) {
  return es_crown_schedule_build(p, a->z, a->group, a->level, algorithm);
}
