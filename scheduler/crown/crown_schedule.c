/* Crown schedules: building one from an assignment, laying out each core's
 * crown order (Sec. 2: "for each processor, the tasks of all groups
 * containing it in increasing order of group index", within a group in
 * increasing task index), and checking one against its problem. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/crown/crown_internal.h"
#include "scheduler/base/vec.h"

void es_crown_schedule_free(EsCrownSchedule *s) {
  if (!s)
    return;
  free(s->tasks);
  free(s->levels);
  free(s->slots);
  free(s->core_first);
  es_arena_free(&s->arena);
  free(s);
}

static EsCrownSchedule *schedule_new(const EsCrownProblem *p, const char *algorithm) {
  EsCrownSchedule *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->collection = es_arena_strdup(&s->arena, p->name ? p->name : "");
  s->algorithm = es_arena_strdup(&s->arena, algorithm ? algorithm : "");
  s->cores = p->cores, s->p = p->p, s->deadline = p->deadline;
  s->nlevels = p->nlevels, s->ntasks = p->ntasks;
  s->levels = malloc(sizeof *s->levels * (size_t)p->nlevels);
  s->tasks = calloc((size_t)p->ntasks + 1, sizeof *s->tasks);
  s->bound = s->gap = NAN;
  if (!s->collection || !s->algorithm || !s->levels || !s->tasks) {
    es_crown_schedule_free(s);
    return NULL;
  }
  memcpy(s->levels, p->levels, sizeof *s->levels * (size_t)p->nlevels);
  return s;
}

EsCrownSchedule *es_crown_schedule_build(const EsCrownProblem *p, const int *z,
                                         const int *group, const int *level,
                                         const char *algorithm) {
  EsCrownSchedule *s = schedule_new(p, algorithm);
  if (!s)
    return NULL;
  for (int j = 0; j < p->ntasks; j++) {
    EsCrownPlaced *t = &s->tasks[j];
    t->name = es_arena_strdup(&s->arena, p->tasks[j].name);
    t->group = group[j], t->width = 1 << z[j], t->level = level[j];
    t->unscaled = p->unscaled[j * (p->zmax + 1) + z[j]];
    if (!t->name) {
      es_crown_schedule_free(s);
      return NULL;
    }
  }
  if (p->p < p->cores) {
    char note[160];
    snprintf(note, sizeof note,
             "%d cores given; the crown uses %d (the largest power of two), %d stay idle",
             p->cores, p->p, p->cores - p->p);
    if (crown_note(s, note)) {
      es_crown_schedule_free(s);
      return NULL;
    }
  }
  if (es_crown_schedule_layout(s, NULL)) {
    es_crown_schedule_free(s);
    return NULL;
  }
  return s;
}

int crown_note(EsCrownSchedule *s, const char *text) {
  size_t old = s->note ? strlen(s->note) + 2 : 0, n = strlen(text);
  char *note = es_arena_alloc(&s->arena, old + n + 1);
  if (!note)
    return ES_ENOMEM;
  if (s->note)
    memcpy(note, s->note, old - 2), memcpy(note + old - 2, "; ", 2);
  memcpy(note + old, text, n + 1);
  s->note = note;
  return ES_OK;
}

/* Checks the group, width and level of every task against the crown. */
static int check_places(const EsCrownSchedule *s, EsError *err) {
  for (int j = 0; j < s->ntasks; j++) {
    const EsCrownPlaced *t = &s->tasks[j];
    if (t->group < 1 || t->group >= 2 * s->p)
      return es_error_set(err, ES_EINVAL, s->file, 0, 0,
                          "task '%s': group %d is outside the crown of %d cores (1..%d)",
                          t->name, t->group, s->p, 2 * s->p - 1);
    if (t->width != s->p >> crown_depth(t->group))
      return es_error_set(err, ES_EINVAL, s->file, 0, 0,
                          "task '%s': group %d has width %d, not %d", t->name, t->group,
                          s->p >> crown_depth(t->group), t->width);
    if (t->level < 0 || t->level >= s->nlevels)
      return es_error_set(err, ES_EINVAL, s->file, 0, 0, "task '%s': level %d out of range",
                          t->name, t->level);
  }
  return ES_OK;
}

/* Fills slots core by core: the groups containing core m from the root
 * down, each group's tasks in task order. */
static void fill_slots(EsCrownSchedule *s, const int *first_in_group, const int *by_group) {
  int zmax = crown_depth(s->p), k = 0;
  for (int m = 0; m < s->p; m++) {
    s->core_first[m] = k;
    double t = 0;
    for (int d = 0; d <= zmax; d++) {
      int g = (1 << d) + (m >> (zmax - d));
      for (int i = first_in_group[g]; i < first_in_group[g + 1]; i++) {
        EsCrownPlaced *task = &s->tasks[by_group[i]];
        s->slots[k++] = (EsCrownSlot){by_group[i], t, t + task->time};
        t += task->time;
      }
    }
    if (t > s->makespan)
      s->makespan = t;
  }
  s->core_first[s->p] = k;
}

