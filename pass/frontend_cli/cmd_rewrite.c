/* esched rewrite and esched compile: annotated C -> scheduled C.
 *
 *   rewrite:  extract -> match the given schedules -> rewrite
 *   compile:  extract -> costs (profile, else neutral defaults) -> schedule
 *             (graphs: the variant's algorithm; streams: a crown algorithm)
 *             -> rewrite
 */
#define _XOPEN_SOURCE 700 /* realpath: POSIX.1-2008, XSI-gated by glibc */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pass/cli/args.h"
#include "pass/cli/write.h"
#include "pass/diag/diag.h"
#include "pass/frontend/body.h"
#include "pass/frontend/collection.h"
#include "pass/frontend/frontend.h"
#include "pass/frontend_cli/frontend_args.h"
#include "pass/frontend_cli/frontend_commands.h"
#include "pass/rewrite/rewrite.h"
#include "pass/rewrite/rw_fit.h"
#include "pass/rewrite/rw_starpu.h"
#include "pass/rewrite/rw_stream.h"
#include "scheduler/io/files.h"
#include "scheduler/plan/plan.h"

static const char rewrite_help[] =
    "usage: esched rewrite FILE.c --schedule SCHEDULE.yaml -o OUT.c [options] [-- ARGS]\n"
    "\n"
    "Rewrites FILE.c so that each task runs where SCHEDULE.yaml puts it (one\n"
    "document per graph, as esched schedule writes them), through the runtime\n"
    "(esched_rt.h). A schedule made for another version of the source is an\n"
    "error naming the task. Stream regions take their crown schedules from\n"
    "--stream-schedule (one document per stream, as esched schedule writes\n"
    "them for the collections of esched extract).\n"
    "\n"
    "options:\n"
    "  --schedule FILE  the schedule of the task graphs\n"
    "  --stream-schedule FILE  the crown schedules of the stream regions\n"
    "  --platform P     the platform the schedules were made for: the program\n"
    "                   runs with it, device clauses may name its devices, and\n"
    "                   for starpu the schedule names its nodes\n"
    "  -o FILE          the rewritten C file (default: standard output)\n"
    "  -p BUILD_DIR     compiler arguments from BUILD_DIR/compile_commands.json\n"
    "  --device NAME    a device the annotations may name besides cpu and gpu\n"
    "  --target T       native (default: esched's runtime) or starpu (StarPU, and\n"
    "                   StarPU-MPI on a platform with nodes; docs/starpu.md)\n"
    "  -- ARGS          compiler arguments (-I, -D, -std, ...)\n";

static const char compile_help[] =
    "usage: esched compile FILE.c -o OUT.c [options] [-- ARGS]\n"
    "\n"
    "Extracts, schedules and rewrites FILE.c in one step.\n"
    "\n"
    "options:\n"
    "  --variant V      energy (default), time, cpu-only, gpu-only, greedy: which\n"
    "                   schedule to bake in (one source, several programs)\n"
    "  --platform P     devices and powers (default: silberstein2011); the\n"
    "                   program runs with it, and device clauses may name its\n"
    "                   devices\n"
    "  --profile FILE   measured task times; tasks it lacks get neutral costs (a\n"
    "                   corrupt profile is a warning: its last good copy, or the\n"
    "                   defaults, are used)\n"
    "  --profile-use[=PATH]\n"
    "                   the same, as GCC's -fprofile-use: PATH a folder means\n"
    "                   PATH/esched-profile.yaml, no PATH the one here\n"
    "  --profile-generate[=DIR]  build a program that measures every task and\n"
    "                   merges the samples into DIR/esched-profile.yaml at exit\n"
    "                   (DIR defaults to the current folder)\n"
    "  --algo A         crown algorithm of the stream regions (default crown-sa;\n"
    "                   crown-fast, crown-bin, crown-ilp, crown-integrated)\n"
    "  --schedule-out F  also write the schedule\n"
    "  --stream-schedule-out F  also write the streams' crown schedules\n"
    "  -o FILE          the rewritten C file (default: standard output)\n"
    "  -p BUILD_DIR     compiler arguments from BUILD_DIR/compile_commands.json\n"
    "  --device NAME    a device the annotations may name besides cpu and gpu\n"
    "  --target T       native (default: esched's runtime) or starpu (StarPU, and\n"
    "                   StarPU-MPI on a platform with nodes; tasks in loops are\n"
    "                   scheduled as one pass of their body; docs/starpu.md)\n"
    "  -- ARGS          compiler arguments (-I, -D, -std, ...)\n";

