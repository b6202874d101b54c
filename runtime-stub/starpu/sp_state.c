/* libesched_starpu's state (sp_state.h) and its start: StarPU, or
 * StarPU-MPI on a platform with nodes, from the environment and the unit's
 * platform. */
#include "runtime-stub/starpu/sp_state.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/starpu/sp_mpi.h"
#include "scheduler/io/files.h"

/* The one mutable global of libesched_starpu (docs/starpu.md, "State"). */
SpState sp_state = {.lock = PTHREAD_MUTEX_INITIALIZER};

static const char *env(const char *name) {
  const char *v = getenv(name);
  return v && *v ? v : NULL;
}

const char *sp_prefix(void) {
  static char buf[32];
  if (!sp_state.mpi)
    return "esched";
  snprintf(buf, sizeof buf, "esched[%d]", sp_state.rank);
  return buf;
}

/* One write per line: the ranks of an MPI run share one stderr
 * (sp_summary.c). */
void sp_warn(const char *fmt, ...) {
  char text[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  fprintf(stderr, "%s: warning: %s\n", sp_prefix(), text);
}

/* ESCHED_STARPU_POLICY, ESCHED_DVFS, ESCHED_SUMMARY; bad values warn. */
static void read_config(SpState *s) {
  const char *p = env("ESCHED_STARPU_POLICY");
  s->policy = p && !strcmp(p, "starpu") ? SP_STARPU : SP_PLAN;
  if (p && strcmp(p, "starpu") != 0 && strcmp(p, "plan") != 0)
    sp_warn("ESCHED_STARPU_POLICY=%s is not plan or starpu; using plan", p);
  const char *d = env("ESCHED_DVFS");
  RtDvfsKind kind = d && !strcmp(d, "cpufreq") ? RT_DVFS_CPUFREQ
                    : d && !strcmp(d, "nvml")  ? RT_DVFS_NVML
                                               : RT_DVFS_SIM;
  if (d && kind == RT_DVFS_SIM && strcmp(d, "sim") != 0)
    sp_warn("ESCHED_DVFS=%s is not sim, cpufreq or nvml; using sim", d);
  char why[256];
  const char *root = env("ESCHED_CPUFREQ_ROOT") ? env("ESCHED_CPUFREQ_ROOT") : "/";
  if (rt_dvfs_open(&s->dvfs, kind, s->pf, root, why, sizeof why) && kind != RT_DVFS_SIM)
    sp_warn("ESCHED_DVFS=%s: %s; levels are simulated", d, why);
  const char *sum = env("ESCHED_SUMMARY");
  s->summary = !sum ? stderr : !strcmp(sum, "none") ? NULL : fopen(sum, "w");
  if (sum && strcmp(sum, "none") != 0 && !s->summary)
    sp_warn("ESCHED_SUMMARY=%s cannot be written; no summary", sum);
}

/* The platform the plan names: ESCHED_PLATFORM, else the build's. */
static void load_platform(SpState *s, const EspUnit *u) {
  const char *spec = env("ESCHED_PLATFORM") ? env("ESCHED_PLATFORM")
                     : u && u->platform     ? u->platform
                                            : "silberstein2011";
  EsError err = {0};
  if (es_platform_load(spec, &s->pf, &err) != ES_OK) {
    sp_warn("platform '%s': %s; using silberstein2011", spec, err.message);
    spec = "silberstein2011";
    s->pf = es_platform_preset(spec);
  }
  s->platform_spec = spec;
}

/* StarPU-MPI for a platform with nodes (every rank but 0 silences its
 * standard output: each runs the whole program), else StarPU alone. */
static bool start_starpu(SpState *s) {
  struct starpu_conf conf;
  starpu_conf_init(&conf);
  conf.sched_policy_name = s->policy == SP_PLAN ? "eager" : "dmda";
  char why[256];
  if (s->pf->nnodes > 1) {
    s->mpi = sp_mpi_start(&conf, &s->rank, &s->size, why, sizeof why);
    if (!s->mpi)
      sp_warn("the platform has %d nodes, but %s: every task runs in this process", s->pf->nnodes,
              why);
    else if (s->rank != 0 && !freopen("/dev/null", "w", stdout))
      sp_warn("cannot silence rank %d's standard output", s->rank);
  }
  if (!s->mpi && starpu_init(&conf) != 0) {
    sp_warn("StarPU does not start (no worker?); tasks run in the calling thread");
    return false;
  }
  if (starpu_worker_get_count_by_type(STARPU_CPU_WORKER) > 0)
    return true;
  /* On a small machine StarPU may give every core to accelerators' drivers
   * and StarPU-MPI's thread; tasks without another implementation need a
   * CPU worker, so one shares a core. */
  conf.ncpus = 1;
  conf.reserve_ncpus = 0; /* StarPU-MPI reserved one for its thread */
  bool again = s->mpi ? sp_mpi_restart(&conf) : (starpu_shutdown(), starpu_init(&conf) == 0);
  if (!again || starpu_worker_get_count_by_type(STARPU_CPU_WORKER) == 0) {
    fprintf(stderr, "%s: error: StarPU runs no CPU worker (STARPU_NCPU=0?), which tasks need\n",
            sp_prefix());
    exit(1);
  }
  return true;
}

bool sp_start(const EspUnit *u) {
  SpState *s = &sp_state;
  if (s->started || s->pf)
    return s->started;
  load_platform(s, u);
  read_config(s);
  s->size = 1;
  for (int w = 0; w < STARPU_NMAXWORKERS; w++)
    s->worker_level[w] = -1;
  s->started = start_starpu(s);
  sp_registry_init(&s->reg, s->mpi, s->size);
  return s->started;
}
