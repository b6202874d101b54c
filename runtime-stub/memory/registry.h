/* The data registry: which memory spaces hold a current copy of each byte of
 * the host ranges tasks use, and the device buffers that mirror them.
 *
 * Host addresses are split into disjoint segments, each with a bitmask of the
 * spaces holding a current copy (bit 0: host memory). Bytes in no segment are
 * current on the host only. Each device space mirrors host ranges in extents:
 * one device buffer per maximal range acquired there, so an array section
 * p[lo:len] has the device address base + (p + lo - extent start) and
 * overlapping sections of one array share one buffer. Acquiring a range for
 * reading on a space copies the segments it lacks there; acquiring it for
 * writing makes that space the only holder (docs/runtime.md, "Data").
 *
 * The registry also keeps the model times of the concurrent timeline: when
 * each segment became current in each space, and when a task last used it.
 *
 * A device space may have a capacity: the bytes of its buffers never exceed
 * it. Before a task's buffers are made, the buffers it does not use go,
 * least recently used first, until its own fit: each is evicted (the bytes
 * only it holds are written back to the host, then it is freed). Those
 * write-backs go through the move hook like every copy, marked as
 * evictions, and are counted. A task whose own data exceeds the capacity
 * gets ES_ELIMIT (the runtime runs it on the host). Back-end independent.
 *
 * Threads of the program run tasks at the same time: a range acquired on a
 * device space is in flight until it is released. Its buffer is neither
 * merged, evicted nor freed meanwhile, and a write-back leaves the bytes it
 * writes where they are, with their buffer, for a later write-back.
 */
#ifndef ESCHED_RT_REGISTRY_H
#define ESCHED_RT_REGISTRY_H

#include <stdbool.h>
#include <stdint.h>

#include "esched_rt.h"
#include "runtime-stub/memory/anchors.h"
#include "runtime-stub/memory/mem.h"

#define RT_MAX_SPACES 8

typedef struct RtSeg {
  uintptr_t lo, hi;
  unsigned valid;              /* bit s: space s holds a current copy; never 0 */
  double ready[RT_MAX_SPACES]; /* model time the copy in s became current */
  double last_use;             /* model time the last task using it finished */
} RtSeg;

typedef struct RtExtent {
  uintptr_t lo, hi;
  char *base;     /* device buffer of hi - lo bytes */
  uint64_t stamp; /* the acquire that last used it (least recently used goes first) */
} RtExtent;

/* A range acquired on a device space and not yet released (a task in
 * flight), with its access mode. */
typedef struct RtBusy {
  uintptr_t lo, hi;
  int space, mode;
} RtBusy;

typedef struct RtEvictions {
  long buffers, copies; /* buffers freed to make room; write-backs among them */
  double bytes;         /* bytes written back */
} RtEvictions;

typedef struct RtSpace {
  const RtMemOps *ops; /* NULL for the host space */
  void *ctx;
  RtExtent *ext; /* sorted, disjoint */
  int next, extcap;
  int near;              /* the extent found last, where searches start (ranges.h) */
  size_t used, capacity; /* bytes in buffers; SIZE_MAX: unbounded */
  RtEvictions evicted;
} RtSpace;

/* Called for every copy the registry makes, to account it: returns the model
 * time the data is current at `to`, given the copy cannot start before
 * start; evict marks the write-back of an eviction. wall_start and wall are
 * when the copy began (rt_now) and the seconds it took. */
typedef double (*RtMoveHook)(void *ctx, int from, int to, size_t bytes, double start,
                             double wall_start, double wall, bool evict);

typedef struct RtRegistry {
  RtSeg *seg; /* sorted, disjoint */
  int nseg, segcap;
  int near; /* the segment found last, where searches start (ranges.h) */
  int nspaces;
  RtSpace space[RT_MAX_SPACES];
  RtMoveHook on_move;
  void *hook_ctx;
  double epoch;      /* model time of the last write-back: when untracked bytes became current */
  uint64_t tick;     /* acquires so far: the clock of least recently used */
  RtAnchors anchors; /* the hull of the ranges cut from each base since the last write-back */
  RtBusy *busy;      /* the ranges in flight on device spaces, unordered (a few per thread) */
  int nbusy, busycap;
} RtRegistry;

/* Space 0 is the host; spaces 1..nspaces-1 get their back end with
 * rt_registry_set_space. */
void rt_registry_init(RtRegistry *r, int nspaces, RtMoveHook hook, void *hook_ctx);
void rt_registry_set_space(RtRegistry *r, int s, const RtMemOps *ops, void *ctx);
/* Bounds the bytes of space s's buffers (SIZE_MAX, the default: unbounded). */
void rt_registry_set_capacity(RtRegistry *r, int s, size_t bytes);
/* Frees every buffer and segment (the spaces' back ends stay open). */
void rt_registry_free(RtRegistry *r);

/* Makes the n ranges current in space s for their modes (see above) and
 * fills ptr[n] with their addresses there, evicting other buffers first
 * when s has a capacity. Copies start no earlier than *clock (the device's
 * model time) and happen one after another; on return *clock is when the
 * last one ends and *ready when every input of the task is current and
 * every range it writes is free. On a device space the ranges are in
 * flight until rt_registry_release. Returns 0, ES_ELIMIT (the ranges alone
 * exceed the capacity), ES_EBUSY (they need a buffer merged or evicted
 * that a range in flight uses: try again after a release), or ES_ENOMEM /
 * ES_EIO, leaving the registry consistent (nothing invalidated). */
int rt_registry_acquire(RtRegistry *r, int s, const EsrtAccess *acc, int n, void **ptr,
                        double *clock, double *ready);
/* After a task on space s finishing at model time finish: ranges it wrote
 * became current there at finish; every range was in use until finish.
 * Ends what the task's rt_registry_acquire put in flight (the same acc). */
void rt_registry_release(RtRegistry *r, int s, const EsrtAccess *acc, int n, double finish);

/* Copies every segment only devices hold to the host, but those tasks in
 * flight write, keeping the device copies (the parent's side of a fork).
 * Returns 0 or the first copy error. */
int rt_registry_sync_host(RtRegistry *r, double *clock);
/* In a child of fork, after rt_registry_sync_host in the parent: the device
 * copies are the parent's, and the ranges in flight its other threads'
 * tasks', which do not run here. Forgets them all (frees the buffers of
 * simulated spaces, host memory copied with the rest; a real device's
 * belong to the parent's driver): everything is current on the host. */
void rt_registry_after_fork(RtRegistry *r);

/* Copies every segment not current on the host back to it and drops all
 * device copies and buffers, but for ranges in flight: the bytes they write
 * stay where they are, and their buffers stay with the copies they hold
 * (and the hulls reaching those). Returns 0 or the first copy error. */
int rt_registry_write_back(RtRegistry *r, double *clock);

/* Copies n bytes from address src in space a to address dst in space b
 * (through host memory when neither is the host), without bookkeeping: the
 * raw copy under the registry and the scratch copies of all-devices mode. */
int rt_registry_copy(const RtRegistry *r, int a, int b, void *dst, const void *src, size_t n);

/* Bitmask of the spaces holding a current copy of every byte of
 * [lo, lo + bytes). */
unsigned rt_registry_holders(const RtRegistry *r, uintptr_t lo, size_t bytes);

/* The data tasks used through host address x, for host code that names a
 * pointer whose extent it does not know: the hull of the ranges whose base
 * was x since the last write-back, joined with the largest run of adjacent
 * tracked segments containing x. false when there is neither. */
bool rt_registry_span(const RtRegistry *r, uintptr_t x, uintptr_t *lo, uintptr_t *hi);

#endif
