/* The energy table (report.h). */
#include "scheduler/report/report.h"

#include <math.h>
#include <string.h>

#include "scheduler/base/error.h"
#include "scheduler/base/text_table.h"
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

/* The headings: fixed columns at their old widths (a table of short names
 * reads as before), then a column per baseline and per device. */
static void energy_columns(EsTextTable *t, const Columns *base, const Columns *devs) {
  es_text_table_column(t, "graph", -16);
  es_text_table_column(t, "tasks", 6);
  es_text_table_column(t, "algorithm", -10);
  es_text_table_column(t, "energy", 14);
  if (base->n)
    es_text_table_column(t, "| waste %:", -10);
  for (int b = 0; b < base->n; b++)
    es_text_table_column(t, base->name[b], 9);
  es_text_table_column(t, "| tasks on:", -11);
  for (int d = 0; d < devs->n; d++)
    es_text_table_column(t, devs->name[d], 5);
}

/* Baseline b's waste relative to s in percent; "-" when s lacks it. */
static void waste_cell(EsTextTable *t, const EsSchedule *s, const char *b) {
  double v = NAN;
  for (int k = 0; k < s->nbaselines; k++)
    if (strcmp(s->baselines[k].name, b) == 0)
      v = s->baselines[k].energy;
  if (isnan(v) || !(s->total_energy > 0))
    es_text_table_cell(t, "%s", isnan(v) ? "-" : (v > s->total_energy ? "inf" : "0.0"));
  else
    es_text_table_cell(t, "%.1f", 100 * (v - s->total_energy) / s->total_energy);
}

static void energy_row(EsTextTable *t, const EsSchedule *s, const Columns *base,
                       const Columns *devs) {
  int tasks = 0;
  for (int e = 0; e < s->nentries; e++)
    tasks += !s->entries[e].duplicate && s->entries[e].kind == ES_TASK_REGION;
  es_text_table_cell(t, "%s", s->graph ? s->graph : "-");
  es_text_table_cell(t, "%d", tasks);
  es_text_table_cell(t, "%s", s->algorithm ? s->algorithm : "-");
  es_text_table_cell(t, "%.6g", s->total_energy);
  if (base->n)
    es_text_table_cell(t, "|");
  for (int b = 0; b < base->n; b++)
    waste_cell(t, s, base->name[b]);
  es_text_table_cell(t, "|");
  for (int d = 0; d < devs->n; d++)
    es_text_table_cell(t, "%d", count_on(s, devs->name[d]));
}

int es_report_energy_table(FILE *f, const EsSchedule *const *schedules, int n) {
  Columns base = {0}, devs = {0};
  for (int i = 0; i < n; i++) {
    for (int b = 0; b < schedules[i]->nbaselines; b++)
      add_column(&base, schedules[i]->baselines[b].name);
    for (int e = 0; e < schedules[i]->nentries; e++)
      add_column(&devs, schedules[i]->entries[e].device);
  }
  EsTextTable t;
  es_text_table_init(&t);
  energy_columns(&t, &base, &devs);
  for (int i = 0; i < n; i++)
    energy_row(&t, schedules[i], &base, &devs);
  int rc = es_text_table_print(&t, f);
  es_text_table_free(&t);
  if (n > 0 && !rc)
    fprintf(f,
            "energy: modelled (platform powers x expected times), in %s; waste = (baseline - "
            "energy) / energy; tasks: annotated tasks, not input, host-code or write-back "
            "nodes\n",
            unit_suffix(schedules[0]));
  for (int i = 0; i < n && !rc; i++)
    if (schedules[i]->note)
      fprintf(f, "note: %s: %s\n", schedules[i]->graph ? schedules[i]->graph : "-",
              schedules[i]->note);
  return rc;
}

/* A relative error in percent, "-" without both numbers. */
static void error_cell(EsTextTable *t, double expected, double measured) {
  if (isnan(expected) || isnan(measured) || measured <= 0)
    es_text_table_cell(t, "-");
  else
    es_text_table_cell(t, "%.1f%%", 100 * (expected - measured) / measured);
}

static void cv_cell(EsTextTable *t, double e) {
  if (isnan(e))
    es_text_table_cell(t, "-");
  else
    es_text_table_cell(t, "%.1f%%", 100 * e);
}

