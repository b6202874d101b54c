/* esched report: schedules -> tables and pictures for people. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/cli/args.h"
#include "pass/cli/cmd_crown.h"
#include "pass/cli/commands.h"
#include "pass/cli/write.h"
#include "pass/diag/diag.h"
#include "scheduler/io/files.h"
#include "scheduler/report/gantt.h"
#include "scheduler/report/report.h"
#include "scheduler/report/schedule_dot.h"

static const char help[] =
    "usage: esched report [--schedule] SCHEDULE.yaml [--profile PROFILE.yaml]\n"
    "                     [--gantt OUT.svg] [--dot OUT.dot] [--graph GRAPH.yaml]\n"
    "                     [--platform NAME|FILE] [--executor serial|concurrent|both]\n"
    "\n"
    "Prints the energy table of every schedule in SCHEDULE.yaml, in the shape of\n"
    "Silberstein 2011's Table 2: energy of the schedule (modelled), waste of each\n"
    "baseline relative to it in percent, and tasks per device (annotated tasks\n"
    "only; input, host-code and write-back nodes are not tasks). For a crown\n"
    "schedule: per core the tasks in crown order with group, width and frequency,\n"
    "per task its time and energy, and the makespan against the deadline.\n"
    "\n"
    "options:\n"
    "  --profile FILE    also compare each task's modelled time and energy with\n"
    "                    what the profile measured, with each cost predictor's error;\n"
    "                    with --graph, the sizes of its x[0:n] data, as the build's\n"
    "  --gantt OUT.svg   also draw the first schedule as a Gantt chart ('-': to\n"
    "                    standard output, without the table): a timed schedule\n"
    "                    (heft, easef, ...) on its own times; an energy schedule\n"
    "                    (tree-dp, mincut, ilp, what builds compile) on the timeline\n"
    "                    the runtime's executors follow, with a row per link\n"
    "                    direction; a crown schedule as one round on its cores\n"
    "  --dot OUT.dot     also write the first schedule's graph (--graph) as DOT:\n"
    "                    tasks coloured by device (a device's colour follows its\n"
    "                    name, the same in every chart) with their DVFS level,\n"
    "                    pinned tasks marked, transfers bold, sizes in KiB/MiB,\n"
    "                    the devices' legend under the title\n"
    "  --graph FILE      the graph the schedule came from (esched extract -o):\n"
    "                    transfers and the concurrent timeline need it\n"
    "  --platform P      the platform timing transfers of energy schedules\n"
    "                    (default: silberstein2011, as esched compile)\n"
    "  --executor E      energy schedules: serial, concurrent or both (default:\n"
    "                    both with --graph, else serial)\n";

typedef struct Options {
  const char *schedule, *profile, *gantt, *dot, *graph, *platform, *executor;
} Options;

typedef struct Charts {
  const EsChart *const *v;
  int n;
} Charts;

static bool charts_to(FILE *f, const void *ctx) {
  const Charts *c = ctx;
  return es_gantt_svg(f, c->v, c->n) == ES_OK;
}

/* The charts of schedule s: its own times, or the executors' timelines. */
static int build_charts(const Options *o, const EsSchedule *s, const EsGraph *g, EsChart *c, int *n,
                        EsError *err) {
  if (es_gantt_is_timed(s)) {
    *n = 1;
    return es_gantt_timed(&c[0], s, g);
  }
  EsPlatform *pf = NULL;
  int rc = es_platform_load(o->platform ? o->platform : "silberstein2011", &pf, err);
  const char *ex = o->executor ? o->executor : g ? "both" : "serial";
  bool serial = strcmp(ex, "concurrent") != 0, concurrent = strcmp(ex, "serial") != 0;
  *n = 0;
  if (!rc && serial)
    rc = es_gantt_executor(&c[(*n)++], s, g, pf, false, err);
  if (!rc && concurrent)
    rc = es_gantt_executor(&c[(*n)++], s, g, pf, true, err);
  es_platform_free(pf);
  return rc;
}

/* Writes the Gantt chart of the first schedule to path (atomically). */
static bool write_gantt(const Options *o, const EsScheduleList *list, const EsGraph *g) {
  EsChart c[2];
  es_chart_init(&c[0]), es_chart_init(&c[1]);
  EsError err;
  diag_error_init(&err);
  int n = 0;
  bool ok = list->len > 0 && build_charts(o, list->v[0], g, c, &n, &err) == ES_OK;
  const EsChart *v[2] = {&c[0], &c[1]};
  Charts charts = {v, n};
  ok = ok && pass_write_file("report", o->gantt, charts_to, &charts);
  es_chart_free(&c[0]), es_chart_free(&c[1]);
  return ok;
}

typedef struct Dot {
  const EsSchedule *s;
  const EsGraph *g;
} Dot;

static bool dot_to(FILE *f, const void *ctx) {
  const Dot *d = ctx;
  return es_schedule_dot(f, d->s, d->g) == ES_OK;
}

static bool write_dot(const Options *o, const EsScheduleList *list, const EsGraph *g) {
  if (!g) {
    diag(DIAG_ERROR, NULL, 0, 0, "report: --dot needs the schedule's graph (--graph FILE)");
    return false;
  }
  Dot d = {list->v[0], g};
  return list->len > 0 && pass_write_file("report", o->dot, dot_to, &d);
}