/* Neutral cost of a task without a profile entry: the same time on every
 * device it has a variant for, so only transfers and powers decide. */
#define NEUTRAL_SECONDS 1e-3

/* The crown algorithm of stream regions when --algo is not given. */
#define STREAM_DEFAULT_ALGORITHM "crown-sa"

typedef struct Options {
  FrontendInput in;
  const char *output, *schedule, *schedule_out, *platform, *profile;
  const char *variant, *algo, *stream_schedule, *stream_schedule_out;
  char *profile_generate; /* the profile path a profiling build writes */
  char *profile_use;      /* --profile-use's file (profile points to it) */
  bool compile;
  bool starpu; /* --target starpu */
} Options;

/* --profile-generate[=DIR]: DIR/esched-profile.yaml, absolute, so the
 * program finds it from any working directory. */
static bool profile_generate_path(Options *o, const char *dir) {
  char cwd[4096];
  if (!dir || !*dir)
    dir = ".";
  if (dir[0] != '/' && !getcwd(cwd, sizeof cwd)) {
    diag(DIAG_ERROR, NULL, 0, 0, "compile: cannot find the current folder");
    return false;
  }
  size_t n = strlen(dir) + strlen(cwd) + 32;
  free(o->profile_generate);
  if (!(o->profile_generate = malloc(n)))
    return false;
  if (dir[0] == '/')
    snprintf(o->profile_generate, n, "%s/esched-profile.yaml", dir);
  else
    snprintf(o->profile_generate, n, "%s/%s/esched-profile.yaml", cwd, dir);
  return true;
}

/* --profile-use[=PATH] as GCC's -fprofile-use[=PATH]: a folder means the
 * profile a profiling build writes into it, no PATH the one in the
 * current folder. */
static bool profile_use_path(Options *o, const char *path) {
  static const char name[] = "esched-profile.yaml";
  struct stat st;
  bool folder = path && *path && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
  size_t n = (path ? strlen(path) : 0) + sizeof name + 2;
  free(o->profile_use);
  if (!(o->profile_use = malloc(n)))
    return false;
  if (!path || !*path)
    snprintf(o->profile_use, n, "%s", name);
  else
    snprintf(o->profile_use, n, folder ? "%s/%s" : "%s", path, name);
  o->profile = o->profile_use;
  return true;
}

/* --profile-use's value: given with '=', or the next argument unless it is
 * an option (GCC's -fprofile-use takes none after a space: `--profile-use
 * -O2` is the default profile, and -O2 an option), or none. */
static const char *profile_use_value(Args *a) {
  if (a->inline_value || a->i >= a->argc || a->argv[a->i][0] == '-')
    return a->inline_value;
  return a->argv[a->i++];
}

static bool target(Options *o, const char *t) {
  if (t && (!strcmp(t, "native") || !strcmp(t, "starpu"))) {
    o->starpu = !strcmp(t, "starpu");
    return true;
  }
  if (t)
    diag(DIAG_ERROR, NULL, 0, 0, "%s: unknown target '%s' (native, starpu)",
         o->compile ? "compile" : "rewrite", t);
  return false;
}

