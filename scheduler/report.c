/* The energy table (report.h). */
#include "scheduler/report.h"

#include <math.h>
#include <string.h>

enum { MAX_COLUMNS = 16 };

typedef struct Columns {
  const char *name[MAX_COLUMNS];
  int n;
} Columns;

static void add_column(Columns *c, const char *name) {
  for (int i = 0; i < c->n; i++)
    if (strcmp(c->name[i], name) == 0)
      return;
  if (c->n < MAX_COLUMNS)
    c->name[c->n++] = name;
}

static int count_on(const EsSchedule *s, const char *device) {
  int n = 0;
  for (int i = 0; i < s->nentries; i++)
    n += !s->entries[i].duplicate && strcmp(s->entries[i].device, device) == 0;
  return n;
}

static const char *unit_suffix(const EsSchedule *s) {
  return *s->energy_unit ? s->energy_unit : "units";
}

void es_report_energy_table(FILE *f, const EsSchedule *const *schedules, int n) {
  Columns base = {0}, devs = {0};
  for (int i = 0; i < n; i++) {
    for (int b = 0; b < schedules[i]->nbaselines; b++)
      add_column(&base, schedules[i]->baselines[b].name);
    for (int e = 0; e < schedules[i]->nentries; e++)
      add_column(&devs, schedules[i]->entries[e].device);
  }
  fprintf(f, "%-16s %6s %-10s %14s", "graph", "tasks", "algorithm", "energy");
  if (base.n)
    fprintf(f, " | waste %%:");
  for (int b = 0; b < base.n; b++)
    fprintf(f, " %9s", base.name[b]);
  fprintf(f, " | tasks on:");
  for (int d = 0; d < devs.n; d++)
    fprintf(f, " %5s", devs.name[d]);
  fprintf(f, "\n");
  for (int i = 0; i < n; i++) {
    const EsSchedule *s = schedules[i];
    int tasks = 0;
    for (int e = 0; e < s->nentries; e++)
      tasks += !s->entries[e].duplicate;
    fprintf(f, "%-16s %6d %-10s %14.6g", s->graph ? s->graph : "-", tasks,
            s->algorithm ? s->algorithm : "-", s->total_energy);
    if (base.n)
      fprintf(f, " |         ");
    for (int b = 0; b < base.n; b++) {
      double v = NAN;
      for (int k = 0; k < s->nbaselines; k++)
        if (strcmp(s->baselines[k].name, base.name[b]) == 0)
          v = s->baselines[k].energy;
      if (isnan(v) || !(s->total_energy > 0))
        fprintf(f, " %9s", isnan(v) ? "-" : (v > s->total_energy ? "inf" : "0.0"));
      else
        fprintf(f, " %9.1f", 100 * (v - s->total_energy) / s->total_energy);
    }
    fprintf(f, " |          ");
    for (int d = 0; d < devs.n; d++)
      fprintf(f, " %5d", count_on(s, devs.name[d]));
    fprintf(f, "\n");
  }
  if (n > 0)
    fprintf(f, "energy in %s; waste = (baseline - energy) / energy\n", unit_suffix(schedules[0]));
  for (int i = 0; i < n; i++)
    if (schedules[i]->note)
      fprintf(f, "note: %s: %s\n", schedules[i]->graph ? schedules[i]->graph : "-",
              schedules[i]->note);
}
