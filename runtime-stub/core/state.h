/* The runtime's one global state object and the internal interfaces of the
 * files that work on it (docs/runtime.md, "State").
 *
 * RtState holds everything a run accumulates: configuration read once from
 * the environment, the platform, the data registry, the accounting, the DVFS
 * back end, the resolved task descriptors, the pending region and the
 * concurrent executor's workers. It is initialised lazily by the first call
 * into esched_rt.h, torn down by esrt_shutdown (registered with atexit), and
 * guarded by one mutex: every esrt_* function takes it, and releases it only
 * while a variant runs or while waiting for workers. Functions named *_locked
 * expect it held.
 */
#ifndef ESCHED_RT_STATE_H
#define ESCHED_RT_STATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#include "esched_rt.h"
#include "runtime-stub/core/batch.h"
#include "runtime-stub/core/item_names.h"
#include "runtime-stub/memory/clock.h"
#include "runtime-stub/memory/registry.h"
#include "runtime-stub/power/account.h"
#include "runtime-stub/power/dvfs.h"
#include "runtime-stub/power/energy.h"
#include "scheduler/model/platform.h"
#include "scheduler/model/predict.h"
#include "scheduler/model/problem.h"
#include "scheduler/model/profile.h"
#include "scheduler/model/schedule.h"

typedef enum RtExecutor { RT_EXEC_SERIAL, RT_EXEC_CONCURRENT } RtExecutor;
/* A device's memory back end (memory/mem.h): ESCHED_GPU for devices whose
 * kind names none, the kind itself for kinds "opencl" and "cuda". */
typedef enum RtGpu { RT_GPU_SIM, RT_GPU_CUDA, RT_GPU_NONE, RT_GPU_OPENCL } RtGpu;
typedef enum RtProfileMode { RT_PROFILE_SCHEDULED, RT_PROFILE_ALL_DEVICES } RtProfileMode;
typedef enum RtEnergyKind { RT_ENERGY_AUTO, RT_ENERGY_MODEL } RtEnergyKind;
/* Where a sample's energy comes from. */
typedef enum RtMeter { RT_METER_MODEL, RT_METER_RAPL, RT_METER_NVML } RtMeter;

/* The files a run names: profile, profile out, trace, summary, and a
 * profiling build's profile. */
#define RT_MAX_PATHS 5

/* Settings from the environment (docs/runtime.md, "Environment"). */
typedef struct RtConfig {
  const char *platform, *profile, *schedule, *trace, *summary, *cpufreq_root, *algorithm;
  const char *profile_out, *powercap_root;
  const char *stream_skip, *stream_delay; /* ESCHED_STREAM_SKIP, ESCHED_STREAM_DELAY */
  const char *opencl_device;              /* ESCHED_OPENCL_DEVICE: "P:D" or names, ','-separated */
  int opencl_memory;                      /* ESCHED_OPENCL_MEMORY: an RtOclMemory */
  RtExecutor executor;
  RtGpu gpu;
  RtDvfsKind dvfs;
  EsObjective objective;
  RtProfileMode profile_mode;
  RtEnergyKind energy;
  int defer_max;
  bool trace_wall; /* ESCHED_TRACE_CLOCK=wall: the trace shows measured times */
  bool check;      /* ESCHED_CHECK=1 */
  /* The absolute names the file fields above point to where the
   * environment gave relative ones (rt_path_locked); freed at teardown. */
  char *paths[RT_MAX_PATHS];
  int npaths;
} RtConfig;

/* A task descriptor resolved against the platform, once per descriptor. */
typedef struct RtTaskInfo {
  const EsrtTask *task;
  int variant, device, level; /* the static choice (ESCHED_SCHEDULE, else the table) */
  int host_variant;           /* a variant running in host memory */
  bool overridden;            /* ESCHED_SCHEDULE names the task: never deferred */
  int *var_device;            /* [nvariants]: platform device, or -1 when unusable */
  double *top_time;           /* [nvariants]: model seconds at level 0, or -1: measure */
  /* [nvariants]: the time at level 0 as a function of the input bytes
   * (predict.h), where sized[v]: the profile's fit (runs at three or more
   * sizes), else, for a variant the profile does not time, the table's
   * (EsrtVariant.fit). */
  EsPredictor *pred;
  bool *sized;
} RtTaskInfo;

typedef struct RtTaskMap {
  const EsrtTask **keys; /* open addressing on the descriptor's address */
  RtTaskInfo **vals;
  int cap, len;
} RtTaskMap;

/* The concurrent executor's view of the batch being run. */
typedef struct RtRun {
  RtBatch *batch;
  RtDeps *deps;
  int *queue, *qfirst, *qpos; /* per device: instance indexes in order */
  int *waiting;               /* predecessors not yet done */
  int done;
} RtRun;

typedef struct RtWorker {
  pthread_t thread;
  struct RtState *state;
  int device;
  bool started;
} RtWorker;

