/* A schedule as the tools exchange it (docs/formats.md, "Schedule file"):
 * per task a device and a DVFS level, optionally start and finish times,
 * the totals, and the baselines' totals. It names tasks and devices by
 * string, so it can be read back without the problem it came from. */
#ifndef ESCHED_SCHEDULER_SCHEDULE_H
#define ESCHED_SCHEDULER_SCHEDULE_H

#include <stdbool.h>

#include "scheduler/model/solution.h"
#include "scheduler/base/arena.h"
#include "scheduler/model/graph.h"
#include "scheduler/model/problem.h"

typedef struct EsScheduleEntry {
  const char *task;
  const char *key; /* the task's profile key when it differs from task, else NULL */
  const char *device;
  int level;
  double start, finish; /* NAN when the schedule is not timed */
  double time, energy;  /* the model's expectation for this task; NAN if unknown */
  bool duplicate;       /* a copy of a task placed by a duplicating scheduler */
  EsMark mark;
  EsTaskKind kind; /* ES_TASK_REGION for an annotated task; else a pseudo-node of the
                      front end (input data, host code, the write-back node) */
} EsScheduleEntry;

typedef struct EsBaseline {
  const char *name;    /* "cpu-only", "gpu-only", "greedy", ... */
  double energy, time; /* NAN when unknown */
} EsBaseline;

typedef struct EsSchedule {
  const char *file;
  const char *algorithm;
  const char *graph;                   /* the graph's name, or NULL */
  const char *fingerprint;             /* the graph's fingerprint, or NULL */
  const char *objective;               /* "energy" or "time" */
  const char *energy_unit, *time_unit; /* "J"/"s" for physical costs, "" abstract */
  double total_energy, total_time;     /* serial model (problem.h); NAN when unknown */
  double makespan;                     /* of the timed schedule; NAN when not timed */
  double bound;                        /* proven lower bound of the objective, NAN when unknown */
  /* Timed schedules with powers (timed.h's simulator; NAN otherwise): the
   * parts of total_energy, and EASEF's SLR and ECR. */
  double energy_active, energy_idle, energy_transfer, slr, ecr;
  const char *dvfs; /* the DVFS post-pass applied, or NULL */
  /* What each device draws while idle when a DVFS pass set it: names and
   * states (ES_IDLE_OFF or a level), nidle entries. */
  const char **idle_device;
  int *idle_state;
  int nidle;
  const char *note;
  const char *warning; /* the solution's warning, for tools to print; not in the file */
  EsScheduleEntry *entries; /* one per task in graph order, then duplicates */
  int nentries, entries_cap;
  EsBaseline *baselines;
  int nbaselines, baselines_cap;
  EsArena arena;
} EsSchedule;

EsSchedule *es_schedule_new(void);
void es_schedule_free(EsSchedule *s);

/* Builds the schedule of solution sol on problem p of graph g, evaluating
 * both objectives. algorithm and the note are copied; task, device and graph
 * names are borrowed from g and from p's device names (its platform or g),
 * which must outlive the schedule. NULL when out of memory. */
EsSchedule *es_schedule_from_solution(const EsGraph *g, const EsProblem *p, const EsSolution *sol,
                                      const char *algorithm);

/* Records a baseline's totals. */
int es_schedule_add_baseline(EsSchedule *s, const char *name, double energy, double time);

/* The entry of task (not a duplicate), or NULL. O(n). */
const EsScheduleEntry *es_schedule_find(const EsSchedule *s, const char *task);

/* A list of schedules, one per document (one per graph). */
typedef struct EsScheduleList {
  EsSchedule **v;
  int len, cap;
} EsScheduleList;

int es_schedule_list_push(EsScheduleList *l, EsSchedule *s);
void es_schedule_list_free(EsScheduleList *l);

#endif
