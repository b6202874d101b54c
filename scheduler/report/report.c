/* The energy table (report.h). */
#include "scheduler/report/report.h"

#include <math.h>
#include <string.h>

#include "scheduler/model/predict.h"

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
    n += !s->entries[i].duplicate && s->entries[i].kind == ES_TASK_REGION &&
         strcmp(s->entries[i].device, device) == 0;
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
      tasks += !s->entries[e].duplicate && s->entries[e].kind == ES_TASK_REGION;
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
    fprintf(f,
            "energy: modelled (platform powers x expected times), in %s; waste = (baseline - "
            "energy) / energy; tasks: annotated tasks, not input, host-code or write-back "
            "nodes\n",
            unit_suffix(schedules[0]));
  for (int i = 0; i < n; i++)
    if (schedules[i]->note)
      fprintf(f, "note: %s: %s\n", schedules[i]->graph ? schedules[i]->graph : "-",
              schedules[i]->note);
}

static void print_error(FILE *f, double expected, double measured) {
  if (isnan(expected) || isnan(measured) || measured <= 0)
    fprintf(f, " %8s", "-");
  else
    fprintf(f, " %7.1f%%", 100 * (expected - measured) / measured);
}

static void print_cv(FILE *f, double e) {
  if (isnan(e))
    fprintf(f, " %8s", "-");
  else
    fprintf(f, " %7.1f%%", 100 * e);
}

/* The measured run of (key, device, level), pooling sizes. */
static void measured(const EsProfile *prof, const char *key, const EsScheduleEntry *e,
                     EsStats *time, EsStats *energy) {
  EsStats none = {0, 0, 0, 0, 0};
  *time = *energy = none;
  const EsProfileEntry *pe = es_profile_find(prof, key);
  for (int i = 0; pe && i < pe->nruns; i++)
    if (pe->runs[i].level == e->level && strcmp(pe->runs[i].device, e->device) == 0) {
      es_stats_merge(time, &pe->runs[i].time);
      es_stats_merge(energy, &pe->runs[i].energy);
    }
}

void es_report_prediction_table(FILE *f, const EsSchedule *s, const EsProfile *prof) {
  fprintf(f, "%-20s %-6s %5s %12s %12s %5s %8s %12s %12s %8s | %-8s %8s %8s\n", "task", "device",
          "level", "modelled s", "measured s", "n", "error", "modelled J", "measured J", "error",
          "model", "log-log", "tree");
  for (int i = 0; i < s->nentries; i++) {
    const EsScheduleEntry *e = &s->entries[i];
    if (e->duplicate || e->kind != ES_TASK_REGION)
      continue;
    const char *key = e->key ? e->key : e->task;
    EsStats t, en;
    measured(prof, key, e, &t, &en);
    fprintf(f, "%-20s %-6s %5d %12.6g ", e->task, e->device, e->level, e->time);
    if (t.count)
      fprintf(f, "%12.6g %5ld", t.mean, t.count);
    else
      fprintf(f, "%12s %5s", "-", "-");
    print_error(f, e->time, t.count ? t.mean : NAN);
    fprintf(f, " %12.6g ", e->energy);
    if (en.count)
      fprintf(f, "%12.6g", en.mean);
    else
      fprintf(f, "%12s", "-");
    print_error(f, e->energy, en.count ? en.mean : NAN);
    EsPredictor p;
    if (es_profile_predictor(prof, key, e->device, e->level, &p)) {
      fprintf(f, " | %-8s", es_predictor_kind_name(p.kind));
      print_cv(f, p.cv_error[ES_PRED_LOGLOG]);
      print_cv(f, p.cv_error[ES_PRED_TREE]);
    } else {
      fprintf(f, " | %-8s %8s %8s", "-", "-", "-");
    }
    fprintf(f, "\n");
  }
  fprintf(f, "modelled: the schedule's expectation from the profile and the platform; "
             "measured: the profile's mean over every input size it saw; error = (modelled - "
             "measured) / measured\nmodel: the predictor leave-one-out cross-validation chose "
             "over the profiled sizes; log-log, tree: each kind's cross-validated error; '-': "
             "no data\n");
}