/* One round of the first crown schedule as a Gantt chart. */
static int crown_gantt(const Options *o) {
  EsCrownScheduleList list = {0};
  EsError err;
  diag_error_init(&err);
  EsChart c;
  es_chart_init(&c);
  bool ok = es_crown_schedule_read(o->schedule, &list, &err) == ES_OK && list.len > 0 &&
            es_gantt_crown(&c, list.v[0]) == ES_OK;
  const EsChart *v[1] = {&c};
  Charts charts = {v, 1};
  ok = ok && pass_write_file("report", o->gantt, charts_to, &charts);
  es_chart_free(&c);
  es_crown_schedule_list_free(&list);
  if (!ok)
    return 1;
  return strcmp(o->gantt, "-") ? crown_report_main(o->schedule) : 0;
}

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
    else if (!strcmp(arg, "--dot"))
      o->dot = args_value(&a, arg);
    else if (!strcmp(arg, "--graph"))
      o->graph = args_value(&a, arg);
    else if (!strcmp(arg, "--platform"))
      o->platform = args_value(&a, arg);
    else if (!strcmp(arg, "--executor"))
      o->executor = args_value(&a, arg);
    else
      args_unknown(&a, arg);
    if (a.failed)
      return 1;
  }
  if (!o->schedule) {
    diag(DIAG_ERROR, NULL, 0, 0, "report: no schedule file given (see esched report --help)");
    return 1;
  }
  if (o->executor && strcmp(o->executor, "serial") && strcmp(o->executor, "concurrent") &&
      strcmp(o->executor, "both")) {
    diag(DIAG_ERROR, NULL, 0, 0, "report: --executor must be serial, concurrent or both");
    return 1;
  }
  return 0;
}

/* The tables on standard output, unless a picture goes there. False when
 * out of memory (said). */
static bool tables(const Options *o, const EsScheduleList *list, const EsProfile *prof) {
  if ((o->gantt && !strcmp(o->gantt, "-")) || (o->dot && !strcmp(o->dot, "-")))
    return true;
  int rc = es_report_energy_table(stdout, (const EsSchedule *const *)list->v, list->len);
  for (int i = 0; prof && i < list->len && !rc; i++) {
    printf("\n%s: modelled against measured\n", list->v[i]->graph ? list->v[i]->graph : "-");
    rc = es_report_prediction_table(stdout, list->v[i], prof);
  }
  if (rc)
    diag(DIAG_ERROR, NULL, 0, 0, "report: out of memory");
  return rc == ES_OK;
}

/* The graph of graphs that schedule s was made from: the one it names
 * (the only one when it names none), whose fingerprint, when both have
 * one, is the schedule's. NULL after an error: a stale or foreign graph
 * would draw transfers and a timeline from the wrong edges. */
static const EsGraph *graph_of(const Options *o, const EsGraphList *graphs, const EsSchedule *s) {
  const EsGraph *g = NULL;
  for (int i = 0; i < graphs->len && !g; i++)
    if (!s->graph || (graphs->v[i]->name && !strcmp(graphs->v[i]->name, s->graph)))
      g = graphs->v[i];
  if (!g) {
    diag(DIAG_ERROR, o->graph, 0, 0,
         "report: schedule %s was made from graph '%s', which this file does not hold", o->schedule,
         s->graph ? s->graph : "?");
    return NULL;
  }
  if (s->fingerprint && g->fingerprint && strcmp(s->fingerprint, g->fingerprint) != 0) {
    diag(DIAG_ERROR, o->graph, 0, 0,
         "report: graph '%s' (fingerprint %s) is not the one schedule %s was made from "
         "(fingerprint %s): extract the graph again from the same source",
         g->name ? g->name : "?", g->fingerprint, o->schedule, s->fingerprint);
    return NULL;
  }
  return g;
}

int cmd_report(int argc, char **argv) {
  Options o = {0};
  int rc = parse(argc, argv, &o);
  if (rc)
    return rc < 0 ? 0 : 1;
  if (crown_is_schedule(o.schedule))
    return o.gantt ? crown_gantt(&o) : crown_report_main(o.schedule);
  EsScheduleList list = {0};
  EsGraphList graphs = {0};
  EsProfile *prof = NULL;
  EsError err;
  diag_error_init(&err);
  int status = 1;
  if (es_schedule_read(o.schedule, &list, &err) == ES_OK &&
      (!o.graph || es_graph_read(o.graph, &graphs, &err) == ES_OK) &&
      (!o.profile || es_profile_read(o.profile, &prof, &err) == ES_OK)) {
    /* A build sized the transfers of x[0:n] from the profile: so does the
     * report, or it draws none. */
    for (int i = 0; prof && i < graphs.len; i++)
      es_graph_bytes_from_profile(graphs.v[i], prof);
    const EsGraph *g = o.graph && list.len ? graph_of(&o, &graphs, list.v[0]) : NULL;
    if ((!o.graph || g) && (!o.gantt || write_gantt(&o, &list, g)) &&
        (!o.dot || write_dot(&o, &list, g))) {
      status = tables(&o, &list, prof) ? 0 : 1;
    }
  }
  es_schedule_list_free(&list);
  es_graph_list_free(&graphs);
  es_profile_free(prof);
  return status;
}