static bool parse(int argc, char **argv, Options *o) {
  const char *cmd = o->compile ? "compile" : "rewrite";
  Args a;
  args_init(&a, cmd, argc, argv);
  frontend_input_init(&o->in, cmd);
  bool ok = true;
  const char *arg;
  ArgKind k;
  while (ok && (k = args_next(&a, &arg)) != ARG_END) {
    if (frontend_arg(&o->in, &a, k, arg, &ok))
      continue;
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      fputs(o->compile ? compile_help : rewrite_help, stdout);
      exit(0);
    } else if (!strcmp(arg, "-o"))
      o->output = args_value(&a, arg);
    else if (!o->compile && !strcmp(arg, "--schedule"))
      o->schedule = args_value(&a, arg);
    else if (!strcmp(arg, "--target"))
      ok = target(o, args_value(&a, arg));
    else if (!o->compile && !strcmp(arg, "--stream-schedule"))
      o->stream_schedule = args_value(&a, arg);
    else if (o->compile && !strcmp(arg, "--algo"))
      o->algo = args_value(&a, arg);
    else if (o->compile && !strcmp(arg, "--stream-schedule-out"))
      o->stream_schedule_out = args_value(&a, arg);
    else if (o->compile && !strcmp(arg, "--schedule-out"))
      o->schedule_out = args_value(&a, arg);
    else if (!strcmp(arg, "--platform"))
      o->platform = args_value(&a, arg);
    else if (o->compile && !strcmp(arg, "--profile"))
      o->profile = args_value(&a, arg);
    else if (o->compile && !strcmp(arg, "--profile-use"))
      ok = profile_use_path(o, profile_use_value(&a));
    else if (o->compile && !strcmp(arg, "--profile-generate"))
      ok = profile_generate_path(o, a.inline_value);
    else if (o->compile && !strcmp(arg, "--variant"))
      o->variant = args_value(&a, arg);
    else
      args_unknown(&a, arg);
    ok = ok && !a.failed;
  }
  if (ok && !o->in.file) {
    diag(DIAG_ERROR, NULL, 0, 0, "%s: no input file (see esched %s --help)", cmd, cmd);
    ok = false;
  }
  if (ok && !o->compile && !o->schedule && !o->stream_schedule) {
    diag(DIAG_ERROR, NULL, 0, 0,
         "rewrite: no schedule given (--schedule FILE, --stream-schedule FILE)");
    ok = false;
  }
  if (ok && o->starpu && o->profile_generate) {
    diag(DIAG_ERROR, NULL, 0, 0,
         "compile: StarPU measures programs built for it (STARPU_CALIBRATE=1, then esched "
         "starpu import); --profile-generate is for the native target");
    ok = false;
  }
  if (ok && o->algo && !es_crown_algorithm_find(o->algo)) {
    diag(DIAG_ERROR, NULL, 0, 0,
         "compile: --algo takes the crown algorithm of the stream regions (crown-fast, "
         "crown-bin, crown-sa, crown-ilp, crown-integrated), not '%s'; task graphs follow "
         "--variant",
         o->algo);
    ok = false;
  }
  return ok;
}

/* The algorithm and objective of a --variant. */
static bool variant_plan(const char *v, EsPlanOptions *plan) {
  static const struct {
    const char *name, *algo;
    EsObjective objective;
  } table[] = {{"energy", NULL, ES_OBJ_ENERGY},
               {"time", NULL, ES_OBJ_TIME},
               {"cpu-only", "single:cpu", ES_OBJ_ENERGY},
               {"gpu-only", "single:gpu", ES_OBJ_ENERGY},
               {"greedy", "greedy", ES_OBJ_ENERGY}};
  for (size_t i = 0; i < sizeof table / sizeof *table; i++)
    if (!strcmp(v ? v : "energy", table[i].name)) {
      plan->algorithm = table[i].algo;
      plan->problem.objective = table[i].objective;
      return true;
    }
  diag(DIAG_ERROR, NULL, 0, 0,
       "compile: unknown variant '%s' (energy, time, cpu-only, gpu-only, greedy)", v);
  return false;
}

/* A task some of whose data has no known size cannot leave the host. */
static bool sizes_known(const EsTaskSourceInfo *si) {
  for (int k = 0; k < si->naccesses; k++)
    if (si->accesses[k].mode && !si->accesses[k].lo && !si->accesses[k].len &&
        si->accesses[k].bytes < 0)
      return false;
  return true;
}

/* Whether the profile has a measured run of task t on device dev. */
static bool ran_on(const EsProfile *prof, const EsTask *t, const char *dev) {
  const EsProfileEntry *e = prof ? es_profile_find(prof, es_task_key(t)) : NULL;
  for (int i = 0; e && i < e->nruns; i++)
    if (e->runs[i].time.count > 0 && !strcmp(e->runs[i].device, dev))
      return true;
  return false;
}

/* Whether the profile times task t on the CPU or a device it has a
 * variant for. An entry without such runs is no measurement: a task whose
 * branch the profiling run never took has its key and `runs: []`. */
