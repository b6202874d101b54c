/* Schedules: construction from a solution, lookup, lists. */
#include "scheduler/model/schedule.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"
#include "scheduler/model/solution.h"

EsSchedule *es_schedule_new(void) {
  EsSchedule *s = calloc(1, sizeof *s);
  if (s) {
    s->total_energy = s->total_time = s->makespan = s->bound = NAN;
    s->energy_active = s->energy_idle = s->energy_transfer = s->slr = s->ecr = NAN;
    s->energy_unit = s->time_unit = "";
    s->objective = "energy";
  }
  return s;
}

void es_schedule_free(EsSchedule *s) {
  if (!s)
    return;
  free(s->entries);
  free(s->baselines);
  free(s->idle_device);
  free(s->idle_state);
  es_arena_free(&s->arena);
  free(s);
}

static int add_entry(EsSchedule *s, EsScheduleEntry e) {
  if (es_vec_reserve(&s->entries, &s->entries_cap, s->nentries + 1, sizeof *s->entries))
    return ES_ENOMEM;
  s->entries[s->nentries++] = e;
  return ES_OK;
}

EsSchedule *es_schedule_from_solution(const EsGraph *g, const EsProblem *p, const EsSolution *sol,
                                      const char *algorithm) {
  EsSchedule *s = es_schedule_new();
  if (!s)
    return NULL;
  s->algorithm = es_arena_strdup(&s->arena, algorithm);
  s->graph = g->name;
  s->fingerprint = g->fingerprint;
  s->objective = p->objective == ES_OBJ_TIME ? "time" : "energy";
  s->energy_unit = p->unit[ES_OBJ_ENERGY];
  s->time_unit = p->unit[ES_OBJ_TIME];
  s->total_energy = es_problem_evaluate(p, ES_OBJ_ENERGY, sol->label);
  s->total_time = es_problem_evaluate(p, ES_OBJ_TIME, sol->label);
  s->bound = sol->bound;
  s->note = sol->note[0] ? es_arena_strdup(&s->arena, sol->note) : NULL;
  s->warning = sol->warning[0] ? es_arena_strdup(&s->arena, sol->warning) : NULL;
  int rc = ES_OK;
  for (int v = 0; v < p->ntasks && !rc; v++) {
    int l = sol->label[v];
    long k = (long)v * p->nlabels + l;
    EsScheduleEntry e = {g->tasks[v].name,
                         g->tasks[v].key,
                         p->device_names[p->label_device[l]],
                         p->label_level[l],
                         NAN,
                         NAN,
                         p->value[ES_OBJ_TIME] ? p->value[ES_OBJ_TIME][k] : NAN,
                         p->value[ES_OBJ_ENERGY] ? p->value[ES_OBJ_ENERGY][k] : NAN,
                         false,
                         {0, 0},
                         g->tasks[v].kind};
    if (sol->start)
      e.start = sol->start[v], e.finish = sol->finish[v];
    rc = add_entry(s, e);
  }
  for (int i = 0; i < sol->ndups && !rc; i++) {
    const EsDuplicate *d = &sol->dups[i];
    EsScheduleEntry e = {g->tasks[d->task].name,
                         g->tasks[d->task].key,
                         p->device_names[p->label_device[d->label]],
                         p->label_level[d->label],
                         d->start,
                         d->finish,
                         NAN,
                         NAN,
                         true,
                         {0, 0},
                         g->tasks[d->task].kind};
    rc = add_entry(s, e);
  }
  if (sol->start) {
    s->makespan = 0;
    for (int i = 0; i < s->nentries; i++)
      if (s->entries[i].finish > s->makespan)
        s->makespan = s->entries[i].finish;
  }
  if (rc) {
    es_schedule_free(s);
    return NULL;
  }
  return s;
}

int es_schedule_add_baseline(EsSchedule *s, const char *name, double energy, double time) {
  const char *copy = es_arena_strdup(&s->arena, name);
  if (!copy ||
      es_vec_reserve(&s->baselines, &s->baselines_cap, s->nbaselines + 1, sizeof *s->baselines))
    return ES_ENOMEM;
  s->baselines[s->nbaselines++] = (EsBaseline){copy, energy, time};
  return ES_OK;
}

const EsScheduleEntry *es_schedule_find(const EsSchedule *s, const char *task) {
  for (int i = 0; i < s->nentries; i++)
    if (!s->entries[i].duplicate && strcmp(s->entries[i].task, task) == 0)
      return &s->entries[i];
  return NULL;
}

int es_schedule_list_push(EsScheduleList *l, EsSchedule *s) {
  if (es_vec_reserve(&l->v, &l->cap, l->len + 1, sizeof *l->v))
    return ES_ENOMEM;
  l->v[l->len++] = s;
  return ES_OK;
}

void es_schedule_list_free(EsScheduleList *l) {
  for (int i = 0; i < l->len; i++)
    es_schedule_free(l->v[i]);
  free(l->v);
  l->v = NULL;
  l->len = l->cap = 0;
}
