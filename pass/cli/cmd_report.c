/* esched report: schedules -> tables for people. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/cli/args.h"
#include "pass/cli/cmd_crown.h"
#include "pass/cli/commands.h"
#include "pass/frontend/diag.h"
#include "pass/cli/write.h"
#include "scheduler/io/files.h"
#include "scheduler/report/gantt.h"
#include "scheduler/report/report.h"

static const char help[] =
    "usage: esched report [--schedule] SCHEDULE.yaml [--profile PROFILE.yaml]\n"
    "                     [--gantt OUT.svg [--graph GRAPH.yaml]]\n"
    "\n"
    "Prints the energy table of every schedule in SCHEDULE.yaml, in the shape of\n"
    "Silberstein 2011's Table 2: energy of the schedule, waste of each baseline\n"
    "relative to it in percent, and tasks per device. For a crown schedule: per\n"
    "core the tasks in crown order with group, width and frequency, per task its\n"
    "time and energy, and the makespan against the deadline.\n"
    "\n"
    "options:\n"
    "  --profile FILE    also compare each task's expected time and energy with\n"
    "                    what the profile measured, with each cost predictor's error\n"
    "  --gantt OUT.svg   also draw the (first) timed schedule as a Gantt chart:\n"
    "                    processor rows, tasks shaded by DVFS level, idle time\n"
    "  --graph FILE      the graph the schedule came from: draws its transfers\n";

typedef struct Gantt {
  const EsSchedule *schedule;
  const EsGraph *graph;
} Gantt;

static bool gantt_to(FILE *f, const void *ctx) {
  const Gantt *g = ctx;
  return es_gantt_svg(f, g->schedule, g->graph) == ES_OK;
}

/* Writes the Gantt chart of the first schedule to path (atomically). */
static bool write_gantt(const EsScheduleList *list, const char *path, const char *graph) {
  EsError err;
  diag_error_init(&err);
  EsGraphList graphs = {0};
  if (graph && es_graph_read(graph, &graphs, &err))
    return false;
  bool ok = list->len > 0 && !isnan(list->v[0]->makespan);
  if (!ok)
    diag(DIAG_ERROR, NULL, 0, 0, "report: --gantt needs a timed schedule (makespan and timing)");
  Gantt g = {ok ? list->v[0] : NULL, graphs.len ? graphs.v[0] : NULL};
  ok = ok && pass_write_file("report", path, gantt_to, &g);
  es_graph_list_free(&graphs);
  return ok;
}

typedef struct Options {
  const char *schedule, *profile, *gantt, *graph;
} Options;

static int parse(int argc, char **argv, Options *o) {
  Args a;
  args_init(&a, "report", argc, argv);
  const char *arg;
  ArgKind k;
  while ((k = args_next(&a, &arg)) != ARG_END) {
    if (k == ARG_POSITIONAL && !o->schedule)
      o->schedule = arg;
    else if (k != ARG_OPTION) {
      diag(DIAG_ERROR, NULL, 0, 0, "report: unexpected argument '%s'", arg);
      return 1;
    } else if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      fputs(help, stdout);
      return -1;
    } else if (!strcmp(arg, "--schedule"))
      o->schedule = args_value(&a, arg);
    else if (!strcmp(arg, "--profile"))
      o->profile = args_value(&a, arg);
    else if (!strcmp(arg, "--gantt"))
      o->gantt = args_value(&a, arg);
    else if (!strcmp(arg, "--graph"))
      o->graph = args_value(&a, arg);
    else
      args_unknown(&a, arg);
    if (a.failed)
      return 1;
  }
  if (!o->schedule) {
    diag(DIAG_ERROR, NULL, 0, 0, "report: no schedule file given (see esched report --help)");
    return 1;
  }
  return 0;
}

int cmd_report(int argc, char **argv) {
  Options o = {0};
  int rc = parse(argc, argv, &o);
  if (rc)
    return rc < 0 ? 0 : 1;
  if (crown_is_schedule(o.schedule))
    return crown_report_main(o.schedule);
  EsScheduleList list = {0};
  EsProfile *prof = NULL;
  EsError err;
  diag_error_init(&err);
  int status = 1;
  if (es_schedule_read(o.schedule, &list, &err) == ES_OK &&
      (!o.profile || es_profile_read(o.profile, &prof, &err) == ES_OK) &&
      (!o.gantt || write_gantt(&list, o.gantt, o.graph))) {
    es_report_energy_table(stdout, (const EsSchedule *const *)list.v, list.len);
    for (int i = 0; prof && i < list.len; i++) {
      printf("\n%s: expected against measured\n", list.v[i]->graph ? list.v[i]->graph : "-");
      es_report_prediction_table(stdout, list.v[i], prof);
    }
    status = 0;
  }
  es_schedule_list_free(&list);
  es_profile_free(prof);
  return status;
}