static bool measured(const EsGraph *g, const EsProfile *prof, const EsTask *t) {
  bool ran = ran_on(prof, t, "cpu");
  for (int v = 0; !ran && t->source && v < t->source->nvariants; v++)
    ran = ran_on(prof, t, g->device_names[t->source->variants[v].device]);
  return ran;
}

/* A measured task's devices without a run (a profiling run without
 * ESCHED_PROFILE_MODE=all-devices measures the CPU only): cpu-only and
 * gpu-only (single) still place it by definition, on the neutral time;
 * the other variants keep it to what was measured. Returns whether it
 * lacks one. */
static bool unmeasured_devices(EsGraph *g, const EsProfile *prof, int t, bool single) {
  EsTask *task = &g->tasks[t];
  bool lacks = false;
  for (int v = 0; v < task->source->nvariants; v++) {
    int d = task->source->variants[v].device;
    if (ran_on(prof, task, g->device_names[d]))
      continue;
    lacks = true;
    if (single)
      es_graph_add_value(g, t, true, d, -1, NEUTRAL_SECONDS, task->mark);
  }
  return lacks;
}

/* Tasks without a profile entry get the neutral time on each of their
 * devices; unless the variant asks for one device (cpu-only, gpu-only),
 * they are pinned to the CPU, where their data is: with no measurement the
 * schedule has no reason to move them, and saying "they run on the CPU" is
 * then true for every objective. Tasks with data of unknown size are
 * pinned to the CPU too. Counts them in *defaulted, and with deferred
 * the graph's deferred tasks too (the runtime gives those the same neutral
 * time; a target without deferral has them in body graphs instead), and in
 * *partial the measured tasks other variants keep off their unmeasured
 * devices. */
static void default_costs(EsGraph *g, const EsProfile *prof, bool single, bool deferred,
                          int *defaulted, int *partial) {
  int cpu = es_graph_device(g, "cpu");
  for (int t = 0; t < g->ntasks; t++) {
    EsTask *task = &g->tasks[t];
    if (task->kind != ES_TASK_REGION || task->time_len || !task->source)
      continue;
    if (!sizes_known(task->source))
      task->pin = cpu;
    if (measured(g, prof, task)) {
      *partial += unmeasured_devices(g, prof, t, single) && !single;
      continue;
    }
    bool placed = task->pin >= 0 && task->pin != cpu; /* by its pin(DEVICE) clause */
    if (!single && !placed)
      task->pin = cpu;
    es_graph_add_value(g, t, true, cpu, -1, NEUTRAL_SECONDS, task->mark);
    for (int v = 0; v < task->source->nvariants; v++)
      if (task->source->variants[v].device != cpu)
        es_graph_add_value(g, t, true, task->source->variants[v].device, -1, NEUTRAL_SECONDS,
                           task->mark);
    *defaulted += !placed;
  }
  for (int t = 0; deferred && t < g->ndeferred; t++) {
    const EsTask *d = &g->deferred[t];
    *defaulted += !measured(g, prof, d) && (d->pin < 0 || d->pin == cpu);
  }
}

/* Whether task t's data has a size only the run knows (x[0:n]) and the
 * profile measured it at two sizes: too few to fit a predictor, so the
 * build has one figure per device for it (note_sizes). From three on, the
 * table carries the fit and the runtime places the task by its size. */
static bool sized_but_unfitted(const EsProfile *prof, const EsTask *t) {
  const EsTaskSourceInfo *si = t->source;
  bool runtime = false;
  for (int k = 0; si && k < si->naccesses; k++)
    runtime |= rw_sized_at_run_time(&si->accesses[k]);
  const EsProfileEntry *e = runtime && prof ? es_profile_find(prof, es_task_key(t)) : NULL;
  bool several = false;
  for (int i = 1; e && i < e->nruns; i++)
    several |= e->runs[i].size > 0 && e->runs[0].size > 0 && e->runs[i].size != e->runs[0].size;
  return several && !rw_fitted(prof, es_task_key(t));
}

/* Tasks measured at two sizes only: the build schedules a task of the
 * program's body for one size (the bytes the profile recorded last) and
 * gives the runtime one time per device (the mean over the runs) for its
 * tasks in loops; said once, with how to follow the size, since the best
 * device may change with it. */
