/* The runtime's one global state object (core/state.h): lazy
 * initialisation from the environment on the first call into esched_rt.h,
 * and teardown at exit with the profile, the trace and the summary. */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/api/summary.h"
#include "runtime-stub/core/state.h"
#include "runtime-stub/exec/check.h"
#include "runtime-stub/exec/exec.h"
#include "runtime-stub/exec/flush.h"
#include "runtime-stub/exec/tasks.h"
#include "runtime-stub/memory/mem.h"
#include "runtime-stub/memory/mem_opencl.h"
#include "runtime-stub/profile/profiling.h"
#include "runtime-stub/stream/stream.h"
#include "scheduler/base/number.h"
#include "scheduler/io/files.h"
#include "scheduler/plan/algorithms.h"

/* The one mutable global of the runtime (docs/runtime.md, "State"). */
static RtState state = {.lock = PTHREAD_MUTEX_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER};

static const char *env(const char *name) {
  const char *v = getenv(name);
  return v && *v ? v : NULL;
}

/* Index of the value of variable name among choices (default 0). */
static int env_choice(RtState *s, const char *name, const char *const *choices) {
  const char *v = env(name);
  if (!v)
    return 0;
  char list[256] = "";
  for (int i = 0; choices[i]; i++) {
    if (strcmp(v, choices[i]) == 0)
      return i;
    size_t n = strlen(list);
    snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", choices[i]);
  }
  rt_warn_locked(s, "%s=%s is not one of the accepted values (%s); using %s", name, v, list,
                 choices[0]);
  return 0;
}

/* The whole number variable name holds, from min to max; fallback when it
 * is unset, or with a warning when it is anything else (number.h: "1e3",
 * "10abc" and 2^31 are not taken for 1, 10 and INT_MAX). */
static int env_int(RtState *s, const char *name, int min, int max, int fallback) {
  const char *v = env(name);
  long n = fallback;
  switch (v ? es_parse_long(v, min, max, &n) : ES_NUMBER_OK) {
  case ES_NUMBER_OK: return (int)n;
  case ES_NUMBER_SYNTAX:
    rt_warn_locked(s, "%s=%s is not a whole number; using %d", name, v, fallback);
    break;
  case ES_NUMBER_TOO_SMALL:
    rt_warn_locked(s, "%s=%s is too small (at least %d); using %d", name, v, min, fallback);
    break;
  case ES_NUMBER_TOO_LARGE:
    rt_warn_locked(s, "%s=%s is too large (at most %d); using %d", name, v, max, fallback);
    break;
  }
  return fallback;
}

static bool is_one_of(const char *v, const char *a, const char *b, const char *c) {
  return v && (!strcmp(v, a) || !strcmp(v, b) || (c && !strcmp(v, c)));
}

/* The files the run reads at start and writes at exit, named relative to
 * the working directory at start: the program may change directory
 * before exit (docs/runtime.md, "Environment"). */
static void read_paths(RtState *s) {
  RtConfig *c = &s->cfg;
  c->profile = rt_path_locked(s, "ESCHED_PROFILE", c->profile);
  c->trace = rt_path_locked(s, "ESCHED_TRACE", c->trace);
  if (!is_one_of(c->profile_out, "none", "off", NULL))
    c->profile_out = rt_path_locked(s, "ESCHED_PROFILE_OUT", c->profile_out);
  if (!is_one_of(c->summary, "none", "off", "stderr"))
    c->summary = rt_path_locked(s, "ESCHED_SUMMARY", c->summary);
}