/* Tasks sorted by group (stable, so task order within a group). */
static int group_index(const EsCrownSchedule *s, int *first, int *by_group) {
  memset(first, 0, sizeof *first * (size_t)(2 * s->p + 1));
  for (int j = 0; j < s->ntasks; j++)
    first[s->tasks[j].group + 1]++;
  for (int g = 1; g <= 2 * s->p; g++)
    first[g] += first[g - 1];
  int *next = malloc(sizeof *next * (size_t)(2 * s->p + 1));
  if (!next)
    return ES_ENOMEM;
  memcpy(next, first, sizeof *next * (size_t)(2 * s->p + 1));
  for (int j = 0; j < s->ntasks; j++)
    by_group[next[s->tasks[j].group]++] = j;
  free(next);
  return ES_OK;
}

static size_t total_slots(const EsCrownSchedule *s) {
  size_t n = 0;
  for (int j = 0; j < s->ntasks; j++)
    n += (size_t)s->tasks[j].width;
  return n;
}

int es_crown_schedule_layout(EsCrownSchedule *s, EsError *err) {
  int rc = check_places(s, err);
  if (rc)
    return rc;
  s->energy = 0;
  for (int j = 0; j < s->ntasks; j++) {
    EsCrownPlaced *t = &s->tasks[j];
    const EsCrownLevel *l = &s->levels[t->level];
    t->freq = l->freq;
    t->time = t->unscaled / l->freq;
    t->energy = t->time * t->width * l->power;
    s->energy += t->energy;
  }
  int *first = malloc(sizeof *first * (size_t)(2 * s->p + 1));
  int *by_group = malloc(sizeof *by_group * (size_t)(s->ntasks + 1));
  free(s->slots), free(s->core_first);
  s->slots = malloc(sizeof *s->slots * (total_slots(s) + 1));
  s->core_first = malloc(sizeof *s->core_first * (size_t)(s->p + 1));
  rc = !first || !by_group || !s->slots || !s->core_first ? ES_ENOMEM : ES_OK;
  if (!rc)
    rc = group_index(s, first, by_group);
  if (!rc) {
    s->makespan = 0;
    fill_slots(s, first, by_group);
    s->feasible = s->makespan <= s->deadline * (1 + CROWN_EPS);
  }
  free(first), free(by_group);
  return rc ? es_error_set(err, rc, s->file, 0, 0, "out of memory") : ES_OK;
}

static int check_task(const EsCrownProblem *p, const EsCrownSchedule *s, int j,
                      EsError *err) {
  const EsCrownPlaced *t = &s->tasks[j];
  int z = crown_depth(t->width);
  if (strcmp(t->name, p->tasks[j].name) != 0)
    return es_error_set(err, ES_EINVAL, NULL, 0, 0, "schedule task %d is '%s', not '%s'", j,
                        t->name, p->tasks[j].name);
  if ((1 << z) != t->width || z > p->zmax || p->eff[j * (p->zmax + 1) + z] <= 0)
    return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                        "task '%s' may not run on %d cores (W = %g, p = %d)", t->name,
                        t->width, p->tasks[j].max_width, p->p);
  double u = p->unscaled[j * (p->zmax + 1) + z];
  if (fabs(t->unscaled - u) > CROWN_EPS * u)
    return es_error_set(err, ES_EINVAL, NULL, 0, 0, "task '%s': time %g, expected %g",
                        t->name, t->unscaled, u);
  return ES_OK;
}

int es_crown_schedule_check(const EsCrownProblem *p, const EsCrownSchedule *s, EsError *err) {
  if (s->ntasks != p->ntasks || s->p != p->p || s->nlevels != p->nlevels)
    return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                        "schedule has %d tasks on %d cores with %d levels; the collection "
                        "%d, %d and %d",
                        s->ntasks, s->p, s->nlevels, p->ntasks, p->p, p->nlevels);
  int rc = check_places(s, err);
  for (int j = 0; j < s->ntasks && !rc; j++)
    rc = check_task(p, s, j, err);
  if (rc)
    return rc;
  CrownLoads l;
  if (crown_loads_init(&l, p->p, 1))
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  double energy = 0;
  for (int j = 0; j < s->ntasks; j++) {
    const EsCrownPlaced *t = &s->tasks[j];
    crown_loads_add(&l, t->group, t->unscaled / p->levels[t->level].freq);
    energy += t->unscaled / p->levels[t->level].freq * t->width * p->levels[t->level].power;
  }
  double makespan = crown_loads_makespan(&l);
  crown_loads_free(&l);
  if (fabs(energy - s->energy) > 1e-9 * energy || fabs(makespan - s->makespan) > 1e-9 * makespan)
    return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                        "schedule claims energy %g and makespan %g; recomputed %g and %g",
                        s->energy, s->makespan, energy, makespan);
  if (s->feasible != (makespan <= p->deadline * (1 + CROWN_EPS)))
    return es_error_set(err, ES_EINVAL, NULL, 0, 0, "schedule's feasibility is wrong");
  return ES_OK;
}

void es_crown_schedule_list_free(EsCrownScheduleList *l) {
  for (int i = 0; i < l->len; i++)
    es_crown_schedule_free(l->v[i]);
  free(l->v);
  memset(l, 0, sizeof *l);
}

int es_crown_schedule_list_push(EsCrownScheduleList *l, EsCrownSchedule *s) {
  if (es_vec_reserve(&l->v, &l->cap, l->len + 1, sizeof *l->v))
    return ES_ENOMEM;
  l->v[l->len++] = s;
  return ES_OK;
}
