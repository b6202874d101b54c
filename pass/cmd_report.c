/* esched report: schedules -> tables for people. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/args.h"
#include "pass/cmd_crown.h"
#include "pass/commands.h"
#include "pass/diag.h"
#include "scheduler/files.h"
#include "scheduler/report.h"

static const char help[] =
    "usage: esched report SCHEDULE.yaml\n"
    "\n"
    "Prints the energy table of every schedule in SCHEDULE.yaml, in the shape of\n"
    "Silberstein 2011's Table 2: energy of the schedule, waste of each baseline\n"
    "relative to it in percent, and tasks per device. For a crown schedule: per\n"
    "core the tasks in crown order with group, width and frequency, per task its\n"
    "time and energy, and the makespan against the deadline.\n";

int cmd_report(int argc, char **argv) {
  Args a;
  args_init(&a, "report", argc, argv);
  const char *arg, *path = NULL;
  ArgKind k;
  while ((k = args_next(&a, &arg)) != ARG_END) {
    if (k == ARG_POSITIONAL && !path)
      path = arg;
    else if (k == ARG_OPTION && (!strcmp(arg, "--help") || !strcmp(arg, "-h"))) {
      fputs(help, stdout);
      return 0;
    } else if (k == ARG_OPTION)
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
  if (crown_is_schedule(path))
    return crown_report_main(path);
  EsScheduleList list = {0};
  EsError err;
  diag_error_init(&err);
  int status = 1;
  if (es_schedule_read(path, &list, &err) == ES_OK) {
    es_report_energy_table(stdout, (const EsSchedule *const *)list.v, list.len);
    status = 0;
  }
  es_schedule_list_free(&list);
  return status;
}
