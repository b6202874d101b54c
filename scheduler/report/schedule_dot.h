/* The scheduled task graph as Graphviz DOT, for people: each task filled
 * with its device's colour and labelled with its device and DVFS level,
 * pinned tasks double-bordered and marked "pinned", pseudo-nodes (input
 * data, host code, write-back) in grey, data edges labelled with their item
 * and size in binary units (KiB, MiB), edges between devices (transfers)
 * drawn bold in the producer's colour, and under the title a legend of the
 * devices. A device's colour is a function of its name (the same in every
 * chart); the legend is part of the graph's label, outside the drawing. */
#ifndef ESCHED_SCHEDULER_REPORT_SCHEDULE_DOT_H
#define ESCHED_SCHEDULER_REPORT_SCHEDULE_DOT_H

#include <stdio.h>

#include "scheduler/model/graph.h"
#include "scheduler/model/schedule.h"

/* Writes graph g as scheduled by s (tasks s lacks are drawn unscheduled).
 * 0, ES_EIO, or ES_ENOMEM. */
int es_schedule_dot(FILE *f, const EsSchedule *s, const EsGraph *g);

#endif