static void read_config(RtState *s) {
  static const char *const executors[] = {"serial", "concurrent", NULL};
  static const char *const gpus[] = {"sim", "cuda", "none", "opencl", NULL};
  static const char *const memories[] = {"auto", "svm", "buffer", NULL};
  static const char *const clocks[] = {"model", "wall", NULL};
  static const char *const dvfs[] = {"sim", "cpufreq", "nvml", NULL};
  static const char *const objectives[] = {"energy", "time", NULL};
  static const char *const modes[] = {"scheduled", "all-devices", NULL};
  static const char *const energy[] = {"auto", "model", NULL};
  static const char *const check[] = {"0", "1", NULL}; /* unset is 0 */
  RtConfig *c = &s->cfg;
  c->platform = env("ESCHED_PLATFORM") ? env("ESCHED_PLATFORM")
                : s->unit_platform     ? s->unit_platform
                                       : "silberstein2011";
  c->profile = env("ESCHED_PROFILE");
  c->schedule = env("ESCHED_SCHEDULE");
  c->trace = env("ESCHED_TRACE");
  c->summary = env("ESCHED_SUMMARY");
  c->algorithm = env("ESCHED_ALGO");
  c->profile_out = env("ESCHED_PROFILE_OUT");
  c->powercap_root =
      env("ESCHED_POWERCAP_ROOT") ? env("ESCHED_POWERCAP_ROOT") : "/sys/class/powercap";
  c->stream_skip = env("ESCHED_STREAM_SKIP");
  c->stream_delay = env("ESCHED_STREAM_DELAY");
  c->cpufreq_root = env("ESCHED_CPUFREQ_ROOT") ? env("ESCHED_CPUFREQ_ROOT") : "/";
  c->opencl_device = env("ESCHED_OPENCL_DEVICE");
  c->opencl_memory = env_choice(s, "ESCHED_OPENCL_MEMORY", memories);
  c->executor = (RtExecutor)env_choice(s, "ESCHED_EXECUTOR", executors);
  c->gpu = (RtGpu)env_choice(s, "ESCHED_GPU", gpus);
  c->dvfs = (RtDvfsKind)env_choice(s, "ESCHED_DVFS", dvfs);
  c->objective = (EsObjective)env_choice(s, "ESCHED_OBJECTIVE", objectives);
  c->profile_mode = (RtProfileMode)env_choice(s, "ESCHED_PROFILE_MODE", modes);
  c->energy = (RtEnergyKind)env_choice(s, "ESCHED_ENERGY", energy);
  c->trace_wall = env_choice(s, "ESCHED_TRACE_CLOCK", clocks) == 1;
  c->check = env_choice(s, "ESCHED_CHECK", check) == 1;
  read_paths(s);
  const char *param;
  if (c->algorithm && !es_algorithm_find(c->algorithm, &param)) {
    rt_warn_locked(s,
                   "ESCHED_ALGO=%s is not an algorithm ('esched schedule --help' lists them); "
                   "deferred tasks get the scheduler's default",
                   c->algorithm);
    c->algorithm = NULL;
  }
  c->defer_max = env_int(s, "ESCHED_DEFER_MAX", 1, INT_MAX, 4096);
}

/* ESCHED_STREAM_SKIP and ESCHED_STREAM_DELAY; a malformed entry is a
 * warning and is ignored. */
static void read_stream_rules(RtState *s) {
  const char *names[2] = {"ESCHED_STREAM_SKIP", "ESCHED_STREAM_DELAY"};
  const char *text[2] = {s->cfg.stream_skip, s->cfg.stream_delay};
  for (int k = 0; k < 2; k++) {
    char bad[128];
    if (text[k] && rt_rules_parse(&s->streams->rules, text[k], k == 0, bad, sizeof bad))
      rt_warn_locked(s, "out of memory reading %s", names[k]);
    else if (text[k] && bad[0])
      rt_warn_locked(s, "%s: %s; ignored", names[k], bad);
  }
}

/* At exit: the environment's stream entries naming no task of a stream
 * that ran (a typo, or a stream the run never reached). */
static void warn_unnamed_rules(RtState *s) {
  const RtRules *r = &s->streams->rules;
  for (int i = 0; i < r->len; i++)
    if (r->v[i].entry && !r->v[i].named)
      rt_warn_locked(s, "%s: '%s' names no task of a stream that ran; ignored",
                     r->v[i].skip ? "ESCHED_STREAM_SKIP" : "ESCHED_STREAM_DELAY", r->v[i].entry);
}

/* A schedule's levels against the platform: a level the device does not
 * have is an error of the file, as a negative one is its reader's (a
 * schedule made for another platform). ES_EINVAL with err set. */
static int schedule_levels_fit(const RtState *s, EsError *err) {
  for (int i = 0; i < s->schedule.len; i++) {
    const EsSchedule *sc = s->schedule.v[i];
    for (int k = 0; k < sc->nentries; k++) {
      const EsScheduleEntry *e = &sc->entries[k];
      int d = e->device ? es_platform_find_device(s->pf, e->device) : -1;
      int n = d >= 0 ? s->pf->devices[d].nlevels : 0;
      if (d >= 0 && e->level >= n)
        return es_error_set(err, ES_EINVAL, s->cfg.schedule, e->mark.line, e->mark.col,
                            "task '%s' is at level %d of device '%s', which has %d level%s "
                            "(platform %s)",
                            e->task, e->level, e->device, n, n == 1 ? "" : "s", s->pf->name);
    }
  }
  return ES_OK;
}

/* Platform and schedule files; a file that cannot be read is a warning and
 * the run goes on without it (the platform: the default). The profile is
 * profiling.c's. */
