/* The data registry (registry.h): segments of host addresses with the spaces
 * holding them, and device extents mirroring host ranges. Both are sorted
 * arrays searched from the last range found, else by bisection (ranges.h);
 * a task touches O(its ranges + the segments they cover). */
#include "runtime-stub/memory/registry.h"

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/memory/clock.h"
#include "runtime-stub/memory/ranges.h"
#include "scheduler/base/error.h"
#include "scheduler/base/vec.h"

void rt_registry_init(RtRegistry *r, int nspaces, RtMoveHook hook, void *hook_ctx) {
  memset(r, 0, sizeof *r);
  r->nspaces = nspaces;
  r->on_move = hook;
  r->hook_ctx = hook_ctx;
  for (int s = 0; s < RT_MAX_SPACES; s++)
    r->space[s].capacity = SIZE_MAX;
}

void rt_registry_set_space(RtRegistry *r, int s, const RtMemOps *ops, void *ctx) {
  r->space[s].ops = ops;
  r->space[s].ctx = ctx;
}

void rt_registry_set_capacity(RtRegistry *r, int s, size_t bytes) { r->space[s].capacity = bytes; }

static void drop_extents(RtSpace *sp) {
  for (int i = 0; i < sp->next; i++)
    sp->ops->release(sp->ctx, sp->ext[i].base);
  sp->next = 0;
  sp->used = 0;
}

void rt_registry_free(RtRegistry *r) {
  for (int s = 1; s < r->nspaces; s++) {
    if (r->space[s].ops)
      drop_extents(&r->space[s]);
    free(r->space[s].ext);
    r->space[s].ext = NULL;
    r->space[s].extcap = 0;
  }
  free(r->seg);
  r->seg = NULL;
  r->nseg = r->segcap = 0;
  rt_anchors_free(&r->anchors);
  free(r->busy);
  r->busy = NULL;
  r->nbusy = r->busycap = 0;
}

/* Whether a range in flight in space s (any space when s < 0) overlaps
 * [lo, hi); only those writing it when writing. O(ranges in flight). */
static bool in_flight(const RtRegistry *r, int s, uintptr_t lo, uintptr_t hi, bool writing) {
  for (int i = 0; i < r->nbusy; i++) {
    const RtBusy *b = &r->busy[i];
    if ((s < 0 || b->space == s) && (!writing || b->mode & ESRT_OUT) && b->lo < hi && b->hi > lo)
      return true;
  }
  return false;
}

static double max2(double a, double b) { return a > b ? a : b; }

/* Index of the first segment ending after x, from index `from` on (every
 * segment before it ends at or before x). */
static int first_seg_from(const RtRegistry *r, int from, uintptr_t x) {
  return rt_ranges_first(r->seg, sizeof *r->seg, offsetof(RtSeg, hi), r->nseg, from, x, r->near);
}

static int first_seg(const RtRegistry *r, uintptr_t x) { return first_seg_from(r, 0, x); }

static int insert_seg(RtRegistry *r, int at, RtSeg s) {
  if (es_vec_reserve(&r->seg, &r->segcap, r->nseg + 1, sizeof *r->seg))
    return ES_ENOMEM;
  memmove(&r->seg[at + 1], &r->seg[at], sizeof *r->seg * (size_t)(r->nseg - at));
  r->seg[at] = s;
  r->nseg++;
  return ES_OK;
}

/* Splits the segment containing x (strictly inside) in two, searching from
 * index `from` on; *at receives the index of the first segment ending after
 * x, which then starts at or after x. */
static int split_at(RtRegistry *r, int from, uintptr_t x, int *at) {
  int i = *at = r->near = first_seg_from(r, from, x);
  if (i == r->nseg || r->seg[i].lo >= x)
    return ES_OK;
  RtSeg right = r->seg[i];
  right.lo = x;
  r->seg[i].hi = x;
  *at = r->near = i + 1;
  return insert_seg(r, i + 1, right);
}

static RtSeg host_seg(const RtRegistry *r, uintptr_t lo, uintptr_t hi) {
  RtSeg s = {lo, hi, 1u, {0}, r->epoch};
  s.ready[0] = r->epoch;
  return s;
}

/* Makes [lo, hi) exactly a run of segments, adding host-current ones for the
 * gaps; *first and *end receive the run's indices. */
