/* esched schedule: task graph -> schedule. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/cli/args.h"
#include "pass/cli/cmd_crown.h"
#include "pass/cli/commands.h"
#include "pass/cli/progress.h"
#include "pass/cli/write.h"
#include "pass/diag/diag.h"
#include "scheduler/crown/crown.h"
#include "scheduler/io/files.h"
#include "scheduler/plan/plan.h"
#include "scheduler/report/report.h"

static const char help[] =
    "usage: esched schedule GRAPH.yaml [options]\n"
    "\n"
    "Schedules every graph (YAML document) of GRAPH.yaml for minimum energy and\n"
    "writes one schedule document per graph.\n"
    "\n"
    "options:\n"
    "  --platform NAME|FILE  devices, levels and links (presets: esched platform;\n"
    "                        default for graphs with times and bytes:\n"
    "                        silberstein2011, or easef:N for processors p0..pN-1)\n"
    "  --profile FILE        measured task times (profile.yaml) overriding the graph's\n"
    "  --algo A              tree-dp, mincut, ilp, brute, single:DEVICE, greedy,\n"
    "                        energy-deadline (needs --deadline); timed schedules:\n"
    "                        heft, ceft, cpop, dps, hnpd, easef (default: tree-dp for\n"
    "                        trees and forests, mincut for two devices, ilp\n"
    "                        otherwise)\n"
    "  --dvfs S              DVFS post-pass of a timed schedule: none, off-idle,\n"
    "                        low-idle:LEVEL, scale:LEVEL, scale, evenly, equalize\n"
    "                        (never lengthens the makespan; docs/timed.md)\n"
    "  --deadline T          makespan bound: for energy-deadline, and the horizon\n"
    "                        the DVFS passes may stretch tasks to\n"
    "  --objective energy|time  what to minimize (time: serial time, one device busy)\n"
    "  --seed N              seed of randomized algorithms\n"
    "  --time-limit S        seconds for solvers that support a limit (ilp: default\n"
    "                        60; at the limit the best schedule found, never worse\n"
    "                        than greedy, with its proven gap; a progress line\n"
    "                        shows on a terminal)\n"
    "  --no-baselines        do not evaluate the single-device and greedy baselines\n"
    "  --report              print the energy table (to stdout, after the schedule\n"
    "                        file when -o is given, instead of it otherwise)\n"
    "  -o FILE               output schedule (default: standard output)\n"
    "\n"
    "A streaming task collection (a file with a top-level 'collection' key,\n"
    "docs/crown.md) gets a crown schedule instead: --algo crown-fast, crown-bin,\n"
    "crown-sa (default), crown-ilp or crown-integrated; --time-limit is per ILP\n"
    "solve (default 60 s); --platform takes the levels of its CPU device.\n";

typedef struct Options {
  const char *graph, *platform, *profile, *output;
  EsPlanOptions plan;
  bool report;
} Options;

static bool parse(int argc, char **argv, Options *o) {
  Args a;
  args_init(&a, "schedule", argc, argv);
  o->plan.baselines = true;
  const char *arg;
  ArgKind k;
  while ((k = args_next(&a, &arg)) != ARG_END) {
    if (k == ARG_POSITIONAL && !o->graph)
      o->graph = arg;
    else if (k != ARG_OPTION) {
      diag(DIAG_ERROR, NULL, 0, 0, "schedule: unexpected argument '%s'", arg);
      return false;
    } else if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      fputs(help, stdout);
      exit(0);
    } else if (!strcmp(arg, "--platform"))
      o->platform = args_value(&a, arg);
    else if (!strcmp(arg, "--profile"))
      o->profile = args_value(&a, arg);
    else if (!strcmp(arg, "--algo"))
      o->plan.algorithm = args_value(&a, arg);
    else if (!strcmp(arg, "--dvfs"))
      o->plan.dvfs = args_value(&a, arg);
    else if (!strcmp(arg, "--deadline"))
      args_double(&a, arg, &o->plan.algo.deadline);
    else if (!strcmp(arg, "-o"))
      o->output = args_value(&a, arg);
    else if (!strcmp(arg, "--objective")) {
      const char *v = args_value(&a, arg);
      if (v && !strcmp(v, "time"))
        o->plan.problem.objective = ES_OBJ_TIME;
      else if (v && strcmp(v, "energy") != 0) {
        diag(DIAG_ERROR, NULL, 0, 0, "schedule: --objective must be energy or time");
        return false;
      }
    } else if (!strcmp(arg, "--seed")) {
      long seed;
      if (args_long(&a, arg, &seed))
        o->plan.algo.seed = (uint64_t)seed;
    } else if (!strcmp(arg, "--time-limit"))
      args_double(&a, arg, &o->plan.algo.time_limit);
    else if (!strcmp(arg, "--no-baselines"))
      o->plan.baselines = false;
    else if (!strcmp(arg, "--report"))
      o->report = true;
    else
      args_unknown(&a, arg);
    if (a.failed)
      return false;
  }
  if (!o->graph) {
    diag(DIAG_ERROR, NULL, 0, 0, "schedule: no graph file given (see esched schedule --help)");
    return false;
  }
  if (o->plan.algorithm) {
    const char *param;
    if (!es_algorithm_find(o->plan.algorithm, &param) &&
        !es_crown_algorithm_find(o->plan.algorithm)) {
      diag(DIAG_ERROR, NULL, 0, 0, "schedule: unknown algorithm '%s'", o->plan.algorithm);
      return false;
    }
  }
  return true;
}

/* The platform of graphs that need one when none is given, as esched
 * compile's: silberstein2011 (cpu, gpu), or for graphs on processors
 * p0..pN-1 (esched import, esched gen random-dag) EASEF's easef:N. */
