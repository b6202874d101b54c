/* Scratch copies of a task's data (scratch.h). O(n log n) for n ranges plus
 * the bytes copied. */
#include "runtime-stub/memory/scratch.h"

#include <stdlib.h>
#include <string.h>

#include "runtime-stub/memory/mem.h"
#include "scheduler/base/error.h"

typedef struct Span {
  uintptr_t lo, hi;
  int acc;
} Span;

static int by_lo(const void *a, const void *b) {
  const Span *x = a, *y = b;
  return (x->lo > y->lo) - (x->lo < y->lo);
}

/* Groups the ranges into unions of overlapping ones: of[i] is the union of
 * acc[i] (-1 when empty), first[u] an access inside union u, reads[u]
 * whether the task reads a byte of it. */
static int group(RtScratch *sc, const EsrtAccess *acc, int n, int *of, int *first, bool *reads) {
  Span *v = malloc(sizeof *v * ((size_t)n + 1));
  if (!v)
    return ES_ENOMEM;
  int m = 0;
  for (int i = 0; i < n; i++) {
    of[i] = -1;
    if (acc[i].bytes)
      v[m++] = (Span){(uintptr_t)acc[i].ptr, (uintptr_t)acc[i].ptr + acc[i].bytes, i};
  }
  qsort(v, (size_t)m, sizeof *v, by_lo);
  for (int k = 0; k < m; k++) {
    int u = sc->n - 1;
    if (k == 0 || v[k].lo >= sc->hi[u]) { /* a new union */
      u = sc->n++;
      sc->lo[u] = v[k].lo, sc->hi[u] = v[k].hi;
      first[u] = v[k].acc, reads[u] = false;
    } else if (v[k].hi > sc->hi[u]) {
      sc->hi[u] = v[k].hi;
    }
    of[v[k].acc] = u;
    reads[u] |= (acc[v[k].acc].mode & ESRT_IN) != 0;
  }
  free(v);
  return ES_OK;
}

/* A copy of len bytes in space, with redzone bytes before and after it. */
static int alloc_in(const RtRegistry *reg, int space, size_t len, size_t redzone, char **out) {
  if (space != 0) {
    void *p;
    int rc = reg->space[space].ops->alloc(reg->space[space].ctx, len + 2 * redzone, &p);
    *out = rc ? NULL : (char *)p + redzone;
    return rc;
  }
  /* like a sim buffer: aligned as device memory, unwritten bytes show */
  *out = rt_mem_host_alloc(len, redzone);
  return *out ? ES_OK : ES_ENOMEM;
}

static void release_in(const RtRegistry *reg, int space, size_t redzone, char *p) {
  if (space != 0)
    reg->space[space].ops->release(reg->space[space].ctx, p - redzone);
  else
    rt_mem_host_release(p, redzone);
}

/* Union u's address in the placement src (space from). */
static const char *source(const RtScratch *sc, const EsrtAccess *acc, void *const *src, int i,
                          int u) {
  return (const char *)src[i] - ((uintptr_t)acc[i].ptr - sc->lo[u]);
}

/* Fills union u: a copy in space to, or host memory saved then refreshed. */
static int fill(RtScratch *sc, const RtRegistry *reg, int from, const char *src, bool reads,
                int u) {
  size_t len = sc->hi[u] - sc->lo[u];
  char *host = (char *)sc->lo[u];
  if (sc->in_place) {
    if (!(sc->buf[u] = malloc(len ? len : 1)))
      return ES_ENOMEM;
    memcpy(sc->buf[u], host, len);
    return reads && from != 0 ? rt_registry_copy(reg, from, 0, host, src, len) : ES_OK;
  }
  int rc = alloc_in(reg, sc->space, len, sc->redzone, &sc->buf[u]);
  if (!rc && reads)
    rc = rt_registry_copy(reg, from, sc->space, sc->buf[u], src, len);
  return rc;
}

int rt_scratch_open(RtScratch *sc, const RtRegistry *reg, int from, void *const *src, int to,
                    bool in_place, size_t redzone, const EsrtAccess *acc, int n, void **ptr) {
  memset(sc, 0, sizeof *sc);
  sc->space = to;
  sc->in_place = in_place && to == 0;
  sc->redzone = sc->in_place ? 0 : redzone;
  size_t k = (size_t)n + 1;
  int *of = malloc(sizeof(int) * k), *first = malloc(sizeof(int) * k);
  bool *reads = malloc(sizeof(bool) * k);
  sc->lo = malloc(sizeof *sc->lo * k), sc->hi = malloc(sizeof *sc->hi * k);
  sc->buf = calloc(k, sizeof *sc->buf);
  int rc = of && first && reads && sc->lo && sc->hi && sc->buf ? ES_OK : ES_ENOMEM;
  if (!rc)
    rc = group(sc, acc, n, of, first, reads);
  for (int u = 0; !rc && u < sc->n; u++)
    rc = fill(sc, reg, from, source(sc, acc, src, first[u], u), reads[u], u);
  for (int i = 0; !rc && i < n; i++) {
    int u = of[i];
    if (u < 0)
      ptr[i] = to == 0 ? (void *)acc[i].ptr : NULL;
    else if (sc->in_place)
      ptr[i] = (void *)acc[i].ptr;
    else
      ptr[i] = sc->buf[u] + ((uintptr_t)acc[i].ptr - sc->lo[u]);
  }
  free(of);
  free(first);
  free(reads);
  if (rc)
    rt_scratch_close(sc, reg);
  return rc;
}

void rt_scratch_close(RtScratch *sc, const RtRegistry *reg) {
  for (int u = 0; sc->buf && u < sc->n; u++) {
    if (!sc->buf[u])
      continue;
    if (sc->in_place) {
      memcpy((void *)sc->lo[u], sc->buf[u], sc->hi[u] - sc->lo[u]);
      free(sc->buf[u]);
    } else {
      release_in(reg, sc->space, sc->redzone, sc->buf[u]);
    }
  }
  free(sc->lo);
  free(sc->hi);
  free(sc->buf);
  memset(sc, 0, sizeof *sc);
}
