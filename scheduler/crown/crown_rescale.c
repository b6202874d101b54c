/* Dynamic crown rescaling (Sec. 5): when task j of group G_i is skipped
 * (beta = -tt_j) or late (beta > 0), the tasks that follow it on G_i's
 * cores -- the rest of G_i and everything below G_i -- are rescaled with
 * the Height heuristic on the sub-crown rooted at G_i against
 *
 *   M' = M - tt_j - beta - sum_{x=1}^{floor(log2 i)} gt_{i / 2^x} - sum_{j' in R_i} tt_j'
 *
 * (R_i: the tasks of G_i before j), that is M minus the time at which j
 * ended: its ancestors' groups, G_i's earlier tasks, and j itself. The
 * extraction's sum is read as running over G_i's ancestors, as the prose
 * says. A caller that measured the time passes it as `now` instead.
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/crown/crown_internal.h"

/* Planned time since the round began at which task j starts on its group's
 * cores, under levels. */
static double planned_start(const EsCrownSchedule *s, const int *level, int j) {
  double t = 0;
  int i = s->tasks[j].group;
  for (int k = 0; k < s->ntasks; k++) {
    const EsCrownPlaced *x = &s->tasks[k];
    bool ancestor = x->group < i && (i >> (crown_depth(i) - crown_depth(x->group))) == x->group;
    if (ancestor || (x->group == i && k < j))
      t += x->unscaled / s->levels[level[k]].freq;
  }
  return t;
}

/* Whether task k follows task j on j's group's cores. */
static bool follows(const EsCrownSchedule *s, int j, int k) {
  int i = s->tasks[j].group, g = s->tasks[k].group;
  if (g == i)
    return k > j;
  int up = crown_depth(g) - crown_depth(i);
  return up > 0 && (g >> up) == i;
}

static int check_event(const EsCrownSchedule *s, const EsCrownEvent *ev, const int *level,
                       EsError *err) {
  if (ev->task < 0 || ev->task >= s->ntasks)
    return es_error_set(err, ES_EINVAL, NULL, 0, 0, "rescale: no task %d", ev->task);
  for (int k = 0; k < s->ntasks; k++)
    if (level[k] < 0 || level[k] >= s->nlevels)
      return es_error_set(err, ES_EINVAL, NULL, 0, 0, "rescale: task %d has level %d", k,
                          level[k]);
  return ES_OK;
}

typedef struct Rest {
  int n, *task, *group, *level;
  double *unscaled;
} Rest;

static int collect(const EsCrownSchedule *s, int j, Rest *r) {
  size_t n = (size_t)s->ntasks + 1;
  r->task = malloc(n * sizeof *r->task), r->group = malloc(n * sizeof *r->group);
  r->level = malloc(n * sizeof *r->level), r->unscaled = malloc(n * sizeof *r->unscaled);
  if (!r->task || !r->group || !r->level || !r->unscaled)
    return ES_ENOMEM;
  r->n = 0;
  for (int k = 0; k < s->ntasks; k++)
    if (follows(s, j, k)) {
      r->task[r->n] = k, r->group[r->n] = s->tasks[k].group;
      r->unscaled[r->n++] = s->tasks[k].unscaled;
    }
  return ES_OK;
}

static void rest_free(Rest *r) { free(r->task), free(r->group), free(r->level), free(r->unscaled); }

static double energy_at(const EsCrownSchedule *s, int k, int level) {
  const EsCrownLevel *l = &s->levels[level];
  return s->tasks[k].unscaled / l->freq * s->tasks[k].width * l->power;
}

/* Applies the new levels and measures them. */
static int apply(const EsCrownSchedule *s, const Rest *r, int root, int *level,
                 EsCrownRescale *out) {
  CrownLoads l;
  if (crown_loads_init(&l, s->p, root))
    return ES_ENOMEM;
  for (int k = 0; k < r->n; k++) {
    int t = r->task[k];
    out->energy_before += energy_at(s, t, level[t]);
    out->energy_after += energy_at(s, t, r->level[k]);
    out->changed += level[t] != r->level[k];
    level[t] = r->level[k];
    crown_loads_add(&l, r->group[k], r->unscaled[k] / s->levels[level[t]].freq);
  }
  out->makespan = crown_loads_makespan(&l);
  crown_loads_free(&l);
  return ES_OK;
}

int es_crown_rescale(const EsCrownSchedule *s, const EsCrownEvent *ev, int *level,
                     EsCrownRescale *out, EsError *err) {
  int rc = check_event(s, ev, level, err);
  if (rc)
    return rc;
  int j = ev->task, i = s->tasks[j].group;
  double now = ev->now;
  if (isnan(now))
    now = planned_start(s, level, j) + s->tasks[j].unscaled / s->levels[level[j]].freq + ev->beta;
  *out = (EsCrownRescale){.group = i, .target = s->deadline - now};
  Rest r = {0};
  rc = collect(s, j, &r);
  if (!rc) {
    out->remaining = r.n;
    rc = crown_height(s->levels, s->nlevels, s->p, i, out->target, r.n, r.group, r.unscaled,
                      r.level);
  }
  if (rc >= 0) {
    out->feasible = rc == 1;
    rc = apply(s, &r, i, level, out);
  }
  rest_free(&r);
  return rc ? es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory") : ES_OK;
}
