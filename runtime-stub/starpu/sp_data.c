/* The registry of data handles (sp_data.h). */
#include "runtime-stub/starpu/sp_data.h"

#include <stdlib.h>
#include <string.h>

#include "esched_rt.h"
#include "runtime-stub/starpu/sp_mpi.h"
#include "scheduler/base/vec.h"

void sp_registry_init(SpRegistry *r, bool mpi, int size) {
  memset(r, 0, sizeof *r);
  pthread_mutex_init(&r->lock, NULL);
  r->mpi = mpi;
  r->size = size > 0 ? size : 1;
}

/* The first handle ending after lo (handles are sorted and disjoint, so
 * their ends are sorted too). */
static int first_after(const SpRegistry *r, uintptr_t lo) {
  int a = 0, b = r->len;
  while (a < b) {
    int m = a + (b - a) / 2;
    if (r->v[m].hi <= lo)
      a = m + 1;
    else
      b = m;
  }
  return a;
}

/* Removes handles [i, end) from the list. */
static void cut(SpRegistry *r, int i, int end) {
  if (end > i && r->len > end)
    memmove(r->v + i, r->v + end, sizeof *r->v * (size_t)(r->len - end));
  r->len -= end - i;
}

/* Brings handle i's data home on every rank and unregisters it. */
static void drop(SpRegistry *r, int i) {
  if (r->mpi)
    sp_mpi_everywhere(r->v[i].h);
  starpu_data_unregister(r->v[i].h);
}

/* A vector whose element is the largest power of two up to 4 KiB that
 * divides bytes, so that its element count fits StarPU's 32 bits. */
static size_t element_size(size_t bytes) {
  size_t e = 1;
  while (e < 4096 && bytes % (e * 2) == 0 && bytes / e > UINT32_MAX)
    e *= 2;
  return e;
}

starpu_data_handle_t sp_data_handle(SpRegistry *r, const void *ptr, size_t bytes, int owner) {
  uintptr_t lo = (uintptr_t)ptr, hi = lo + bytes;
  pthread_mutex_lock(&r->lock);
  int i = first_after(r, lo), end = i;
  if (i < r->len && r->v[i].lo == lo && r->v[i].hi == hi) {
    starpu_data_handle_t h = r->v[i].h;
    pthread_mutex_unlock(&r->lock);
    return h;
  }
  while (end < r->len && r->v[end].lo < hi)
    drop(r, end++);
  r->replaced += end - i;
  cut(r, i, end);
  size_t elem = element_size(bytes);
  starpu_data_handle_t h = NULL;
  if (bytes / elem <= UINT32_MAX && !es_vec_reserve(&r->v, &r->cap, r->len + 1, sizeof *r->v)) {
    starpu_vector_data_register(&h, STARPU_MAIN_RAM, lo, (uint32_t)(bytes / elem), elem);
    if (r->mpi)
      sp_mpi_register(h, r->tag++, (owner > 0 ? owner : 0) % r->size);
    if (r->len > i)
      memmove(r->v + i + 1, r->v + i, sizeof *r->v * (size_t)(r->len - i));
    r->v[i] = (SpHandle){lo, hi, h};
    r->len++;
  }
  pthread_mutex_unlock(&r->lock);
  return h;
}

void sp_data_host(SpRegistry *r, uintptr_t lo, uintptr_t hi, int mode, bool whole) {
  enum starpu_data_access_mode m = mode == ESRT_IN ? STARPU_R : STARPU_RW;
  pthread_mutex_lock(&r->lock);
  for (int i = first_after(r, lo); i < r->len && (whole || r->v[i].lo < hi); i++) {
    if (r->mpi)
      sp_mpi_everywhere(r->v[i].h);
    starpu_data_acquire(r->v[i].h, m);
    starpu_data_release(r->v[i].h);
  }
  pthread_mutex_unlock(&r->lock);
}

void sp_data_forget(SpRegistry *r, uintptr_t lo, uintptr_t hi) {
  pthread_mutex_lock(&r->lock);
  int i = first_after(r, lo), end = i;
  while (end < r->len && r->v[end].lo < hi)
    starpu_data_unregister_no_coherency(r->v[end++].h);
  cut(r, i, end);
  pthread_mutex_unlock(&r->lock);
}

void sp_data_end(SpRegistry *r) {
  pthread_mutex_lock(&r->lock);
  if (r->mpi)
    sp_mpi_wait_all();
  else
    starpu_task_wait_for_all();
  for (int i = 0; i < r->len; i++)
    drop(r, i);
  r->len = 0;
  pthread_mutex_unlock(&r->lock);
}
