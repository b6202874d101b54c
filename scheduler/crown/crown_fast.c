/* The phase-separated crown scheduler (Sec. 3, Fig. 2): allocation, then
 * mapping, then frequency scaling, each phase with its heuristic or its
 * ILP. crown-fast is fast allocation + LTLG + Height (Sec. 6's variant 4,
 * "Fast,LTLG,Height"): O(n log p + n p log p + |F| n (log n + log p)).
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/crown/crown_internal.h"

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

/* What the ILP phases report: their status for the schedule. */
typedef struct Phases {
  CrownMilpInfo map, scale;
  bool used_map, used_scale; /* which phases were ILPs */
  bool unscalable;           /* the scaling ILP proved M unreachable */
} Phases;

static int mapping(const EsCrownProblem *p, EsCrownMapping map, double limit, CrownAssign *a,
                   Phases *ph, EsError *err) {
  ph->used_map = map == ES_CROWN_MAP_ILP;
  int rc = ph->used_map ? crown_ilp_mapping(p, a->z, limit, a->group, &ph->map, err)
                        : crown_ltlg(p, a->z, a->group);
  return rc == ES_ENOMEM && !ph->used_map ? es_error_set(err, rc, NULL, 0, 0, "out of memory")
                                          : rc;
}

/* A scaling ILP that proves M cannot be met leaves every task at F_max (an
 * invalid schedule, like Height's). */
static int scaling(const EsCrownProblem *p, EsCrownScaling scale, double limit, CrownAssign *a,
                   Phases *ph, EsError *err) {
  ph->used_scale = scale == ES_CROWN_SCALE_ILP;
  if (!ph->used_scale) {
    int rc = heuristic_scaling(p, a);
    return rc ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : ES_OK;
  }
  int rc = crown_ilp_scaling(p, a->z, a->group, limit, a->level, &ph->scale, err);
  if (rc != ES_EINFEAS) /* not an error here: reported through the schedule */
    return rc;
  for (int j = 0; j < p->ntasks; j++)
    a->level[j] = 0;
  ph->unscalable = true;
  return ES_OK;
}

/* Status, gap and bound (the scaling ILP's: they are about energy) and
 * notes about the mapping ILP. */
static int stamp(EsCrownSchedule *s, const Phases *ph) {
  char note[128];
  if (!ph->used_map && !ph->used_scale)
    return ES_OK;
  bool optimal = (!ph->used_map || ph->map.optimal) && (!ph->used_scale || ph->scale.optimal);
  s->status = optimal ? ES_CROWN_OPTIMAL : ES_CROWN_TIME_LIMIT;
  s->gap = ph->used_scale && !ph->unscalable ? ph->scale.gap : NAN;
  s->bound = ph->used_scale && !ph->unscalable ? ph->scale.bound : NAN;
  snprintf(note, sizeof note, "the mapping ILP stopped at its time limit, its makespan gap %.2f%%",
           100 * ph->map.gap);
  if (ph->used_map && !ph->map.optimal && crown_note(s, note))
    return ES_ENOMEM;
  if (ph->unscalable && crown_note(s, "the scaling ILP proves that this mapping misses the "
                                      "deadline even at the highest frequency"))
    return ES_ENOMEM;
  return ES_OK;
}

int es_crown_phased(const EsCrownProblem *p, EsCrownMapping map, EsCrownScaling scale,
                    const EsCrownOptions *opt, EsCrownSchedule **out, EsError *err) {
  double limit = opt && opt->time_limit > 0 ? opt->time_limit : ES_CROWN_DEFAULT_TIME_LIMIT;
  CrownAssign a;
  Phases ph = {{true, 0, NAN}, {true, 0, NAN}, false, false, false};
  if (crown_assign_init(&a, p->ntasks))
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  crown_fast_allocation(p, 0, a.z);
  int rc = mapping(p, map, limit, &a, &ph, err);
  if (!rc)
    rc = scaling(p, scale, limit, &a, &ph, err);
  if (!rc && (crown_evaluate(p, &a) ||
              !(*out = crown_assign_schedule(p, &a, variant_name(map, scale))) ||
              stamp(*out, &ph)))
    rc = es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
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