static int cover(RtRegistry *r, uintptr_t lo, uintptr_t hi, int *first, int *end) {
  int i, last; /* splitting at hi inserts after the first segment ending after lo */
  if (split_at(r, 0, lo, &i) || split_at(r, i, hi, &last))
    return ES_ENOMEM;
  *first = i;
  for (uintptr_t pos = lo; pos < hi;) {
    if (i < r->nseg && r->seg[i].lo == pos) {
      pos = r->seg[i++].hi;
      continue;
    }
    uintptr_t gap_end = i < r->nseg && r->seg[i].lo < hi ? r->seg[i].lo : hi;
    if (insert_seg(r, i++, host_seg(r, pos, gap_end)))
      return ES_ENOMEM;
    pos = gap_end;
  }
  *end = i;
  return ES_OK;
}

/* Index of the first extent of sp ending after x. */
static int first_extent(const RtSpace *sp, uintptr_t x) {
  return rt_ranges_first(sp->ext, sizeof *sp->ext, offsetof(RtExtent, hi), sp->next, 0, x,
                         sp->near);
}

/* Index of the extent of sp containing x, or -1. */
static int find_extent(const RtSpace *sp, uintptr_t x) {
  int i = first_extent(sp, x);
  return i < sp->next && sp->ext[i].lo <= x ? i : -1;
}

/* One extent of space s covering [lo, hi): an existing one, or a new
 * buffer that absorbs every extent it overlaps (their contents copied
 * over); ES_EBUSY when one of those is in flight. */
static int ensure_extent(RtRegistry *r, int s, uintptr_t lo, uintptr_t hi) {
  RtSpace *sp = &r->space[s];
  int a = sp->near = first_extent(sp, lo), b = a;
  while (b < sp->next && sp->ext[b].lo < hi)
    b++;
  if (b - a == 1 && sp->ext[a].lo <= lo && sp->ext[a].hi >= hi)
    return ES_OK;
  for (int k = a; k < b; k++) /* its task is using the buffer: it may not move */
    if (in_flight(r, s, sp->ext[k].lo, sp->ext[k].hi, false))
      return ES_EBUSY;
  RtExtent n = {lo, hi, NULL, 0};
  if (b > a) {
    n.lo = sp->ext[a].lo < lo ? sp->ext[a].lo : lo;
    n.hi = sp->ext[b - 1].hi > hi ? sp->ext[b - 1].hi : hi;
  }
  void *buf;
  int rc = sp->ops->alloc(sp->ctx, n.hi - n.lo, &buf);
  if (rc)
    return rc;
  n.base = buf;
  for (int k = a; k < b && !rc; k++)
    rc = sp->ops->copy(sp->ctx, n.base + (sp->ext[k].lo - n.lo), sp->ext[k].base,
                       sp->ext[k].hi - sp->ext[k].lo, RT_D2D);
  if (rc) {
    sp->ops->release(sp->ctx, buf);
    return rc;
  }
  for (int k = a; k < b; k++) {
    sp->ops->release(sp->ctx, sp->ext[k].base);
    sp->used -= sp->ext[k].hi - sp->ext[k].lo;
  }
  sp->used += n.hi - n.lo;
  if (b == a) {
    if (es_vec_reserve(&sp->ext, &sp->extcap, sp->next + 1, sizeof *sp->ext)) {
      sp->ops->release(sp->ctx, buf);
      return ES_ENOMEM;
    }
    memmove(&sp->ext[a + 1], &sp->ext[a], sizeof *sp->ext * (size_t)(sp->next - a));
    sp->next++;
  } else {
    memmove(&sp->ext[a + 1], &sp->ext[b], sizeof *sp->ext * (size_t)(sp->next - b));
    sp->next -= b - a - 1;
  }
  sp->ext[a] = n;
  return ES_OK;
}

static char *space_addr(const RtRegistry *r, int s, uintptr_t x) {
  if (s == 0)
    return (char *)x;
  const RtSpace *sp = &r->space[s];
  int e = find_extent(sp, x);
  return e < 0 ? NULL : sp->ext[e].base + (x - sp->ext[e].lo);
}

int rt_registry_copy(const RtRegistry *r, int a, int b, void *dst, const void *src, size_t n) {
  if (a == 0 && b == 0) {
    memcpy(dst, src, n);
    return ES_OK;
  }
  if (a == 0)
    return r->space[b].ops->copy(r->space[b].ctx, dst, src, n, RT_H2D);
  if (b == 0)
    return r->space[a].ops->copy(r->space[a].ctx, dst, src, n, RT_D2H);
  char *tmp = malloc(n ? n : 1);
  int rc = tmp ? r->space[a].ops->copy(r->space[a].ctx, tmp, src, n, RT_D2H) : ES_ENOMEM;
  if (!rc)
    rc = r->space[b].ops->copy(r->space[b].ctx, dst, tmp, n, RT_H2D);
  free(tmp);
  return rc;
}

