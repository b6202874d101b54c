/* Reports of schedules for people: tables in the shape of Silberstein 2011's
 * Table 2 (energy of the schedule, waste of each baseline relative to it,
 * tasks per device). Written to a caller's FILE; nothing else is printed. */
#ifndef ESCHED_SCHEDULER_REPORT_H
#define ESCHED_SCHEDULER_REPORT_H

#include <stdio.h>

#include "scheduler/model/profile.h"
#include "scheduler/model/schedule.h"

/* One row per schedule (graph): its energy, each baseline's waste in percent
 * ((baseline - energy) / energy), and its tasks per device. Columns widen to
 * their longest name. 0, or ES_ENOMEM with nothing written. */
int es_report_energy_table(FILE *f, const EsSchedule *const *schedules, int n);

/* Per task of s: the time and energy the schedule expected against what the
 * profile measured on the same device and level (mean and sample count),
 * the relative error, and the predictor the profile supports for that key
 * with the cross-validated error of each predictor kind (predict.h).
 * Columns widen to their longest name. 0, or ES_ENOMEM with nothing
 * written. */
int es_report_prediction_table(FILE *f, const EsSchedule *s, const EsProfile *prof);

#endif
