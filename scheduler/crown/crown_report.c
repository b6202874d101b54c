/* The crown schedule table of `esched report` (crown.h): a summary line,
 * energy and makespan against the deadline, per core the tasks in crown
 * order with group, width and frequency, and per task its time and energy.
 * Written to the caller's FILE, columns as wide as their cells. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/text_table.h"
#include "scheduler/crown/crown.h"

static const char *status_text(const EsCrownSchedule *s, char *buf, size_t len) {
  if (s->status == ES_CROWN_OPTIMAL)
    return "optimal";
  if (s->status == ES_CROWN_HEURISTIC)
    return "heuristic";
  snprintf(buf, len, "time limit, gap %.2f%%", 100 * s->gap);
  return buf;
}

static void summary(FILE *f, const EsCrownSchedule *s) {
  char buf[64];
  fprintf(f, "collection %s: %s, %d tasks on %d cores", s->collection, s->algorithm, s->ntasks,
          s->p);
  if (s->cores != s->p)
    fprintf(f, " (of %d)", s->cores);
  fprintf(f, ", %s, %.3g s\n", status_text(s, buf, sizeof buf), s->seconds);
  fprintf(f, "energy %.6g", s->energy);
  if (!isnan(s->bound))
    fprintf(f, " (bound %.6g)", s->bound);
  fprintf(f, "; makespan %.6g %s deadline %.6g (%.1f%%): %s\n", s->makespan,
          s->feasible ? "<=" : ">", s->deadline, 100 * s->makespan / s->deadline,
          s->feasible ? "meets the deadline" : "MISSES the deadline");
}

/* A core's tasks in crown order, "name (group/width/freq)" each, as one
 * cell: the last column, free text. NULL when out of memory. */
static char *crown_order(const EsCrownSchedule *s, int m) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f)
    return NULL;
  for (int k = s->core_first[m]; k < s->core_first[m + 1]; k++) {
    const EsCrownPlaced *t = &s->tasks[s->slots[k].task];
    fprintf(f, "%s%s (%d/%d/%g)", k > s->core_first[m] ? " " : "", t->name, t->group, t->width,
            t->freq);
  }
  if (fclose(f) != 0) {
    free(text);
    return NULL;
  }
  return text;
}

static int per_core(FILE *f, const EsCrownSchedule *s) {
  EsTextTable t;
  es_text_table_init(&t);
  es_text_table_column(&t, "core", -5);
  es_text_table_column(&t, "busy", -10);
  es_text_table_column(&t, "tasks in crown order: name (group/width/freq)", -1);
  for (int m = 0; m < s->p; m++) {
    int a = s->core_first[m], b = s->core_first[m + 1];
    char *order = crown_order(s, m);
    es_text_table_cell(&t, "%d", m);
    es_text_table_cell(&t, "%.6g", b > a ? s->slots[b - 1].finish : 0.0);
    if (order)
      es_text_table_cell(&t, "%s", order);
    else
      t.failed = true;
    free(order);
  }
  int rc = es_text_table_print(&t, f);
  es_text_table_free(&t);
  return rc;
}

static int per_task(FILE *f, const EsCrownSchedule *s) {
  EsTextTable t;
  es_text_table_init(&t);
  static const char *const names[] = {"task", "group", "width", "freq", "time", "energy"};
  static const int widths[] = {-4, 6, 6, 8, 12, 12};
  for (int c = 0; c < 6; c++)
    es_text_table_column(&t, names[c], widths[c]);
  for (int j = 0; j < s->ntasks; j++) {
    const EsCrownPlaced *x = &s->tasks[j];
    es_text_table_cell(&t, "%s", x->name);
    es_text_table_cell(&t, "%d", x->group);
    es_text_table_cell(&t, "%d", x->width);
    es_text_table_cell(&t, "%g", x->freq);
    es_text_table_cell(&t, "%.6g", x->time);
    es_text_table_cell(&t, "%.6g", x->energy);
  }
  int rc = es_text_table_print(&t, f);
  es_text_table_free(&t);
  return rc;
}

int es_crown_report(FILE *f, const EsCrownSchedule *s) {
  summary(f, s);
  int rc = per_core(f, s);
  rc = rc ? rc : per_task(f, s);
  if (s->note && !rc)
    fprintf(f, "note: %s\n", s->note);
  return rc;
}
