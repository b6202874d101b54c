/* The state of libesched_starpu (esched_starpu.h, docs/starpu.md): one
 * object, like the native runtime's RtState, holding the policy, the
 * platform the plan refers to, StarPU's workers as esched sees them, the
 * DVFS back end, the registry of data handles and the counters of the
 * summary. StarPU starts on the first unit's registration (a constructor of
 * the generated code; sp_api.c) and stops at exit.
 */
#ifndef ESCHED_RT_STARPU_STATE_H
#define ESCHED_RT_STARPU_STATE_H

#include <pthread.h>
#include <starpu.h>
#include <stdbool.h>
#include <stdio.h>

#include "esched_starpu.h"
#include "runtime-stub/power/dvfs.h"
#include "runtime-stub/starpu/sp_data.h"
#include "scheduler/model/platform.h"

typedef enum SpPolicy {
  SP_PLAN,   /* esched's plan: each task on a worker of its device, at its level */
  SP_STARPU, /* StarPU's dmda, calibrated by esched's exported models */
} SpPolicy;

/* What the plan means for one task (EspTask.rt). */
typedef struct SpTask {
  EspTask *t;
  struct starpu_codelet cl;
  struct starpu_perfmodel model;
  char symbol[128];
  int device;                       /* the plan's platform device, -1 when the platform lacks it */
  int node;                         /* the plan's node: the rank that runs it under MPI */
  enum starpu_worker_archtype want; /* the worker type of the plan's device */
  enum starpu_worker_archtype type; /* the one it is pinned to: want, or a CPU (fallback) */
  unsigned long long where;         /* type as a STARPU_* mask (policy plan) */
  double freq;                      /* the plan level's frequency, Hz */
  /* Counters of this process (rank): instances run, and those that ran on
   * a worker of the plan's device (and node), by the last worker. */
  unsigned long runs, planned;
  int last_worker;
} SpTask;

/* An instance run without StarPU (it did not start): esp_submit calls the
 * CPU implementation with no buffers and this as its cl_arg. */
typedef struct SpDirect {
  const void *args;
  size_t size;
} SpDirect;

typedef struct SpState {
  pthread_mutex_t lock; /* counters, DVFS, the task list; never held across StarPU calls */
  bool started, mpi;
  int rank, size;
  SpPolicy policy;
  EsPlatform *pf;
  const char *platform_spec;
  RtDvfs dvfs;
  const char *dvfs_why; /* why a real DVFS back end fell back to sim, or NULL */
  int worker_level[STARPU_NMAXWORKERS];
  unsigned long worker_tasks[STARPU_NMAXWORKERS], worker_changes[STARPU_NMAXWORKERS];
  SpTask **tasks; /* every task submitted once, in order */
  int ntasks, tasks_cap;
  const EspUnit **units;
  int nunits, units_cap;
  SpRegistry reg;
  bool warned_fallback, warned_nodes;
  unsigned long here;       /* instances run in the submitting thread (no StarPU) */
  unsigned long everywhere; /* instances of esp_submit_host run on every rank */
  FILE *summary;            /* NULL: none */
} SpState;

extern SpState sp_state;

/* Starts StarPU for unit u (the first unit's platform decides whether
 * StarPU-MPI runs) if it is not running; false when it cannot start. */
bool sp_start(const EspUnit *u);
/* A one-time warning on stderr (prefixed with the rank under MPI). */
void sp_warn(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* The prefix of this process's lines: "esched" or "esched[RANK]". */
const char *sp_prefix(void);

#endif