/* Copies host range [lo, hi) from space a to space b. */
static int copy_range(RtRegistry *r, int a, int b, uintptr_t lo, uintptr_t hi) {
  char *src = space_addr(r, a, lo), *dst = space_addr(r, b, lo);
  if (!src || !dst)
    return ES_EIO;
  return rt_registry_copy(r, a, b, dst, src, hi - lo);
}

static int source_of(unsigned valid) {
  if (valid & 1u)
    return 0;
  int s = 0;
  while (!(valid >> s & 1u))
    s++;
  return s;
}

/* Whether segment j continues the copy run of segment i (from a to b). */
static bool same_run(const RtRegistry *r, int i, int j, int a, int b) {
  const RtSeg *x = &r->seg[i], *y = &r->seg[j];
  if (y->lo != x->hi || (y->valid >> b & 1u) || source_of(y->valid) != a)
    return false;
  int spaces[2] = {a, b};
  for (int k = 0; k < 2; k++) {
    const RtSpace *sp = &r->space[spaces[k]];
    if (spaces[k] && find_extent(sp, x->lo) != find_extent(sp, y->lo))
      return false;
  }
  return true;
}

/* Whether a write-back leaves segment i alone: a task in flight writes it. */
static bool left_to_writer(const RtRegistry *r, int i, bool write_back) {
  return write_back && r->nbusy && in_flight(r, -1, r->seg[i].lo, r->seg[i].hi, true);
}

/* Copies the segments of [i, end) missing in space b, in maximal runs; for
 * a write-back, not those tasks in flight write. */
static int fetch(RtRegistry *r, int b, int i, int end, double *clock, bool write_back) {
  while (i < end) {
    if ((r->seg[i].valid >> b & 1u) || left_to_writer(r, i, write_back)) {
      i++;
      continue;
    }
    int a = source_of(r->seg[i].valid), j = i + 1;
    double start = max2(*clock, r->seg[i].ready[a]);
    while (j < end && same_run(r, j - 1, j, a, b) && !left_to_writer(r, j, write_back))
      start = max2(start, r->seg[j++].ready[a]);
    double w0 = rt_now();
    int rc = copy_range(r, a, b, r->seg[i].lo, r->seg[j - 1].hi);
    if (rc)
      return rc;
    *clock = r->on_move(r->hook_ctx, a, b, r->seg[j - 1].hi - r->seg[i].lo, start, w0,
                        rt_now() - w0, false);
    for (; i < j; i++) {
      r->seg[i].valid |= 1u << b;
      r->seg[i].ready[b] = *clock;
    }
  }
  return ES_OK;
}

/* The union of the task's ranges, as sorted disjoint intervals, gets one
 * extent each before any address is handed out, so that no later merge can
 * move a buffer the task already holds. */
static int ensure_extents(RtRegistry *r, int s, const EsrtAccess *acc, int n) {
  for (int i = 0; i < n; i++) {
    uintptr_t lo = (uintptr_t)acc[i].ptr, hi = lo + acc[i].bytes;
    if (acc[i].bytes == 0)
      continue;
    for (bool grew = true; grew;) { /* grow to the union of overlapping ranges */
      grew = false;
      for (int k = 0; k < n; k++) {
        uintptr_t l2 = (uintptr_t)acc[k].ptr, h2 = l2 + acc[k].bytes;
        if (acc[k].bytes && l2 < hi && h2 > lo && (l2 < lo || h2 > hi)) {
          lo = l2 < lo ? l2 : lo;
          hi = h2 > hi ? h2 : hi;
          grew = true;
        }
      }
    }
    int rc = ensure_extent(r, s, lo, hi);
    if (rc)
      return rc;
  }
  return ES_OK;
}

/* ---- capacity: eviction of the least recently used buffers ---- */

typedef struct Span {
  uintptr_t lo, hi;
} Span;

static int by_lo(const void *x, const void *y) {
  const Span *a = x, *b = y;
  return (a->lo > b->lo) - (a->lo < b->lo);
}

/* Writes back the segments of [lo, hi) that only space s holds, in runs,
 * and drops s from every segment there. */