static void note_sizes(const Options *o, const EsGraphList *graphs, const EsProfile *prof) {
  int n = 0;
  for (int i = 0; i < graphs->len; i++) {
    const EsGraph *g = graphs->v[i];
    for (int t = 0; t < g->ntasks; t++)
      n += g->tasks[t].kind == ES_TASK_REGION && sized_but_unfitted(prof, &g->tasks[t]);
    for (int t = 0; t < g->ndeferred; t++)
      n += sized_but_unfitted(prof, &g->deferred[t]);
  }
  if (n)
    diag(DIAG_NOTE, o->in.file, 0, 0,
         "%d task%s measured at two input sizes, which only the run knows: the build places "
         "%s for the size the profile recorded last, and times %s in loops by the mean over "
         "the sizes; to place %s by size at run time, measure a third size",
         n, n == 1 ? " was" : "s were", n == 1 ? "it" : "them", n == 1 ? "it" : "them",
         n == 1 ? "it" : "them");
}

/* The profile at path, or NULL: none given, none there yet (the build's
 * note says what that means), or one that could not be read (*unusable,
 * after a warning: the build goes on with its last good copy, or with
 * default costs; neither file is touched). */
static EsProfile *load_profile(const char *path, bool *unusable) {
  *unusable = false;
  if (!path)
    return NULL;
  EsProfile *prof = NULL;
  EsProfileOrigin origin;
  EsError w = {0};
  if (es_profile_load_or_fallback(path, &prof, &origin, &w) != ES_OK)
    return NULL;
  if (origin == ES_PROFILE_FROM_GOOD || origin == ES_PROFILE_DEFAULTS)
    diag(DIAG_WARNING, w.file, w.line, w.col, "%s; scheduling with %s", w.message,
         origin == ES_PROFILE_FROM_GOOD ? "its last good copy (.good)" : "default costs");
  *unusable = origin == ES_PROFILE_DEFAULTS;
  return prof;
}

/* The decisions per graph, and what they borrow from: the platform (device
 * names) and, for rewrite, the schedule file. */
typedef struct Plans {
  RwGraphPlan *v;
  EsSchedule **owned;
  EsProblem *problems;
  int n;
  EsPlatform *platform;
  char *platform_spec;   /* --platform as the program finds it at run time, or NULL */
  EsProfile *profile;    /* the build's (compile), for the variants' times */
  const char *algorithm; /* the variant's, for the tasks left to run time */
  EsObjective objective;
  EsScheduleList read;
  /* Streams: one crown schedule per stream region, owned by `crown` (made
   * by compile, or read by rewrite). */
  const EsCrownSchedule **streams;
  EsCrownScheduleList crown;
} Plans;

static void plans_free(Plans *p) {
  for (int i = 0; i < p->n; i++) {
    es_schedule_free(p->owned ? p->owned[i] : NULL);
    if (p->problems)
      es_problem_free(&p->problems[i]);
  }
  free(p->v), free(p->owned), free(p->problems);
  es_schedule_list_free(&p->read);
  es_platform_free(p->platform);
  free(p->platform_spec);
  es_profile_free(p->profile);
  free(p->streams);
  es_crown_schedule_list_free(&p->crown);
}

static bool plans_alloc(Plans *p, int n, int nstreams) {
  p->n = n;
  p->v = calloc((size_t)n + 1, sizeof *p->v);
  p->owned = calloc((size_t)n + 1, sizeof *p->owned);
  p->problems = calloc((size_t)n + 1, sizeof *p->problems);
  p->streams = calloc((size_t)nstreams + 1, sizeof *p->streams);
  return p->v && p->owned && p->problems && p->streams;
}

/* compile: each stream's collection (collection.h) scheduled by the crown
 * algorithm; a schedule that misses the deadline is still used, with a
 * warning. */