static void load_files(RtState *s) {
  EsError err = {0};
  char where[4200];
  if (es_platform_load(s->cfg.platform, &s->pf, &err) || es_platform_validate(s->pf, &err)) {
    rt_where(&err, s->cfg.platform, where, sizeof where);
    rt_warn_locked(s, "%s: %s: %s; using silberstein2011",
                   env("ESCHED_PLATFORM") ? "ESCHED_PLATFORM"
                                          : "the platform the program was built for",
                   where, err.message);
    es_platform_free(s->pf);
    s->pf = es_platform_preset("silberstein2011");
  }
  es_error_clear(&err);
  if (s->cfg.schedule &&
      (es_schedule_read(s->cfg.schedule, &s->schedule, &err) || schedule_levels_fit(s, &err))) {
    rt_where(&err, s->cfg.schedule, where, sizeof where);
    rt_warn_locked(s, "ESCHED_SCHEDULE: %s: %s; using the built-in schedule", where, err.message);
    es_schedule_list_free(&s->schedule);
    memset(&s->schedule, 0, sizeof s->schedule);
  }
}

static bool is_kind(const EsDevice *d, const char *kind) {
  return d->kind && strcmp(d->kind, kind) == 0;
}

/* The back end of a non-host device: the one its kind names (opencl,
 * cuda), else ESCHED_GPU's. */
static RtGpu backend_of(const RtState *s, const EsDevice *dev) {
  return is_kind(dev, "opencl") ? RT_GPU_OPENCL : is_kind(dev, "cuda") ? RT_GPU_CUDA : s->cfg.gpu;
}

/* Entry k of ESCHED_OPENCL_DEVICE's ','-separated list, or NULL. */
static const char *opencl_want(const RtState *s, int k, char *buf, size_t len) {
  const char *p = s->cfg.opencl_device;
  for (; p && k > 0; k--)
    p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL;
  if (!p || !*p || *p == ',')
    return NULL;
  snprintf(buf, len, "%.*s", (int)strcspn(p, ","), p);
  return buf;
}

/* Opens back end b for a device: cuda devices take GPUs in order, opencl
 * devices OpenCL devices (or ESCHED_OPENCL_DEVICE's entries). */
static int open_backend(RtState *s, RtGpu b, int *cuda_next, int *opencl_next, void **ctx,
                        char *why, int whylen) {
  char want[256];
  *ctx = NULL;
  if (b == RT_GPU_CUDA)
    return rt_mem_cuda_open((*cuda_next)++, ctx, why, whylen);
  if (b != RT_GPU_OPENCL)
    return ES_OK;
  int k = (*opencl_next)++;
  return rt_mem_opencl_open(opencl_want(s, k, want, sizeof want), k,
                            (RtOclMemory)s->cfg.opencl_memory, ctx, why, whylen);
}

/* Sets up device d's space; false (with one warning) when its back end
 * does not work, and then the device's tasks run on the host. */
static bool open_space(RtState *s, int d, int space, int *cuda_next, int *opencl_next) {
  const EsDevice *dev = &s->pf->devices[d];
  RtGpu b = backend_of(s, dev);
  const RtMemOps *ops = b == RT_GPU_CUDA     ? &rt_mem_cuda
                        : b == RT_GPU_OPENCL ? &rt_mem_opencl
                                             : &rt_mem_sim;
  char why[512] = "";
  void *ctx;
  if (b == RT_GPU_NONE) {
    rt_warn_locked(s, "ESCHED_GPU=none: tasks of device '%s' run on the host", dev->name);
    return false;
  }
  if (open_backend(s, b, cuda_next, opencl_next, &ctx, why, sizeof why)) {
    bool named = is_kind(dev, "opencl") || is_kind(dev, "cuda");
    rt_warn_locked(s, "%s%s: %s; tasks of device '%s' run on the host",
                   named ? "device kind " : "ESCHED_GPU=", ops->name, why, dev->name);
    return false;
  }
  if (ops == &rt_mem_sim) /* its context: the spare bytes around buffers (ESCHED_CHECK's) */
    ctx = (void *)(uintptr_t)(s->cfg.check ? RT_CHECK_SLACK : 0);
  rt_registry_set_space(&s->reg, space, ops, ctx);
  return true;
}

/* Accounts a copy; while tracing, its events get the moving item's name,
 * are marked as feeding the task being placed (the trace's flow arrows),
 * and carry the copy's measured wall-clock interval; the write-back of an
 * evicted buffer (evict) feeds no task. */
