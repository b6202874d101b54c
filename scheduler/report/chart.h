/* A Gantt chart before it is drawn: named rows (devices, link directions,
 * cores) with bars on them (task runs, transfers) and optional arrows
 * (data from a producer to a consumer). The builders (gantt.h) fill one
 * from a schedule; gantt_svg.c draws one or several stacked. */
#ifndef ESCHED_SCHEDULER_REPORT_CHART_H
#define ESCHED_SCHEDULER_REPORT_CHART_H

#include <stdbool.h>

typedef enum EsRowKind { ES_ROW_DEVICE, ES_ROW_LINK } EsRowKind;

typedef struct EsRow {
  char name[96];
  EsRowKind kind;
  int idle_state; /* devices: ES_IDLE_OFF (hatched), a level (tinted), -1 own idle power */
} EsRow;

typedef struct EsBar {
  int row;
  double start, finish;
  const char *label; /* task or data item name, borrowed from the schedule or graph */
  int level;         /* DVFS level of a task run; -1 for a transfer */
  bool dup;          /* a duplicate copy of a task */
  double bytes;      /* a transfer's bytes, else 0 */
} EsBar;

typedef struct EsArrow {
  int from_row, to_row;
  double from_t, to_t;
} EsArrow;

typedef struct EsChart {
  char title[512];
  char time_unit[16]; /* "s", or "" for abstract units */
  EsRow *rows;
  int nrows, rows_cap;
  EsBar *bars;
  int nbars, bars_cap;
  EsArrow *arrows;
  int narrows, arrows_cap;
  double makespan;
  double deadline; /* a vertical line when not NAN */
} EsChart;

void es_chart_init(EsChart *c);
void es_chart_free(EsChart *c);
/* The index of the row named name, added (with idle_state -1) when new;
 * -1 when out of memory. */
int es_chart_row(EsChart *c, const char *name, EsRowKind kind);
/* 0 or ES_ENOMEM. */
int es_chart_bar(EsChart *c, EsBar b);
int es_chart_arrow(EsChart *c, EsArrow a);
/* Names in natural order: at the first place they differ, two numbers
 * compare as numbers (p2 before p10), else as strcmp. */
int es_chart_name_cmp(const char *a, const char *b);
/* Sorts the device rows by name in natural order (p2 before p10), link
 * rows after them, renumbering the bars and arrows. */
int es_chart_sort_rows(EsChart *c);

#endif