static int evict_range(RtRegistry *r, int s, uintptr_t lo, uintptr_t hi, double *clock) {
  int first, last;
  if (split_at(r, 0, lo, &first) || split_at(r, first, hi, &last))
    return ES_ENOMEM;
  RtEvictions *ev = &r->space[s].evicted;
  unsigned only = 1u << s;
  for (int i = first; i < r->nseg && r->seg[i].lo < hi;) {
    if (r->seg[i].valid != only) {
      i++;
      continue;
    }
    int j = i + 1;
    double start = max2(*clock, r->seg[i].ready[s]);
    while (j < r->nseg && r->seg[j].lo == r->seg[j - 1].hi && r->seg[j].hi <= hi &&
           r->seg[j].valid == only)
      start = max2(start, r->seg[j++].ready[s]);
    size_t bytes = r->seg[j - 1].hi - r->seg[i].lo;
    double w0 = rt_now();
    int rc = copy_range(r, s, 0, r->seg[i].lo, r->seg[j - 1].hi);
    if (rc)
      return rc;
    *clock = r->on_move(r->hook_ctx, s, 0, bytes, start, w0, rt_now() - w0, true);
    ev->copies++, ev->bytes += (double)bytes;
    for (; i < j; i++) {
      r->seg[i].valid |= 1u;
      r->seg[i].ready[0] = *clock;
    }
  }
  for (int i = first_seg(r, lo); i < r->nseg && r->seg[i].lo < hi; i++)
    r->seg[i].valid &= ~only;
  return ES_OK;
}

/* Evicts extent x of space s: written back where it holds the only copy,
 * then freed. */
static int evict(RtRegistry *r, int s, int x, double *clock) {
  RtSpace *sp = &r->space[s];
  RtExtent e = sp->ext[x];
  int rc = evict_range(r, s, e.lo, e.hi, clock);
  if (rc)
    return rc;
  sp->ops->release(sp->ctx, e.base);
  sp->used -= e.hi - e.lo;
  memmove(&sp->ext[x], &sp->ext[x + 1], sizeof *sp->ext * (size_t)(sp->next - x - 1));
  sp->next--;
  sp->evicted.buffers++;
  return ES_OK;
}

/* Whether extent e overlaps one of the task's ranges. */
static bool used_by(const RtExtent *e, const EsrtAccess *acc, int n) {
  for (int i = 0; i < n; i++) {
    uintptr_t lo = (uintptr_t)acc[i].ptr, hi = lo + acc[i].bytes;
    if (acc[i].bytes && lo < e->hi && hi > e->lo)
      return true;
  }
  return false;
}

/* Bytes of the buffers the task will hold in s: its ranges and the
 * extents they overlap, merged where they overlap (as ensure_extent
 * merges them). */
static int task_bytes(const RtSpace *sp, const EsrtAccess *acc, int n, size_t *out) {
  Span *v = malloc(((size_t)n + (size_t)sp->next + 1) * sizeof *v);
  if (!v)
    return ES_ENOMEM;
  int len = 0;
  for (int i = 0; i < n; i++)
    if (acc[i].bytes)
      v[len++] = (Span){(uintptr_t)acc[i].ptr, (uintptr_t)acc[i].ptr + acc[i].bytes};
  for (int x = 0; x < sp->next; x++)
    if (used_by(&sp->ext[x], acc, n))
      v[len++] = (Span){sp->ext[x].lo, sp->ext[x].hi};
  qsort(v, (size_t)len, sizeof *v, by_lo);
  size_t sum = 0;
  for (int a = 0, b; a < len; a = b) {
    uintptr_t hi = v[a].hi;
    for (b = a + 1; b < len && v[b].lo < hi; b++)
      hi = v[b].hi > hi ? v[b].hi : hi;
    sum += hi - v[a].lo;
  }
  free(v);
  *out = sum;
  return ES_OK;
}

/* Evicts the buffers of s the task does not use, least recently used
 * first, until its own fit within the capacity; ES_EBUSY when only buffers
 * in flight are left to evict. */