static const char *default_platform(const EsGraphList *graphs, bool profile, char *buf, size_t n) {
  const EsGraph *g = NULL;
  for (int i = 0; i < graphs->len && !g; i++)
    if (es_problem_needs_platform(graphs->v[i], profile))
      g = graphs->v[i];
  if (!g)
    return NULL;
  int procs = 0;
  for (int d = 0; d < g->ndevices && procs >= 0; d++) {
    const char *name = g->device_names[d];
    char *end;
    long k = name[0] == 'p' && name[1] >= '0' && name[1] <= '9' ? strtol(name + 1, &end, 10) : -1;
    procs = k >= 0 && !*end ? (procs > k + 1 ? procs : (int)k + 1) : -1;
  }
  if (procs > 0)
    snprintf(buf, n, "easef:%d", procs);
  else
    snprintf(buf, n, "silberstein2011");
  diag(DIAG_NOTE, g->file, 0, 0, "no --platform given: using %s", buf);
  return buf;
}

/* Loads the platform and profile named by the options (or the default
 * platform of graphs that need one); NULL stays NULL. */
static bool load_inputs(const Options *o, const EsGraphList *graphs, EsPlatform **platform,
                        EsProfile **profile) {
  EsError err;
  diag_error_init(&err);
  char buf[64];
  const char *name =
      o->platform ? o->platform : default_platform(graphs, o->profile != NULL, buf, sizeof buf);
  if (name && es_platform_load(name, platform, &err))
    return false;
  if (o->profile && es_profile_read(o->profile, profile, &err))
    return false;
  return true;
}

static bool write_schedules(const Options *o, EsScheduleList *out) {
  if (!o->output && o->report)
    return true;
  return pass_write_schedules("schedule", o->output, (const EsSchedule *const *)out->v, out->len);
}

/* Streaming task collections go to the crown scheduler (cmd_crown.c). */
static int crown_dispatch(const Options *o) {
  const char *graph_option = o->profile                                 ? "--profile"
                             : o->plan.problem.objective == ES_OBJ_TIME ? "--objective"
                             : !o->plan.baselines                       ? "--no-baselines"
                                                                        : NULL;
  CrownCmd c = {o->graph,  o->platform,       o->plan.algorithm,
                o->output, o->plan.algo.seed, o->plan.algo.time_limit,
                o->report, graph_option};
  return crown_schedule_main(&c);
}

int cmd_schedule(int argc, char **argv) {
  Options o = {0};
  if (!parse(argc, argv, &o))
    return 1;
  if (crown_is_collection(o.graph))
    return crown_dispatch(&o);
  if (crown_is_schedule(o.graph)) {
    diag(DIAG_ERROR, o.graph, 0, 0, "this is a crown schedule; 'esched report' prints it");
    return 1;
  }
  if (o.plan.algorithm && es_crown_algorithm_find(o.plan.algorithm)) {
    diag(DIAG_ERROR, o.graph, 0, 0,
         "%s schedules streaming task collections (a top-level 'collection' key), not task "
         "graphs",
         o.plan.algorithm);
    return 1;
  }
  EsPlatform *platform = NULL;
  EsProfile *profile = NULL;
  EsGraphList graphs = {0};
  EsScheduleList out = {0};
  EsError err;
  diag_error_init(&err);
  int status = 1;
  if (es_graph_read(o.graph, &graphs, &err) || !load_inputs(&o, &graphs, &platform, &profile))
    goto done;
  o.plan.problem.platform = platform;
  o.plan.problem.profile = profile;
  cli_progress_attach(&o.plan.algo);
  for (int i = 0; i < graphs.len; i++) {
    EsGraph *g = graphs.v[i];
    EsSchedule *s = NULL;
    char algo[64], why[160];
    es_error_clear(&err);
    int rc = es_plan(g, &o.plan, &s, algo, sizeof algo, why, sizeof why, &err);
    cli_progress_end();
    if (rc)
      continue; /* reported; keep going so every graph's errors show */
    if (es_schedule_list_push(&out, s)) {
      es_schedule_free(s);
      goto done;
    }
    if (*why)
      diag(DIAG_NOTE, g->file, 0, 0, "%s%s%susing %s: %s", g->name ? "graph '" : "",
           g->name ? g->name : "", g->name ? "': " : "", algo, why);
    if (s->note)
      diag(DIAG_NOTE, g->file, 0, 0, "%s", s->note);
    if (s->warning)
      diag(DIAG_WARNING, g->file, 0, 0, "%s", s->warning);
  }
  if (diag_error_count() > 0 || !write_schedules(&o, &out))
    goto done;
  if (o.report &&
      es_report_energy_table(stdout, (const EsSchedule *const *)out.v, out.len) != ES_OK) {
    diag(DIAG_ERROR, NULL, 0, 0, "schedule: out of memory");
    goto done;
  }
  status = 0;
done:
  es_schedule_list_free(&out);
  es_graph_list_free(&graphs);
  es_platform_free(platform);
  es_profile_free(profile);
  return status;
}
