/* The phase-separated crown scheduler (Sec. 3, Fig. 2): allocation, then
 * mapping, then frequency scaling, each phase with its heuristic or its
 * ILP. crown-fast is fast allocation + LTLG + Height (Sec. 6's variant 4,
 * "Fast,LTLG,Height"): O(n log p + n p log p + |F| n (log n + log p)).
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/crown_internal.h"

static int heuristic_scaling(const EsCrownProblem *p, CrownAssign *a) {
  double *un = malloc(sizeof *un * (size_t)(p->ntasks + 1));
  if (!un)
    return ES_ENOMEM;
  for (int j = 0; j < p->ntasks; j++)
    un[j] = p->unscaled[j * (p->zmax + 1) + a->z[j]];
  int rc = crown_height(p->levels, p->nlevels, p->p, 1, p->deadline, p->ntasks, a->group, un,
                        a->level);
  free(un);
  return rc < 0 ? rc : ES_OK;
}

int crown_map_and_scale(const EsCrownProblem *p, CrownAssign *a) {
  int rc = crown_ltlg(p, a->z, a->group);
  if (!rc)
    rc = heuristic_scaling(p, a);
  return rc ? rc : crown_evaluate(p, a);
}

static const char *variant_name(EsCrownMapping map, EsCrownScaling scale) {
  static const char *const names[2][2] = {{"crown-fast", "crown-fast-ltlg-ilp"},
                                          {"crown-fast-ilp-height", "crown-ilp"}};
  return names[map][scale];
}

/* Runs the mapping and scaling phases on the allocation a->z. A mapping ILP
 * stopped by its limit still maps; a scaling ILP that proves M cannot be met
 * leaves every task at F_max (an invalid schedule, like Height's). */
static int phases(const EsCrownProblem *p, EsCrownMapping map, EsCrownScaling scale,
                  double limit, CrownAssign *a, CrownMilpInfo *info, EsError *err) {
  CrownMilpInfo one = {true, 0, NAN};
  *info = one;
  int rc = map == ES_CROWN_MAP_LTLG ? crown_ltlg(p, a->z, a->group)
                                    : crown_ilp_mapping(p, a->z, limit, a->group, info, err);
  if (rc)
    return rc == ES_ENOMEM ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : rc;
  if (scale == ES_CROWN_SCALE_HEIGHT)
    rc = heuristic_scaling(p, a);
  else {
    rc = crown_ilp_scaling(p, a->z, a->group, limit, a->level, &one, err);
    info->optimal &= one.optimal;
    info->gap = one.gap > info->gap ? one.gap : info->gap;
    info->bound = one.bound;
    if (rc == ES_EINFEAS) { /* reported through the schedule, not err */
      for (int j = 0; j < p->ntasks; j++)
        a->level[j] = 0;
      rc = ES_OK;
    }
  }
  if (rc)
    return rc == ES_ENOMEM ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : rc;
  return crown_evaluate(p, a);
}

int es_crown_phased(const EsCrownProblem *p, EsCrownMapping map, EsCrownScaling scale,
                    const EsCrownOptions *opt, EsCrownSchedule **out, EsError *err) {
  double limit = opt && opt->time_limit > 0 ? opt->time_limit : ES_CROWN_DEFAULT_TIME_LIMIT;
  CrownAssign a;
  CrownMilpInfo info;
  if (crown_assign_init(&a, p->ntasks))
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  crown_fast_allocation(p, 0, a.z);
  int rc = phases(p, map, scale, limit, &a, &info, err);
  if (!rc && !(*out = crown_assign_schedule(p, &a, variant_name(map, scale))))
    rc = es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  if (!rc && (map == ES_CROWN_MAP_ILP || scale == ES_CROWN_SCALE_ILP)) {
    (*out)->status = info.optimal ? ES_CROWN_OPTIMAL : ES_CROWN_TIME_LIMIT;
    (*out)->gap = info.gap;
    (*out)->bound = scale == ES_CROWN_SCALE_ILP ? info.bound : NAN;
  }
  crown_assign_free(&a);
  return rc;
}

int es_crown_fast(const EsCrownProblem *p, const EsCrownOptions *opt, EsCrownSchedule **out,
                  EsError *err) {
  return es_crown_phased(p, ES_CROWN_MAP_LTLG, ES_CROWN_SCALE_HEIGHT, opt, out, err);
}

int es_crown_ilp(const EsCrownProblem *p, const EsCrownOptions *opt, EsCrownSchedule **out,
                 EsError *err) {
  return es_crown_phased(p, ES_CROWN_MAP_ILP, ES_CROWN_SCALE_ILP, opt, out, err);
}
