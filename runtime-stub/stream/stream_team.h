/* A stream and its team of core threads (stream_team.c).
 *
 * Threads and locks: each stream has p core threads and its own mutex `mu`.
 * The caller of a round holds no runtime lock while the round runs; it
 * hands the round to the cores under `mu` and waits for them under `mu`.
 * During a round a core writes only its own RtCore; the round's levels are
 * written only by a rescale, under `mu`, and a rescale changes only tasks
 * that every core running them reaches after the event (a task follows the
 * event on its group's cores), so core threads read them without the lock.
 */
#ifndef ESCHED_RT_STREAM_TEAM_H
#define ESCHED_RT_STREAM_TEAM_H

#include <pthread.h>
#include <stdbool.h>

#include "esched_rt.h"
#include "runtime-stub/power/dvfs.h"
#include "scheduler/crown/crown.h"

/* One task instance on one core in one round, for the trace. */
typedef struct RtSlice {
  int task, member;
  long round; /* 1-based */
  int level;
  double start, dur; /* model seconds since the run began */
  bool skipped;
} RtSlice;

/* One core of a stream: written only by its thread while a round runs. */
typedef struct RtCore {
  struct RtStream *stream;
  int index;
  pthread_t thread;
  bool started;
  int level;    /* the DVFS level set last, -1 before the first task */
  long changes; /* level changes */
  long tasks;   /* task instances run (one per team member) */
  double busy, energy;
  long *per_level;      /* [nlevels] task instances per level */
  double clock;         /* model seconds since the round began */
  char dvfs_error[256]; /* the first failure of the real DVFS back end */
  RtSlice *slices;
  int nslices, slices_cap;
} RtCore;

/* Per task of a stream, over the run. */
typedef struct RtStreamTaskStats {
  long ran, skipped, late;
  long *per_level; /* [nlevels] rounds it ran at each level */
} RtStreamTaskStats;

/* How a stream's cores set their frequency. */
typedef struct RtStreamDvfs {
  RtDvfsKind kind;    /* RT_DVFS_CPUFREQ: per-CPU files; else simulated */
  RtCpufreq *cpufreq; /* borrowed from the runtime state */
  bool pin;           /* pin core m's thread to cpufreq's CPU m (real sysfs only) */
} RtStreamDvfs;

typedef struct RtStream {
  const EsrtStream *desc;
  EsCrownSchedule *sched; /* built from desc; its levels are desc's */
  int p, ntasks;
  RtCore *cores; /* [p] */
  RtStreamDvfs dvfs;
  bool tracing;

  pthread_mutex_t mu;
  pthread_cond_t go, finished;
  long round;  /* rounds started (the current one's number) */
  int done;    /* cores done with the current round */
  int running; /* core threads that started */
  bool stop;
  bool busy;               /* a round runs (global lock): rounds of a stream take turns */
  const void *const *args; /* the current round's argument blocks */
  int *level;              /* [ntasks] the current round's levels */
  bool *skip;              /* [ntasks] skipped in the current round */
  double *delay;           /* [ntasks] seconds late in the current round */
  bool *handled;           /* [ntasks] its event was rescaled for (under mu) */
  double base;             /* model time at which the current round began */

  /* Over the run (rounds: written by the caller between rounds; rescales:
   * under mu). */
  long rounds, missed, rescales, changed, infeasible;
  double energy, time, worst;
  double rescale_before, rescale_after; /* energy of the rescaled tasks */
  RtStreamTaskStats *task_stats;        /* [ntasks]: written by member 0 */
} RtStream;

/* The streams of a run and the skip and delay requests for their rounds. */

/* Starts the core threads when they are not running. ES_OK or an error. */
int rt_stream_start(RtStream *st);
/* Runs the round prepared in st (args, level, skip, delay, base) on the
 * core threads and waits for it. */
void rt_stream_run_round(RtStream *st);
/* Stops and joins the core threads. */
void rt_stream_stop(RtStream *st);
/* In a child of fork, with st's lock taken for the fork: the core threads
 * are the parent's, so none is started (rt_stream_start starts the child's
 * own), no round runs, and the lock and conditions are new. */
void rt_stream_after_fork(RtStream *st);
/* Runs every task in order on the calling thread, member 0 of 1: the
 * fallback without threads or without a runtime. */
void rt_stream_run_inline(const EsrtStream *d, const void *const *args);

#endif
