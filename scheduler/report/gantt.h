/* Gantt charts of schedules (chart.h), drawn as SVG by gantt_svg.c:
 *   timed schedules (heft, easef, ...): their own start and finish times,
 *     one row per processor, arrows for data between processors;
 *   energy schedules (tree-dp, mincut, ilp, ...: what builds compile): the
 *     timeline the runtime's executors follow (gantt_exec.c), serial (one
 *     device busy at a time, in program order) or concurrent (a worker per
 *     device, each task starting once its inputs are current), with a row
 *     per link direction holding the transfers, named by their data item;
 *   crown schedules: one row per core, the round's tasks in crown order.
 * Pseudo-nodes of extracted graphs (input data, host code, the write-back
 * node) take no time and draw nothing but the transfers they cause.
 */
#ifndef ESCHED_SCHEDULER_GANTT_H
#define ESCHED_SCHEDULER_GANTT_H

#include <stdio.h>

#include "scheduler/crown/crown.h"
#include "scheduler/model/graph.h"
#include "scheduler/model/platform.h"
#include "scheduler/model/schedule.h"
#include "scheduler/report/chart.h"

/* Whether s has start and finish times. */
bool es_gantt_is_timed(const EsSchedule *s);

/* c (initialized) gets the chart of timed schedule s; g, when not NULL, is
 * its graph (arrows). 0, ES_EINVAL for an untimed schedule, or ES_ENOMEM. */
int es_gantt_timed(EsChart *c, const EsSchedule *s, const EsGraph *g);

/* c gets the timeline the runtime's serial (concurrent false) or
 * concurrent executor follows for schedule s: tasks in the schedule's order
 * (the program's), each taking its expected time; transfers of g's data
 * edges between devices timed by pf's links (through the host when two
 * devices have no direct link; 0 s without pf). Without g, tasks only, one
 * after another. 0, ES_EINVAL when s has no expected times (with a message
 * in err), or ES_ENOMEM. */
int es_gantt_executor(EsChart *c, const EsSchedule *s, const EsGraph *g, const EsPlatform *pf,
                      bool concurrent, EsError *err);

/* c gets the chart of one round of crown schedule s. 0 or ES_ENOMEM. */
int es_gantt_crown(EsChart *c, const EsCrownSchedule *s);

/* Writes the n charts stacked in one SVG picture. 0 or ES_EIO. */
int es_gantt_svg(FILE *f, const EsChart *const *charts, int n);

#endif
