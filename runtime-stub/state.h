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

#include "runtime-stub/account.h"
#include "runtime-stub/batch.h"
#include "runtime-stub/dvfs.h"
#include "runtime-stub/energy.h"
#include "runtime-stub/esched_rt.h"
#include "runtime-stub/registry.h"
#include "runtime-stub/stream.h"
#include "scheduler/platform.h"
#include "scheduler/predict.h"
#include "scheduler/problem.h"
#include "scheduler/profile.h"
#include "scheduler/schedule.h"

typedef enum RtExecutor { RT_EXEC_SERIAL, RT_EXEC_CONCURRENT } RtExecutor;
typedef enum RtGpu { RT_GPU_SIM, RT_GPU_CUDA, RT_GPU_NONE } RtGpu;
typedef enum RtProfileMode { RT_PROFILE_SCHEDULED, RT_PROFILE_ALL_DEVICES } RtProfileMode;
typedef enum RtEnergyKind { RT_ENERGY_AUTO, RT_ENERGY_MODEL } RtEnergyKind;
/* Where a sample's energy comes from. */
typedef enum RtMeter { RT_METER_MODEL, RT_METER_RAPL, RT_METER_NVML } RtMeter;

/* Settings from the environment (docs/runtime.md, "Environment"). */
typedef struct RtConfig {
  const char *platform, *profile, *schedule, *trace, *summary, *cpufreq_root, *algorithm;
  const char *profile_out, *powercap_root;
  const char *stream_skip, *stream_delay; /* ESCHED_STREAM_SKIP, ESCHED_STREAM_DELAY */
  RtExecutor executor;
  RtGpu gpu;
  RtDvfsKind dvfs;
  EsObjective objective;
  RtProfileMode profile_mode;
  RtEnergyKind energy;
  int defer_max;
} RtConfig;

/* A task descriptor resolved against the platform, once per descriptor. */
typedef struct RtTaskInfo {
  const EsrtTask *task;
  int variant, device, level; /* the static choice (ESCHED_SCHEDULE, else the table) */
  int host_variant;           /* a variant running in host memory */
  bool overridden;            /* ESCHED_SCHEDULE names the task: never deferred */
  int *var_device;            /* [nvariants]: platform device, or -1 when unusable */
  double *top_time;           /* [nvariants]: model seconds at level 0, or -1: measure */
  /* [nvariants]: the profile's time at level 0 as a function of the input
   * bytes (predict.h), where sized[v]: runs at three or more sizes. */
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
  bool ready, atexit_done;

  RtConfig cfg;
  EsPlatform *pf;
  EsProfile *profile;      /* ESCHED_PROFILE (or its last good copy), or NULL */
  EsScheduleList schedule; /* ESCHED_SCHEDULE, possibly empty */
  int host;                /* the device standing for host memory */
  int *dev_space;          /* [ndevices] memory space of each device */
  int space_dev[RT_MAX_SPACES];
  bool *dev_usable; /* [ndevices]: its back end works */
  void *cuda_ctx;

  RtRegistry reg;
  RtAccount acct;
  RtDvfs dvfs;
  RtTaskMap tasks;
  RtBatch pending, running;

  RtWorker *workers; /* [ndevices] */
  RtRun *run;        /* the batch workers execute, or NULL */
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
  bool all_devices;         /* ESCHED_PROFILE_MODE=all-devices in effect */
  const EsrtUnit **units;   /* translation units learnt (registered or seen) */
  bool variant_learnt;      /* the first unit's algorithm and objective are taken */
  int nunits, units_cap;
  RtRapl rapl;
  bool have_rapl;
  void *nvml_energy;
  long samples, extra_runs, by_meter[3];
  /* Streams (stream.h): their schedules, core threads and counters, and the
   * skip and delay requests for their rounds. */
  RtStreams streams;
  RtRules rules;
} RtState;

