/* Gantt charts of timed schedules as SVG (gantt_svg.c): one row per
 * processor, a box per task copy shaded by its DVFS level (darker = faster;
 * duplicates dashed), idle time per row (hatched when the processor is off,
 * tinted when it idles at a low level), transfers as lines from producer to
 * consumer when the graph is given, and a time axis with round ticks.
 * Labels are drawn only in boxes wide enough for them, and transfers are
 * thinned beyond a few thousand, so 10 tasks read well and 1,000 still
 * show the shape. Written to a caller's FILE; nothing else is printed.
 */
#ifndef ESCHED_SCHEDULER_GANTT_H
#define ESCHED_SCHEDULER_GANTT_H

#include <stdio.h>

#include "scheduler/model/graph.h"
#include "scheduler/model/schedule.h"

/* Writes the chart of s (which must be timed). g, when not NULL, is the
 * graph the schedule came from (for transfers). Returns 0, ES_EINVAL for an
 * untimed schedule, ES_EIO on a write error. */
int es_gantt_svg(FILE *f, const EsSchedule *s, const EsGraph *g);

#endif
