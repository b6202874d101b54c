/* Accounting: time and energy of every task and transfer from the platform
 * model (docs/runtime.md, "Summary"), on two timelines:
 *   serial      one device busy at a time (the paper's model, Silberstein
 *               2011 Section 3): every task and transfer adds its time;
 *   concurrent  each device has its own clock; a task starts when its device
 *               is free and its inputs are current there (Section 6.2).
 * Energy is busy time at the level's power plus link power during transfers
 * plus idle power of every device for the rest of the makespan. Events are
 * kept for the trace when tracing is on, with their measured wall times
 * where the caller gives them. */
#ifndef ESCHED_RT_ACCOUNT_H
#define ESCHED_RT_ACCOUNT_H

#include <stdbool.h>
#include <stddef.h>

#include "scheduler/model/platform.h"

typedef struct RtEvent {
  int track;        /* device index, or ndev for the link */
  int from, to;     /* transfers: devices; tasks: -1 */
  const char *name; /* task key (borrowed from the program's tables) */
  int level;
  double start, dur, bytes;
  double wall_start, wall_dur; /* measured: seconds since the epoch; wall_start < 0: not */
  bool evict;                  /* a transfer that writes back an evicted buffer */
} RtEvent;

typedef struct RtDevStats {
  long tasks;
  double busy, energy; /* seconds and joules while running tasks */
  long *per_level;     /* tasks per DVFS level */
  double free_at;      /* concurrent timeline */
} RtDevStats;

typedef struct RtLinkStats {
  long count;
  double bytes, time, energy;
} RtLinkStats;

typedef struct RtAccount {
  const EsPlatform *pf;
  int ndev, host; /* host: the device standing for host memory */
  RtDevStats *dev;
  RtLinkStats *link;    /* [from * ndev + to] */
  double serial;        /* serial makespan so far */
  double horizon;       /* concurrent makespan so far */
  bool concurrent;      /* events follow the concurrent timeline */
  double blocks_energy; /* stream rounds (rt_account_block) */
  bool tracing;
  RtEvent *ev;
  int nev, evcap;
  double epoch; /* rt_now() when accounting began: measured times count from it */
} RtAccount;

int rt_account_init(RtAccount *a, const EsPlatform *pf, int host, bool tracing, bool concurrent);
void rt_account_free(RtAccount *a);

/* Seconds of a task taking top seconds at level 0 when run at level: the
 * time stretches by f0 / f (tasks are taken as compute bound). */
double rt_account_stretch(const RtAccount *a, int dev, int level, double top);
/* Records a task of `seconds` on dev at level, starting at model time start
 * (concurrent timeline); returns its finish. */
double rt_account_task(RtAccount *a, int dev, int level, double seconds, double start,
                       const char *key, double bytes);
/* Records moving bytes from device `from` to `to` (through the host when no
 * direct link exists), starting at start; returns when it ends. evict marks
 * the write-back of an evicted buffer (for the trace). */
double rt_account_move(RtAccount *a, int from, int to, size_t bytes, double start, bool evict);

/* Gives the events recorded since index `first` (a task, or a move's
 * legs) the measured wall interval that began at wall_start (rt_now) and
 * lasted wall seconds, split evenly among them in order. For traces of
 * what happened (ESCHED_TRACE_CLOCK=wall); nothing when not tracing. */
void rt_account_measured(RtAccount *a, int first, double wall_start, double wall);

/* Records a block of `seconds` run outside the devices' model (a stream
 * round on the crown's cores) that cost `energy` joules: both timelines
 * move past it, and the total energy includes it. Returns its start on the
 * executor's timeline (the trace's). */
double rt_account_block(RtAccount *a, double seconds, double energy);

/* Total energy in joules with makespan T (idle power counted up to T),
 * stream rounds included. */
double rt_account_energy(const RtAccount *a, double T);
/* Energy of device d alone (busy plus idle up to T). */
double rt_account_device_energy(const RtAccount *a, int d, double T);

#endif