/* state.c */
RtState *rt_state_locked(void); /* locks, initialises when needed */
void rt_state_unlock(RtState *s);
void rt_warn_locked(RtState *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
double rt_now(void);

/* tasks.c */
const RtTaskInfo *rt_task_info_locked(RtState *s, const EsrtTask *t);
void rt_tasks_free(RtTaskMap *m);
/* Model seconds of variant v of a task of this size (RtPlace.size), at
 * level on device dev, or -1: the profile's prediction at that size where
 * it has one, else its pooled time or the table's (top_time), stretched. */
double rt_task_model_time(const RtState *s, const RtTaskInfo *ti, int v, int dev, int level,
                          double size);
/* RtPlace.size of these accesses. */
double rt_task_size(const EsrtAccess *acc, int n);
/* The variant of ti on device dev, or -1. */
int rt_task_variant_on(const RtTaskInfo *ti, int dev);

/* exec.c. Where a task runs and what it was handed. */
typedef struct RtPlace {
  int variant, device, level;
  double ready; /* model time its inputs are current (concurrent timeline) */
  double bytes; /* of every access */
  double size;  /* what profiles and predictors key on (predict.h): the bytes it
                 * reads, or, when it reads nothing, the bytes it writes */
} RtPlace;

/* Sets device dev to level (warning and simulating when the back end fails). */
void rt_exec_set_level_locked(RtState *s, int dev, int level);
/* Sets the level and makes the ranges current on the chosen device, falling
 * back to the host variant when the device cannot hold them. */
void rt_exec_place_locked(RtState *s, const RtTaskInfo *ti, int variant, int device, int level,
                          const EsrtAccess *acc, int n, void **ptr, RtPlace *p);
/* Accounts a placed task that ran for seconds (measured, or the model's). */
void rt_exec_finish_locked(RtState *s, const RtTaskInfo *ti, const RtPlace *p, double seconds,
                           const EsrtAccess *acc, int n);
/* Waits for the device's queued work (cuda stream); call unlocked. */
void rt_exec_sync(RtState *s, int device);
/* Runs the outlined variant of a task now: place, call unlocked, finish. */
void rt_exec_call_locked(RtState *s, const RtTaskInfo *ti, int variant, int device, int level,
                         const EsrtAccess *acc, int n, const void *args);
/* Runs a batch with dependencies on the configured executor. */
void rt_exec_batch_locked(RtState *s, RtBatch *b, RtDeps *d);
void rt_exec_stop_workers_locked(RtState *s);

/* flush.c */
void rt_flush_locked(RtState *s);
/* Chooses device, level and variant of the batch's deferred instances. */
int rt_plan_batch_locked(RtState *s, RtBatch *b, const RtDeps *d, const char **algo, EsError *err);

/* summary.c: the only output of the runtime (stderr or ESCHED_SUMMARY). */
void rt_summary_write(RtState *s, FILE *f);
void rt_print_warning(const char *text);
int rt_trace_write(const RtState *s, const char *path, EsError *err);

/* profiling.c: reading ESCHED_PROFILE at start, this run's samples, the
 * units learnt, the energy meters, and the merge into the file at exit. */
void rt_profile_open_locked(RtState *s);
void rt_profile_write_locked(RtState *s);
void rt_profile_free(RtState *s);
void rt_profile_register_locked(RtState *s, const EsrtUnit *u);
/* The meter charged for tasks on dev, and its reading in joules (-1 for the
 * model, or when it cannot be read). */
RtMeter rt_meter_of(const RtState *s, int dev);
double rt_meter_read_locked(RtState *s, RtMeter m);
/* Records one run of ti on dev at level that took `seconds` of wall time;
 * e0 is the meter's reading at its start. */
void rt_profile_sample_locked(RtState *s, const RtTaskInfo *ti, int dev, int level, double seconds,
                              double e0, const EsrtAccess *acc, int n);

/* alt.c: ESCHED_PROFILE_MODE=all-devices, the other devices' variants on
 * scratch copies. Submit form: runs them all before the scheduled variant,
 * placed at p with addresses ptr. */
void rt_alt_call_locked(RtState *s, const RtTaskInfo *ti, const RtPlace *p, const EsrtAccess *acc,
                        int n, void *const *ptr, const void *args);
/* Inline form: r holds the scheduled variant's placement (r->ptr its
 * addresses); when the task has variants on other devices, switches r and
 * r->ptr to the first of them and sets r->alt. */
void rt_alt_begin_locked(RtState *s, const RtTaskInfo *ti, EsrtRun *r);
/* After the run r->alt started (it took `seconds`): records it, then
 * switches r to the next one, or back to the scheduled variant (r->alt
 * becomes NULL). */
void rt_alt_step_locked(RtState *s, EsrtRun *r, double seconds);

#endif