static int make_room(RtRegistry *r, int s, const EsrtAccess *acc, int n, double *clock) {
  RtSpace *sp = &r->space[s];
  size_t need, kept = 0;
  if (sp->capacity == SIZE_MAX)
    return ES_OK;
  int rc = task_bytes(sp, acc, n, &need);
  if (rc || need > sp->capacity)
    return rc ? rc : ES_ELIMIT;
  for (int x = 0; x < sp->next; x++)
    kept += used_by(&sp->ext[x], acc, n) ? 0 : sp->ext[x].hi - sp->ext[x].lo;
  while (!rc && kept + need > sp->capacity) {
    int lru = -1;
    for (int x = 0; x < sp->next; x++)
      if (!used_by(&sp->ext[x], acc, n) && !in_flight(r, s, sp->ext[x].lo, sp->ext[x].hi, false) &&
          (lru < 0 || sp->ext[x].stamp < sp->ext[lru].stamp))
        lru = x;
    if (lru < 0)
      return ES_EBUSY;
    kept -= sp->ext[lru].hi - sp->ext[lru].lo;
    rc = evict(r, s, lru, clock);
  }
  return rc;
}

/* Marks the extents of the task's ranges as used now. */
static void stamp(RtRegistry *r, int s, const EsrtAccess *acc, int n) {
  RtSpace *sp = &r->space[s];
  r->tick++;
  for (int i = 0; i < n; i++) {
    int x = acc[i].bytes ? find_extent(sp, (uintptr_t)acc[i].ptr) : -1;
    if (x >= 0)
      sp->ext[x].stamp = r->tick;
  }
}

int rt_registry_acquire(RtRegistry *r, int s, const EsrtAccess *acc, int n, void **ptr,
                        double *clock, double *ready) {
  if (s && es_vec_reserve(&r->busy, &r->busycap, r->nbusy + n, sizeof *r->busy))
    return ES_ENOMEM;
  for (int i = 0; i < n; i++) { /* a hull only widens: safe to leave if a later step fails */
    uintptr_t lo = (uintptr_t)acc[i].ptr;
    int rc = rt_anchors_note(&r->anchors, (uintptr_t)acc[i].base, lo, lo + acc[i].bytes);
    if (rc)
      return rc;
  }
  int rc = s ? make_room(r, s, acc, n, clock) : ES_OK;
  if (!rc && s && !(rc = ensure_extents(r, s, acc, n)))
    stamp(r, s, acc, n);
  for (int i = 0; i < n && !rc; i++) {
    uintptr_t lo = (uintptr_t)acc[i].ptr, hi = lo + acc[i].bytes;
    int first, end;
    if (acc[i].bytes == 0 || (rc = cover(r, lo, hi, &first, &end)))
      continue;
    if (acc[i].mode & ESRT_IN)
      rc = fetch(r, s, first, end, clock, false);
  }
  if (rc)
    return rc;
  double t = *clock;
  for (int i = 0; i < n; i++) {
    uintptr_t lo = (uintptr_t)acc[i].ptr, hi = lo + acc[i].bytes;
    ptr[i] = acc[i].bytes == 0 ? (s ? NULL : (void *)acc[i].ptr) : space_addr(r, s, lo);
    for (int k = acc[i].bytes ? first_seg(r, lo) : r->nseg; k < r->nseg && r->seg[k].lo < hi; k++) {
      RtSeg *g = &r->seg[k];
      if (acc[i].mode & ESRT_IN)
        t = max2(t, g->ready[s]);
      if (acc[i].mode & ESRT_OUT) {
        t = max2(t, g->last_use);
        g->valid = 1u << s;
      }
    }
    if (s && acc[i].bytes) /* room reserved above */
      r->busy[r->nbusy++] = (RtBusy){lo, hi, s, acc[i].mode};
  }
  *ready = t;
  return ES_OK;
}

/* Ends one range in flight equal to acc in space s (several tasks may read
 * the same range at once: any of the equal ones). */
static void land(RtRegistry *r, int s, const EsrtAccess *acc) {
  uintptr_t lo = (uintptr_t)acc->ptr, hi = lo + acc->bytes;
  for (int i = 0; i < r->nbusy; i++) {
    const RtBusy *b = &r->busy[i];
    if (b->space == s && b->lo == lo && b->hi == hi && b->mode == acc->mode) {
      r->busy[i] = r->busy[--r->nbusy];
      return;
    }
  }
}

void rt_registry_release(RtRegistry *r, int s, const EsrtAccess *acc, int n, double finish) {
  for (int i = 0; i < n; i++) {
    uintptr_t lo = (uintptr_t)acc[i].ptr, hi = lo + acc[i].bytes;
    if (s && acc[i].bytes)
      land(r, s, &acc[i]);
    for (int k = acc[i].bytes ? first_seg(r, lo) : r->nseg; k < r->nseg && r->seg[k].lo < hi; k++) {
      RtSeg *g = &r->seg[k];
      g->last_use = max2(g->last_use, finish);
      if (acc[i].mode & ESRT_OUT)
        g->ready[s] = finish;
    }
  }
}