/* The measured run of (key, device, level), pooling sizes; returns whether
 * they were several (the schedule expects one of them, which it does not
 * record: their mean is no measurement of its expectation). */
static bool measured(const EsProfile *prof, const char *key, const EsScheduleEntry *e,
                     EsStats *time, EsStats *energy) {
  EsStats none = {0, 0, 0, 0, 0};
  *time = *energy = none;
  const EsProfileEntry *pe = es_profile_find(prof, key);
  double size = -1;
  bool several = false;
  for (int i = 0; pe && i < pe->nruns; i++)
    if (pe->runs[i].level == e->level && strcmp(pe->runs[i].device, e->device) == 0) {
      es_stats_merge(time, &pe->runs[i].time);
      es_stats_merge(energy, &pe->runs[i].energy);
      several |= size >= 0 && pe->runs[i].size != size;
      size = pe->runs[i].size;
    }
  return several;
}

/* The headings at the old fixed widths, the floor of each column. */
static void prediction_columns(EsTextTable *t) {
  static const char *const names[] = {"task", "device", "level",      "modelled s", "measured s",
                                      "n",    "error",  "modelled J", "measured J", "error",
                                      "|",    "model",  "log-log",    "tree"};
  static const int widths[] = {-20, -6, 5, 12, 12, 5, 8, 12, 12, 8, -1, -8, 8, 8};
  for (size_t i = 0; i < sizeof widths / sizeof *widths; i++)
    es_text_table_column(t, names[i], widths[i]);
}

/* A stats' mean and count, or "-" for both when it saw nothing. */
static void mean_cells(EsTextTable *t, const EsStats *st, bool with_count) {
  if (st->count)
    es_text_table_cell(t, "%.6g", st->mean);
  else
    es_text_table_cell(t, "-");
  if (with_count && st->count)
    es_text_table_cell(t, "%ld", st->count);
  else if (with_count)
    es_text_table_cell(t, "-");
}

static void prediction_row(EsTextTable *t, const EsScheduleEntry *e, const EsProfile *prof) {
  const char *key = e->key ? e->key : e->task;
  EsStats time, en;
  bool several = measured(prof, key, e, &time, &en);
  es_text_table_cell(t, "%s", e->task);
  es_text_table_cell(t, "%s", e->device);
  es_text_table_cell(t, "%d", e->level);
  es_text_table_cell(t, "%.6g", e->time);
  mean_cells(t, &time, true);
  error_cell(t, e->time, time.count && !several ? time.mean : NAN);
  es_text_table_cell(t, "%.6g", e->energy);
  mean_cells(t, &en, false);
  error_cell(t, e->energy, en.count && !several ? en.mean : NAN);
  es_text_table_cell(t, "|");
  EsPredictor p;
  bool known = es_profile_predictor(prof, key, e->device, e->level, &p);
  es_text_table_cell(t, "%s", known ? es_predictor_kind_name(p.kind) : "-");
  cv_cell(t, known ? p.cv_error[ES_PRED_LOGLOG] : NAN);
  cv_cell(t, known ? p.cv_error[ES_PRED_TREE] : NAN);
}

int es_report_prediction_table(FILE *f, const EsSchedule *s, const EsProfile *prof) {
  EsTextTable t;
  es_text_table_init(&t);
  prediction_columns(&t);
  for (int i = 0; i < s->nentries; i++)
    if (!s->entries[i].duplicate && s->entries[i].kind == ES_TASK_REGION)
      prediction_row(&t, &s->entries[i], prof);
  int rc = es_text_table_print(&t, f);
  es_text_table_free(&t);
  if (rc)
    return rc;
  fprintf(f, "modelled: the schedule's expectation from the profile and the platform; "
             "measured: the profile's mean over every input size it saw; error = (modelled - "
             "measured) / measured, for tasks measured at one size (the schedule's expectation "
             "is for one size: the model columns give the error across sizes)\nmodel: the "
             "predictor leave-one-out cross-validation chose over the profiled sizes; log-log, "
             "tree: each kind's cross-validated error; '-': no data\n");
  return ES_OK;
}
