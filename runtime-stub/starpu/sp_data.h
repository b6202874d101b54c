/* Data handles: every distinct host range a task accesses is one StarPU
 * vector handle registered at its own address, so that a CPU worker sees
 * the program's own memory and StarPU orders the tasks and moves the bytes
 * (to an OpenCL device, or under StarPU-MPI to the rank that runs the
 * task). StarPU tracks handles, not bytes: handles are kept disjoint, and a
 * range overlapping registered ones that is not one of them first has those
 * unregistered (StarPU waits for their tasks and writes their data home;
 * under MPI every rank first receives their current bytes), which orders
 * the tasks using overlapping sections as wholes.
 *
 * The registry is used by the submitting thread (the program's), under its
 * own lock.
 */
#ifndef ESCHED_RT_STARPU_DATA_H
#define ESCHED_RT_STARPU_DATA_H

#include <pthread.h>
#include <starpu.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct SpHandle {
  uintptr_t lo, hi; /* [lo, hi), hi > lo */
  starpu_data_handle_t h;
} SpHandle;

typedef struct SpRegistry {
  pthread_mutex_t lock;
  SpHandle *v; /* sorted by lo, disjoint */
  int len, cap;
  bool mpi;
  int size;      /* MPI world size */
  int64_t tag;   /* the next MPI tag: every rank registers in the same order */
  long replaced; /* handles unregistered because a new range overlapped them */
} SpRegistry;

void sp_registry_init(SpRegistry *r, bool mpi, int size);

/* The handle of exactly [ptr, ptr + bytes) (bytes > 0), registered when
 * missing, owned by rank `owner` (modulo the world) under MPI; NULL when
 * StarPU refuses it (a range over 4 GiB elements). */
starpu_data_handle_t sp_data_handle(SpRegistry *r, const void *ptr, size_t bytes, int owner);

/* Host code is about to read (ESRT_IN) or write the bytes [lo, hi): every
 * handle overlapping them is made current in host memory (on every rank:
 * each runs the host code), and written ones lose their other copies.
 * whole: [lo, hi) is only a pointer's start (lo == hi): the handles
 * holding it or starting after it. */
void sp_data_host(SpRegistry *r, uintptr_t lo, uintptr_t hi, int mode, bool whole);

/* The memory [lo, hi) dies (free): its handles are unregistered without
 * bringing their data home. */
void sp_data_forget(SpRegistry *r, uintptr_t lo, uintptr_t hi);

/* End of a region: waits for every task, brings every handle's data home
 * (on every rank) and unregisters it. */
void sp_data_end(SpRegistry *r);

#endif