typedef struct RtWarning {
  char *text;
} RtWarning;

typedef struct RtState {
  pthread_mutex_t lock;
  pthread_cond_t cond; /* workers and waiters of the concurrent executor */
  bool ready, atexit_done, atfork_done;
  /* fork (api/lifecycle.c): the lock was taken for it (the forking thread
   * did not hold it); this process is a child of a fork of a process that
   * ran the runtime (it writes no summary, trace or profile). */
  bool fork_took_lock, forked;
  /* The platform of the unit whose call started the runtime (EsrtUnit),
   * the default for ESCHED_PLATFORM; kept across restarts. */
  const char *unit_platform;

  RtConfig cfg;
  EsPlatform *pf;
  EsProfile *profile;      /* ESCHED_PROFILE (or its last good copy), or NULL */
  EsScheduleList schedule; /* ESCHED_SCHEDULE, possibly empty */
  int host;                /* the device standing for host memory */
  int *dev_space;          /* [ndevices] memory space of each device */
  int space_dev[RT_MAX_SPACES];
  bool *dev_usable; /* [ndevices]: its back end works */

  RtRegistry reg;
  RtAccount acct;
  RtItemNames names; /* what the trace's transfers move (item_names.h) */
  RtDvfs dvfs;
  RtTaskMap tasks;
  RtBatch pending, running;

  RtWorker *workers;  /* [ndevices] */
  RtRun *run;         /* the batch workers execute, or NULL */
  RtDeps *flush_deps; /* the dependencies of the batch a flush runs, or NULL */
  bool stopping, flushing;
  double host_clock; /* model time of the host code's last access to task data */

  /* Counters of the summary. */
  long flushes, deferred_tasks, fallbacks, host_syncs;
  long algo_counts[8];
  const char *algo_names[8];
  double submit_seconds, schedule_seconds;
  RtWarning *warnings;
  int nwarnings;

  /* Profiling (profiling.c): set when the run merges samples into a file. */
  EsProfile *measured;      /* this run's samples, or NULL when not profiling */
  const char *profile_path; /* the file they are merged into at exit */
  bool profile_bad;         /* profile_path did not read: this run takes no samples */
  bool all_devices;         /* ESCHED_PROFILE_MODE=all-devices in effect */
  const EsrtUnit **units;   /* translation units learnt (registered or seen) */
  bool variant_learnt;      /* the first unit's algorithm and objective are taken */
  bool schedule_missed;     /* a task ESCHED_SCHEDULE lacks was warned about */
  int nunits, units_cap;
  RtRapl rapl;
  bool have_rapl;
  void *nvml_energy; /* NVML's meter of device nvml_dev (the first cuda device), or NULL */
  int nvml_dev;
  long samples, extra_runs, by_meter[3];
  /* ESCHED_CHECK (exec/check.h, a room above this one): what it remembers
   * of the bytes tasks left unwritten; NULL when the check is off. */
  struct RtChecks *check;
  /* Streams (stream/stream.h, a room above this one): their schedules, core
   * threads and counters, and the skip and delay requests for their rounds. */
  struct RtStreams *streams;
} RtState;

/* state.c */
RtState *rt_state_locked(void); /* locks, initialises when needed */
/* The same for a call concerning unit u (NULL: none), whose platform the
 * runtime starts with when this call starts it. */
RtState *rt_state_locked_for(const EsrtUnit *u);
/* The lock alone (the state is not initialised): every taking and release
 * of it goes through these two, which note whether the calling thread holds
 * it (a condition wait keeps the note: its thread cannot fork meanwhile). */
void rt_state_lock(RtState *s);
void rt_state_unlock(RtState *s);
/* Whether the calling thread holds the lock: a fork in a call into the
 * runtime (a library it loads running a program) must not wait for it. */
bool rt_state_held(void);
/* In a child of fork whose copy of the lock was taken for the fork: a new
 * lock, not held. */
void rt_state_lock_renew(RtState *s);
void rt_warn_locked(RtState *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* path (a file the run reads or writes, possibly at exit) as the working
 * directory names it now: an absolute name kept in s->cfg.paths, so that
 * a program changing directory later still means the same file. path
 * itself when it is absolute, or (with a warning) when it cannot be made
 * so: memory, a working directory without a name, no slot left. */
const char *rt_path_locked(RtState *s, const char *variable, const char *path);
/* Prints a warning as every warning of the runtime is printed. */
void rt_print_warning(const char *text);
/* "file:line:col" of a reader's error e (the file alone without a
 * position); file is e's, else fallback (the variable's value). */
void rt_where(const EsError *e, const char *fallback, char *buf, size_t len);
/* The bytes a task is keyed on in profiles and predictors: those it
 * reads, or, when it reads nothing, those it writes. */
double rt_task_size(const EsrtAccess *acc, int n);

#endif
