/* esched report: schedules -> tables for people. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/args.h"
#include "pass/commands.h"
#include "pass/diag.h"
#include "scheduler/files.h"
#include "scheduler/gantt.h"
#include "scheduler/report.h"

static const char help[] =
    "usage: esched report SCHEDULE.yaml [--gantt OUT.svg [--graph GRAPH.yaml]]\n"
    "\n"
    "Prints the energy table of every schedule in SCHEDULE.yaml, in the shape of\n"
    "Silberstein 2011's Table 2: energy of the schedule, waste of each baseline\n"
    "relative to it in percent, and tasks per device.\n"
    "\n"
    "  --gantt OUT.svg   also draw the (first) timed schedule as a Gantt chart:\n"
    "                    processor rows, tasks shaded by DVFS level, idle time\n"
    "  --graph FILE      the graph the schedule came from: draws its transfers\n";

/* Writes the Gantt chart of the first schedule to path (atomically). */
static bool write_gantt(const EsScheduleList *list, const char *path, const char *graph) {
  EsError err;
  diag_error_init(&err);
  EsGraphList graphs = {0};
  if (graph && es_graph_read(graph, &graphs, &err))
    return false;
  if (list->len == 0 || isnan(list->v[0]->makespan)) {
    diag(DIAG_ERROR, NULL, 0, 0, "report: --gantt needs a timed schedule (makespan and timing)");
    es_graph_list_free(&graphs);
    return false;
  }
  EsOutput f;
  bool ok = es_output_open(&f, path, &err) == ES_OK;
  if (ok && es_gantt_svg(f.f, list->v[0], graphs.len ? graphs.v[0] : NULL) != ES_OK) {
    es_output_abort(&f);
    diag(DIAG_ERROR, NULL, 0, 0, "report: cannot write '%s'", path);
    ok = false;
  } else if (ok)
    ok = es_output_commit(&f, &err) == ES_OK;
  es_graph_list_free(&graphs);
  return ok;
}

int cmd_report(int argc, char **argv) {
  Args a;
  args_init(&a, "report", argc, argv);
  const char *arg, *path = NULL, *gantt = NULL, *graph = NULL;
  ArgKind k;
  while ((k = args_next(&a, &arg)) != ARG_END) {
    if (k == ARG_POSITIONAL && !path)
      path = arg;
    else if (k == ARG_OPTION && (!strcmp(arg, "--help") || !strcmp(arg, "-h"))) {
      fputs(help, stdout);
      return 0;
    } else if (k == ARG_OPTION && !strcmp(arg, "--gantt"))
      gantt = args_value(&a, arg);
    else if (k == ARG_OPTION && !strcmp(arg, "--graph"))
      graph = args_value(&a, arg);
    else if (k == ARG_OPTION)
      args_unknown(&a, arg);
    else {
      diag(DIAG_ERROR, NULL, 0, 0, "report: unexpected argument '%s'", arg);
      return 1;
    }
    if (a.failed)
      return 1;
  }
  if (!path) {
    diag(DIAG_ERROR, NULL, 0, 0, "report: no schedule file given (see esched report --help)");
    return 1;
  }
  EsScheduleList list = {0};
  EsError err;
  diag_error_init(&err);
  int status = 1;
  if (es_schedule_read(path, &list, &err) == ES_OK &&
      (!gantt || write_gantt(&list, gantt, graph))) {
    es_report_energy_table(stdout, (const EsSchedule *const *)list.v, list.len);
    status = 0;
  }
  es_schedule_list_free(&list);
  return status;
}
