/* The crown schedule table of `esched report` (crown.h): a summary line,
 * energy and makespan against the deadline, per core the tasks in crown
 * order with group, width and frequency, and per task its time and energy.
 * Written to the caller's FILE. */
#include <math.h>
#include <string.h>

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
  fprintf(f, "collection %s: %s, %d tasks on %d cores", s->collection, s->algorithm,
          s->ntasks, s->p);
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

static void per_core(FILE *f, const EsCrownSchedule *s) {
  fprintf(f, "%-5s %-10s %s\n", "core", "busy", "tasks in crown order: name (group/width/freq)");
  for (int m = 0; m < s->p; m++) {
    int a = s->core_first[m], b = s->core_first[m + 1];
    fprintf(f, "%-5d %-10.6g", m, b > a ? s->slots[b - 1].finish : 0.0);
    for (int k = a; k < b; k++) {
      const EsCrownPlaced *t = &s->tasks[s->slots[k].task];
      fprintf(f, " %s (%d/%d/%g)", t->name, t->group, t->width, t->freq);
    }
    fputc('\n', f);
  }
}

static void per_task(FILE *f, const EsCrownSchedule *s) {
  int w = 4;
  for (int j = 0; j < s->ntasks; j++)
    w = (int)strlen(s->tasks[j].name) > w ? (int)strlen(s->tasks[j].name) : w;
  fprintf(f, "%-*s %6s %6s %8s %12s %12s\n", w, "task", "group", "width", "freq", "time",
          "energy");
  for (int j = 0; j < s->ntasks; j++) {
    const EsCrownPlaced *t = &s->tasks[j];
    fprintf(f, "%-*s %6d %6d %8g %12.6g %12.6g\n", w, t->name, t->group, t->width, t->freq,
            t->time, t->energy);
  }
}

void es_crown_report(FILE *f, const EsCrownSchedule *s) {
  summary(f, s);
  per_core(f, s);
  per_task(f, s);
  if (s->note)
    fprintf(f, "note: %s\n", s->note);
}