static bool schedule_streams(const Options *o, Frontend *f, Plans *plans, const EsProfile *prof) {
  EsCrownProblemList list = {0};
  int defaulted = 0;
  bool ok = collection_build_all(&f->x, &f->src, plans->platform, prof, &list, &defaulted);
  EsCrownOptions opt = {1, 0, 0};
  const char *algo = o->algo ? o->algo : STREAM_DEFAULT_ALGORITHM;
  for (int i = 0; ok && i < list.len; i++) {
    EsError err;
    diag_error_init(&err);
    EsCrownSchedule *s = NULL;
    ok = es_crown_run(algo, list.v[i], &opt, &s, &err) == ES_OK &&
         es_crown_schedule_list_push(&plans->crown, s) == ES_OK;
    if (!ok) {
      es_crown_schedule_free(s);
      break;
    }
    plans->streams[i] = s;
    if (!s->feasible)
      diag(DIAG_WARNING, o->in.file, 0, 0,
           "stream '%s': %s's crown schedule misses the deadline (makespan %g s > %g s)",
           s->collection, algo, s->makespan, s->deadline);
  }
  if (ok && defaulted)
    diag(DIAG_WARNING, o->in.file, 0, 0,
         "%d stream task%s without work() or a profile entry get%s the neutral work (%g s "
         "alone at the fastest level)",
         defaulted, defaulted == 1 ? "" : "s", defaulted == 1 ? "s" : "", STREAM_NEUTRAL_SECONDS);
  es_crown_problem_list_free(&list);
  return ok;
}

/* The platform (compile: --platform's or the default; rewrite: when
 * given, or for starpu the default), loaded before the front end runs so
 * that device clauses may name its devices besides cpu, gpu and --device's;
 * the program is told to run with it. Nodes need a target that runs on
 * several. */
static bool load_platform(Options *o, Plans *plans) {
  EsError err;
  diag_error_init(&err);
  if (es_platform_load(o->platform ? o->platform : "silberstein2011", &plans->platform, &err))
    return false;
  /* A file by its absolute path, so that the program finds it from anywhere. */
  if (o->platform && !(plans->platform_spec = plans->platform->file ? realpath(o->platform, NULL)
                                                                    : strdup(o->platform)))
    return false;
  for (int d = 0; d < plans->platform->ndevices; d++) {
    const char *name = plans->platform->devices[d].name;
    bool known = false;
    for (int k = 0; k < o->in.ndevices; k++)
      known |= !strcmp(o->in.devices[k], name);
    if (!known && !frontend_add_device(&o->in, name))
      return false;
  }
  if (plans->platform->nnodes > 0 && !o->starpu) {
    diag(DIAG_ERROR, plans->platform->file, 0, 0,
         "platform '%s' has nodes; programs for several nodes need --target starpu",
         plans->platform->name);
    return false;
  }
  return true;
}

/* Tasks without measurements, said once per build in one line: where they
 * run and how to measure them (docs/annotations.md, "A first profile"). A
 * profiling build is silent (measuring them is what it is for), and so is
 * cpu-only or gpu-only (the variant places them). */
static void unmeasured_note(const Options *o, const EsProfile *prof, bool unusable, int n) {
  const char *how = "build with --profile-generate=DIR, run with "
                    "ESCHED_PROFILE_MODE=all-devices, rebuild with "
                    "--profile-use=DIR/esched-profile.yaml";
  bool one = n == 1;
  if (unusable) /* the warning above said why */
    diag(DIAG_NOTE, o->in.file, 0, 0,
         "the profile at '%s' could not be read: the %d task%s run%s on the CPU; to use other "
         "devices, measure %s again: %s",
         o->profile, n, one ? "" : "s", one ? "s" : "", one ? "it" : "them", how);
  else if (!prof)
    diag(DIAG_NOTE, o->in.file, 0, 0,
         "no profile%s%s%s: the %d task%s run%s on the CPU; to use other devices, measure %s "
         "once: %s",
         o->profile ? " yet at '" : "", o->profile ? o->profile : "", o->profile ? "'" : "", n,
         one ? "" : "s", one ? "s" : "", one ? "it" : "them", how);
  else
    diag(DIAG_WARNING, o->in.file, 0, 0,
         "%d task%s no measurement in the profile: %s on the CPU; measure %s once: %s", n,
         one ? " has" : "s have", one ? "it runs" : "they run", one ? "it" : "them", how);
}