static double on_move(void *ctx, int from, int to, size_t bytes, double start, double wall_start,
                      double wall, bool evict) {
  RtState *s = ctx;
  const char *item =
      s->acct.tracing && !evict ? rt_item_names_moving(&s->names, &s->reg, to) : NULL;
  int first = s->acct.nev;
  double end = rt_account_move(&s->acct, s->space_dev[from], s->space_dev[to], bytes, start, evict);
  for (int k = first; !evict && k < s->acct.nev; k++) {
    s->acct.ev[k].name = item;
    rt_item_names_feed(&s->names, k);
  }
  rt_account_measured(&s->acct, first, wall_start, wall);
  return end;
}

static bool setup_devices(RtState *s) {
  int n = s->pf->ndevices, nspaces = 1, cuda_next = 0, opencl_next = 0;
  s->dev_space = malloc(sizeof(int) * (size_t)n);
  s->dev_usable = malloc(sizeof(bool) * (size_t)n);
  if (!s->dev_space || !s->dev_usable)
    return false;
  s->host = 0;
  for (int d = n - 1; d >= 0; d--)
    if (is_kind(&s->pf->devices[d], "cpu"))
      s->host = d;
  s->space_dev[0] = s->host;
  for (int d = 0; d < n; d++)
    if (is_kind(&s->pf->devices[d], "cpu") || d == s->host)
      s->dev_space[d] = 0;
    else if (nspaces < RT_MAX_SPACES)
      s->space_dev[nspaces] = d, s->dev_space[d] = nspaces++;
    else
      s->dev_space[d] = -1;
  rt_registry_init(&s->reg, nspaces, on_move, s);
  for (int d = 0; d < n; d++) {
    s->dev_usable[d] =
        s->dev_space[d] == 0 ||
        (s->dev_space[d] > 0 && open_space(s, d, s->dev_space[d], &cuda_next, &opencl_next));
    double memory = s->pf->devices[d].memory; /* the platform's; the registry evicts to keep it */
    if (s->dev_space[d] > 0 && isfinite(memory))
      rt_registry_set_capacity(&s->reg, s->dev_space[d],
                               memory < (double)SIZE_MAX ? (size_t)memory : SIZE_MAX);
  }
  return true;
}

static void open_dvfs(RtState *s) {
  char why[512] = "";
  if (rt_dvfs_open(&s->dvfs, s->cfg.dvfs, s->pf, s->cfg.cpufreq_root, why, sizeof why) &&
      s->cfg.dvfs != RT_DVFS_SIM)
    rt_warn_locked(s, "ESCHED_DVFS=%s: %s; levels are simulated", rt_dvfs_name(s->cfg.dvfs), why);
}

/* Frees everything but the mutex, the condition and the atexit flag. */
static void teardown(RtState *s) {
  rt_check_free_locked(s);
  rt_streams_free(s->streams);
  rt_registry_free(&s->reg);
  for (int i = 1; i < s->reg.nspaces; i++)
    if (s->reg.space[i].ops)
      s->reg.space[i].ops->close(s->reg.space[i].ctx);
  rt_account_free(&s->acct);
  rt_item_names_free(&s->names);
  rt_dvfs_close(&s->dvfs);
  rt_tasks_free(&s->tasks);
  rt_batch_free(&s->pending);
  rt_batch_free(&s->running);
  es_schedule_list_free(&s->schedule);
  es_profile_free(s->profile);
  rt_profile_free(s);
  es_platform_free(s->pf);
  free(s->dev_space);
  free(s->dev_usable);
  free(s->workers);
  for (int i = 0; i < s->nwarnings; i++)
    free(s->warnings[i].text);
  free(s->warnings);
  for (int i = 0; i < s->cfg.npaths; i++)
    free(s->cfg.paths[i]);
  s->ready = false;
  size_t keep = offsetof(RtState, cfg);
  memset((char *)s + keep, 0, sizeof *s - keep);
}

static void shutdown(bool at_exit);

static void shutdown_at_exit(void) { shutdown(true); }

/* fork (docs/runtime.md, "Fork"): a child has the forking thread alone.
 * The state's lock, and each stream's, are taken for the fork, so that the
 * child's copy is whole: not the state's when the forking thread holds it
 * already (a library the runtime called runs a program), whose child is
 * left as it is. Before the fork, data only devices hold comes home (the
 * child cannot reach the parent's devices). The child forgets the parent's
 * workers and stream cores, the device copies, and all the other threads
 * did: the batch one was running, their tasks in flight and pending (their
 * data may be on their stacks, which the child's own threads reuse). It
 * gets new locks; its threads start when it needs them (libgomp and LLVM's
 * OpenMP runtime do as much after fork). */
