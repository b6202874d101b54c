/* Charts of timed schedules and of crown schedules (gantt.h). */
#include "scheduler/report/gantt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

bool es_gantt_is_timed(const EsSchedule *s) { return !isnan(s->makespan); }

/* "graph: algorithm, makespan M, energy E J, dvfs D" */
static void title(EsChart *c, const EsSchedule *s, const char *what, double makespan) {
  int n = snprintf(c->title, sizeof c->title, "%s: %s%s, makespan %g%s%s",
                   s->graph ? s->graph : "schedule", s->algorithm ? s->algorithm : "?", what,
                   makespan, *s->time_unit ? " " : "", s->time_unit);
  if (!isnan(s->total_energy) && n > 0 && (size_t)n < sizeof c->title)
    n += snprintf(c->title + n, sizeof c->title - (size_t)n, ", energy %g%s%s (modelled)",
                  s->total_energy, *s->energy_unit ? " " : "", s->energy_unit);
  if (s->dvfs && n > 0 && (size_t)n < sizeof c->title)
    snprintf(c->title + n, sizeof c->title - (size_t)n, ", dvfs %s", s->dvfs);
}

/* Arrows: an edge between copies on different rows, from the producer's
 * own copy. */
static int arrows(EsChart *c, const EsSchedule *s, const EsGraph *g) {
  for (int e = 0; e < g->nedges; e++) {
    const EsScheduleEntry *a = es_schedule_find(s, g->tasks[g->edges[e].from].name);
    const EsScheduleEntry *b = es_schedule_find(s, g->tasks[g->edges[e].to].name);
    if (!a || !b || !strcmp(a->device, b->device))
      continue;
    EsArrow w = {es_chart_row(c, a->device, ES_ROW_DEVICE),
                 es_chart_row(c, b->device, ES_ROW_DEVICE), a->finish, b->start};
    if (w.from_row < 0 || w.to_row < 0 || es_chart_arrow(c, w))
      return ES_ENOMEM;
  }
  return ES_OK;
}

int es_gantt_timed(EsChart *c, const EsSchedule *s, const EsGraph *g) {
  if (!es_gantt_is_timed(s))
    return ES_EINVAL;
  title(c, s, "", s->makespan);
  snprintf(c->time_unit, sizeof c->time_unit, "%s", s->time_unit);
  c->makespan = s->makespan;
  for (int i = 0; i < s->nentries; i++) {
    const EsScheduleEntry *e = &s->entries[i];
    int row = es_chart_row(c, e->device, ES_ROW_DEVICE);
    if (row < 0 ||
        es_chart_bar(c, (EsBar){row, e->start, e->finish, e->task, e->level, e->duplicate, 0}))
      return ES_ENOMEM;
  }
  for (int i = 0; i < s->nidle; i++) {
    int row = es_chart_row(c, s->idle_device[i], ES_ROW_DEVICE);
    if (row < 0)
      return ES_ENOMEM;
    c->rows[row].idle_state = s->idle_state[i];
  }
  int rc = g ? arrows(c, s, g) : ES_OK;
  return rc ? rc : es_chart_sort_rows(c);
}

int es_gantt_crown(EsChart *c, const EsCrownSchedule *s) {
  snprintf(c->title, sizeof c->title,
           "%s: %s, one round on %d cores, makespan %g, deadline %g, energy %g (modelled)",
           s->collection ? s->collection : "collection", s->algorithm ? s->algorithm : "?", s->p,
           s->makespan, s->deadline, s->energy);
  c->makespan = s->makespan > s->deadline ? s->makespan : s->deadline;
  c->deadline = s->deadline;
  for (int m = 0; m < s->p; m++) {
    char name[32];
    snprintf(name, sizeof name, "core %d", m);
    int row = es_chart_row(c, name, ES_ROW_DEVICE);
    if (row < 0)
      return ES_ENOMEM;
    for (int k = s->core_first[m]; k < s->core_first[m + 1]; k++) {
      const EsCrownSlot *x = &s->slots[k];
      const EsCrownPlaced *t = &s->tasks[x->task];
      if (es_chart_bar(c, (EsBar){row, x->start, x->finish, t->name, t->level, false, 0}))
        return ES_ENOMEM;
    }
  }
  return ES_OK;
}