static bool schedule_all(const Options *o, Frontend *f, Plans *plans) {
  EsError err;
  diag_error_init(&err);
  if (!plans_alloc(plans, f->graphs.len, f->x.nstreams))
    return false;
  bool unusable;
  EsProfile *prof = plans->profile = load_profile(o->profile, &unusable);
  EsPlanOptions plan = {.problem = {plans->platform, prof, ES_OBJ_ENERGY}, .baselines = true};
  bool ok = variant_plan(o->variant, &plan);
  plans->algorithm = plan.algorithm;
  plans->objective = plan.problem.objective;
  int defaulted = 0, partial = 0;
  bool single = plan.algorithm && !strncmp(plan.algorithm, "single:", 7);
  for (int i = 0; ok && i < f->graphs.len; i++) {
    EsGraph *g = f->graphs.v[i];
    /* Under StarPU the body graphs hold the deferred tasks as regions. */
    default_costs(g, prof, single, !o->starpu, &defaulted, &partial);
    es_graph_bytes_from_profile(g, prof);
    es_error_clear(&err);
    ok = es_plan(g, &plan, &plans->owned[i], NULL, 0, NULL, 0, &err) == ES_OK &&
         es_problem_build(g, &plan.problem, &plans->problems[i], &err) == ES_OK;
    plans->v[i] = (RwGraphPlan){plans->owned[i], &plans->problems[i]};
  }
  if (ok && defaulted && !o->profile_generate && !single)
    unmeasured_note(o, prof, unusable, defaulted);
  if (ok && prof && !o->profile_generate)
    note_sizes(o, &f->graphs, prof);
  if (ok && partial && !o->profile_generate)
    diag(DIAG_WARNING, o->in.file, 0, 0,
         "%d task%s measured on some of %s devices only: %s not placed on the others; run the "
         "profiling build with ESCHED_PROFILE_MODE=all-devices to measure %s there",
         partial, partial == 1 ? " was" : "s were", partial == 1 ? "its" : "their",
         partial == 1 ? "it is" : "they are", partial == 1 ? "it" : "them");
  return ok && schedule_streams(o, f, plans, prof);
}

/* rewrite: each graph's document of the schedule file, checked against the
 * source: same fingerprint, and every task of the graph assigned. */
static bool match_schedule(const Frontend *f, const EsSchedule *s, const EsGraph *g) {
  if (s->fingerprint && g->fingerprint && strcmp(s->fingerprint, g->fingerprint) != 0) {
    diag(DIAG_ERROR, s->file, 0, 0,
         "the schedule of '%s' was made for another version of its tasks (fingerprint %s, the "
         "source now has %s); schedule it again",
         g->name, s->fingerprint, g->fingerprint);
    return false;
  }
  bool ok = true;
  for (int i = 0; i < s->nentries; i++)
    if (!s->entries[i].duplicate && es_graph_find_task((EsGraph *)g, s->entries[i].task) < 0) {
      diag(DIAG_ERROR, s->file, s->entries[i].mark.line, s->entries[i].mark.col,
           "the schedule names task '%s', which '%s' in %s does not have", s->entries[i].task,
           g->name, f->in.file);
      ok = false;
    }
  for (int t = 0; t < g->ntasks; t++)
    if (g->tasks[t].kind == ES_TASK_REGION && !es_schedule_find(s, g->tasks[t].name)) {
      diag(DIAG_ERROR, s->file, 0, 0, "the schedule of '%s' does not assign task '%s'", g->name,
           g->tasks[t].name);
      ok = false;
    }
  return ok;
}

/* rewrite: each stream's document of the crown schedule file, by name. */
static bool read_stream_schedules(const Options *o, Frontend *f, Plans *plans) {
  if (f->x.nstreams == 0)
    return true;
  EsError err;
  diag_error_init(&err);
  if (!o->stream_schedule) {
    diag(DIAG_ERROR, NULL, 0, 0, "rewrite: %s has stream regions: give --stream-schedule FILE",
         f->in.file);
    return false;
  }
  if (es_crown_schedule_read(o->stream_schedule, &plans->crown, &err))
    return false;
  bool ok = true;
  for (int i = 0; i < f->x.nstreams; i++) {
    const XStream *st = &f->x.streams[i];
    for (int k = 0; k < plans->crown.len && !plans->streams[i]; k++)
      if (!strcmp(plans->crown.v[k]->collection, st->name))
        plans->streams[i] = plans->crown.v[k];
    if (!plans->streams[i])
      diag(DIAG_ERROR, o->stream_schedule, 0, 0, "the crown schedules have none for stream '%s'",
           st->name);
    ok = ok && plans->streams[i] && rw_stream_matches(st, plans->streams[i], o->stream_schedule);
  }
  return ok;
}