static void before_fork(void) {
  RtState *s = &state;
  bool take = !rt_state_held();
  if (take)
    rt_state_lock(s);
  s->fork_took_lock = take;
  if (take && s->ready && rt_registry_sync_host(&s->reg, &s->host_clock))
    rt_warn_locked(s, "copying data back to the host for fork failed; the child's may be stale");
  rt_streams_lock(s->streams);
}

static void after_fork_parent(void) {
  RtState *s = &state;
  rt_streams_unlock(s->streams);
  if (s->fork_took_lock)
    rt_state_unlock(s);
}

static void after_fork_child(void) {
  RtState *s = &state;
  s->forked = true;
  if (!s->fork_took_lock) /* forked inside the runtime: this child runs another program */
    return;
  rt_state_lock_renew(s);
  pthread_cond_init(&s->cond, NULL);
  rt_streams_after_fork(s->streams);
  if (s->ready) {
    rt_exec_after_fork_locked(s);
    rt_registry_after_fork(&s->reg);
    rt_batch_keep_thread(&s->pending, pthread_self());
  }
}

static void init_locked(RtState *s) {
  read_config(s);
  load_files(s);
  if (!s->pf || !setup_devices(s) || !(s->streams = rt_streams_new()) ||
      rt_account_init(&s->acct, s->pf, s->host, s->cfg.trace != NULL,
                      s->cfg.executor == RT_EXEC_CONCURRENT)) {
    rt_warn_locked(s, "out of memory while starting the runtime; tasks run on the host");
    teardown(s);
    return;
  }
  rt_item_names_window(&s->names, 0, UINTPTR_MAX);
  open_dvfs(s);
  read_stream_rules(s);
  if (s->cfg.check)
    rt_check_start_locked(s);
  rt_profile_open_locked(s);
  if (!s->atexit_done)
    s->atexit_done = atexit(shutdown_at_exit) == 0;
  if (!s->atfork_done)
    s->atfork_done = pthread_atfork(before_fork, after_fork_parent, after_fork_child) == 0;
  s->ready = true;
}

RtState *rt_state_locked(void) { return rt_state_locked_for(NULL); }

RtState *rt_state_locked_for(const EsrtUnit *u) {
  rt_state_lock(&state);
  if (!state.ready && !state.unit_platform && u && u->platform)
    state.unit_platform = u->platform;
  if (!state.ready)
    init_locked(&state);
  if (state.ready)
    return &state;
  rt_state_unlock(&state);
  return NULL;
}

/* A child of fork writes none: what it would write holds the parent's
 * work, which the parent writes, to the same files. */
static void write_outputs(RtState *s) {
  if (s->forked)
    return;
  rt_profile_write_locked(s);
  if (s->cfg.trace) {
    EsError err = {0};
    if (rt_trace_write(s, s->cfg.trace, &err))
      rt_warn_locked(s, "ESCHED_TRACE: %s", err.message);
  }
  const char *to = s->cfg.summary;
  if (to && (!strcmp(to, "none") || !strcmp(to, "off")))
    return;
  if (!to || !strcmp(to, "stderr")) {
    rt_summary_write(s, stderr);
    return;
  }
  EsOutput out;
  EsError err = {0};
  if (es_output_open(&out, to, &err) == ES_OK) {
    rt_summary_write(s, out.f);
    es_output_commit(&out, &err);
  }
  if (err.code)
    rt_warn_locked(s, "ESCHED_SUMMARY: %s", err.message);
}

/* At exit, tasks still pending are dropped, not run: the stack frames their
 * data lived in are gone, and the program's output is complete. */
static void shutdown(bool at_exit) {
  RtState *s = &state;
  rt_state_lock(s);
  if (s->ready) {
    if (at_exit && s->pending.len) {
      rt_warn_locked(s,
                     "%d submitted tasks never reached a region end (esrt_region_end); "
                     "they were not run",
                     s->pending.len);
      rt_batch_clear(&s->pending);
    }
    rt_flush_locked(s);
    if (s->check)
      rt_check_region_end_locked(s);
    if (rt_registry_write_back(&s->reg, &s->host_clock))
      rt_warn_locked(s, "copying data back to the host failed");
    for (int i = 0; i < s->streams->len; i++) /* rounds other threads run */
      while (s->streams->v[i]->busy)
        pthread_cond_wait(&s->cond, &s->lock);
    rt_exec_stop_workers_locked(s);
    warn_unnamed_rules(s);
    write_outputs(s);
    teardown(s);
  }
  rt_state_unlock(s);
}

void esrt_shutdown(void) { shutdown(false); }