int rt_registry_sync_host(RtRegistry *r, double *clock) {
  return fetch(r, 0, 0, r->nseg, clock, true);
}

void rt_registry_after_fork(RtRegistry *r) {
  for (int s = 1; s < r->nspaces; s++) {
    RtSpace *sp = &r->space[s];
    if (sp->ops && sp->ops->simulated)
      drop_extents(sp);
    sp->next = 0;
    sp->used = 0;
  }
  r->nseg = 0;
  r->nbusy = 0;
  rt_anchors_clear(&r->anchors);
}

/* Frees the buffers of space s that no range in flight uses. */
static void drop_idle_extents(RtRegistry *r, int s) {
  RtSpace *sp = &r->space[s];
  int n = 0;
  for (int x = 0; x < sp->next; x++) {
    RtExtent e = sp->ext[x];
    if (in_flight(r, s, e.lo, e.hi, false)) {
      sp->ext[n++] = e;
      continue;
    }
    sp->ops->release(sp->ctx, e.base);
    sp->used -= e.hi - e.lo;
  }
  sp->next = n;
  sp->near = 0;
}

static bool reaches_seg(const void *ctx, uintptr_t lo, uintptr_t hi) {
  const RtRegistry *r = ctx;
  int k = first_seg(r, lo);
  return k < r->nseg && r->seg[k].lo < hi;
}

/* The rest of a write-back while tasks are in flight (on other threads):
 * their buffers stay, and with them the segments holding copies there
 * (those the tasks write hold their only copy) and the hulls reaching
 * those segments; everything else is current on the host, untracked. */
static void keep_in_flight(RtRegistry *r) {
  for (int s = 1; s < r->nspaces; s++)
    if (r->space[s].ops)
      drop_idle_extents(r, s);
  int n = 0;
  for (int k = 0; k < r->nseg; k++) {
    RtSeg g = r->seg[k];
    for (int s = 1; s < r->nspaces; s++)
      if ((g.valid >> s & 1u) && find_extent(&r->space[s], g.lo) < 0)
        g.valid &= ~(1u << s);
    assert(g.valid && "bytes a task in flight writes lost their buffer");
    if (g.valid != 1u)
      r->seg[n++] = g;
  }
  r->nseg = n;
  r->near = 0;
  rt_anchors_retain(&r->anchors, reaches_seg, r);
}

int rt_registry_write_back(RtRegistry *r, double *clock) {
  int rc = fetch(r, 0, 0, r->nseg, clock, true);
  double epoch = max2(r->epoch, *clock);
  for (int k = 0; k < r->nseg; k++)
    epoch = max2(epoch, max2(r->seg[k].last_use, r->seg[k].ready[0]));
  if (rc)
    return rc;
  if (r->nbusy) {
    keep_in_flight(r);
  } else {
    for (int s = 1; s < r->nspaces; s++)
      if (r->space[s].ops)
        drop_extents(&r->space[s]);
    r->nseg = 0;
    rt_anchors_clear(&r->anchors);
  }
  r->epoch = epoch;
  return ES_OK;
}

unsigned rt_registry_holders(const RtRegistry *r, uintptr_t lo, size_t bytes) {
  unsigned all = ~0u;
  uintptr_t hi = lo + bytes, pos = lo;
  for (int k = first_seg(r, lo); k < r->nseg && r->seg[k].lo < hi; k++) {
    if (r->seg[k].lo > pos)
      all &= 1u; /* a gap: current on the host only */
    all &= r->seg[k].valid;
    pos = r->seg[k].hi;
  }
  if (pos < hi)
    all &= 1u;
  return bytes ? all : 1u;
}

bool rt_registry_span(const RtRegistry *r, uintptr_t x, uintptr_t *lo, uintptr_t *hi) {
  bool hull = rt_anchors_hull(&r->anchors, x, lo, hi);
  int k = first_seg(r, x);
  if (k >= r->nseg || r->seg[k].lo > x)
    return hull;
  int a = k, b = k;
  while (a > 0 && r->seg[a - 1].hi == r->seg[a].lo)
    a--;
  while (b + 1 < r->nseg && r->seg[b].hi == r->seg[b + 1].lo)
    b++;
  *lo = hull && *lo < r->seg[a].lo ? *lo : r->seg[a].lo;
  *hi = hull && *hi > r->seg[b].hi ? *hi : r->seg[b].hi;
  return true;
}