static bool read_schedules(const Options *o, Frontend *f, Plans *plans) {
  EsError err;
  diag_error_init(&err);
  if (!plans_alloc(plans, f->graphs.len, f->x.nstreams) || !read_stream_schedules(o, f, plans))
    return false;
  if (f->graphs.len && !o->schedule) {
    diag(DIAG_ERROR, NULL, 0, 0, "rewrite: %s has task graphs: give --schedule FILE", f->in.file);
    return false;
  }
  if (!o->schedule)
    return true;
  if (es_schedule_read(o->schedule, &plans->read, &err))
    return false;
  bool ok = true;
  for (int i = 0; i < f->graphs.len; i++) {
    const EsGraph *g = f->graphs.v[i];
    const EsSchedule *s = NULL;
    for (int k = 0; k < plans->read.len && !s; k++)
      if (plans->read.v[k]->graph && g->name && !strcmp(plans->read.v[k]->graph, g->name))
        s = plans->read.v[k];
    if (!s && g->ntasks > 0) {
      diag(DIAG_ERROR, o->schedule, 0, 0, "the schedule has no document for graph '%s'", g->name);
      ok = false;
    } else if (s && !match_schedule(f, s, g))
      ok = false;
    plans->v[i] = (RwGraphPlan){s, NULL};
  }
  return ok;
}

typedef struct Output {
  const Options *o;
  Frontend *f;
  const Plans *plans;
} Output;

static bool rewrite_to(FILE *out, const void *ctx) {
  const Output *w = ctx;
  const Plans *plans = w->plans;
  RwOptions ro = {w->o->in.file,    w->o->profile_generate, plans->profile,
                  plans->algorithm, plans->objective,       plans->platform_spec};
  RwStarpuOptions so = {plans->platform,
                        plans->platform_spec ? plans->platform_spec : "silberstein2011"};
  return w->o->starpu ? rw_rewrite_starpu(w->f, plans->v, &ro, &so, out)
                      : rw_rewrite(w->f, plans->v, plans->streams, &ro, out);
}

/* The rewritten file, and on request the schedules it was made from. */
static bool write_outputs(const Options *o, Frontend *f, const Plans *plans) {
  const char *cmd = o->compile ? "compile" : "rewrite";
  Output w = {o, f, plans};
  return (!o->schedule_out ||
          pass_write_schedules(cmd, o->schedule_out, (const EsSchedule *const *)plans->owned,
                               plans->n)) &&
         (!o->stream_schedule_out ||
          pass_write_crown_schedules(cmd, o->stream_schedule_out,
                                     (const EsCrownSchedule *const *)plans->crown.v,
                                     plans->crown.len)) &&
         pass_write_file(cmd, o->output, rewrite_to, &w);
}

static int run(int argc, char **argv, bool compile) {
  Options o;
  memset(&o, 0, sizeof o);
  o.compile = compile;
  if (!parse(argc, argv, &o)) {
    compile_args_free(&o.in.cc);
    free(o.profile_generate), free(o.profile_use);
    return 1;
  }
  Frontend f;
  Plans plans = {0};
  if ((compile || o.platform || o.starpu) && !load_platform(&o, &plans)) {
    plans_free(&plans);
    compile_args_free(&o.in.cc);
    free(o.profile_generate), free(o.profile_use);
    return 1;
  }
  bool ok = frontend_run(&f, &o.in);
  /* StarPU needs a plan for tasks in loops too: their body's. */
  if (ok && o.starpu && body_graphs_build(&f.x, &f.src, &f.graphs) != ES_OK) {
    diag(DIAG_ERROR, NULL, 0, 0, "out of memory");
    ok = false;
  }
  if (ok)
    ok = compile ? schedule_all(&o, &f, &plans) : read_schedules(&o, &f, &plans);
  ok = ok && write_outputs(&o, &f, &plans);
  plans_free(&plans);
  frontend_free(&f);
  free(o.profile_generate), free(o.profile_use);
  return ok ? 0 : 1;
}

int cmd_rewrite(int argc, char **argv) { return run(argc, argv, false); }
int cmd_compile(int argc, char **argv) { return run(argc, argv, true); }
