/* Dependencies by address ranges (batch.h): a sweep over the tasks in
 * submission order keeps, for disjoint byte ranges, the last task that wrote
 * them and the tasks that read them since. A task's reads yield data
 * dependencies on the last writer (or inputs when none is pending); its
 * writes yield order dependencies on that writer and on those readers. All
 * reads of a task are handled before its writes, so a task never depends on
 * itself through overlapping sections. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/core/batch.h"
#include "runtime-stub/memory/ranges.h"
#include "scheduler/base/error.h"
#include "scheduler/base/vec.h"

typedef struct Span {
  uintptr_t lo, hi;
  int writer, wacc; /* -1 when no pending task wrote it */
  int *readers;
  int nreaders, rcap;
} Span;

typedef struct Sweep {
  Span *s;
  int n, cap;
  int near; /* the span found last, where searches start (ranges.h) */
  RtDeps *d;
} Sweep;

/* Index of the first span ending after x, from index `from` on (every span
 * before it ends at or before x). */
static int first_span_from(const Sweep *w, int from, uintptr_t x) {
  return rt_ranges_first(w->s, sizeof *w->s, offsetof(Span, hi), w->n, from, x, w->near);
}

static int first_span(const Sweep *w, uintptr_t x) { return first_span_from(w, 0, x); }

static int insert_span(Sweep *w, int at, Span s) {
  if (es_vec_reserve(&w->s, &w->cap, w->n + 1, sizeof *w->s))
    return ES_ENOMEM;
  memmove(&w->s[at + 1], &w->s[at], sizeof *w->s * (size_t)(w->n - at));
  w->s[at] = s;
  w->n++;
  return ES_OK;
}

/* Splits the span containing x (strictly inside) in two, searching from
 * index `from` on; *at receives the index of the first span ending after x,
 * which then starts at or after x. */
static int split_at(Sweep *w, int from, uintptr_t x, int *at) {
  int i = *at = w->near = first_span_from(w, from, x);
  if (i == w->n || w->s[i].lo >= x)
    return ES_OK;
  Span right = w->s[i];
  right.readers = NULL;
  right.rcap = 0;
  if (right.nreaders) {
    if (!(right.readers = malloc(sizeof(int) * (size_t)right.nreaders)))
      return ES_ENOMEM;
    memcpy(right.readers, w->s[i].readers, sizeof(int) * (size_t)right.nreaders);
    right.rcap = right.nreaders;
  }
  right.lo = x;
  w->s[i].hi = x;
  *at = w->near = i + 1;
  if (insert_span(w, i + 1, right)) {
    free(right.readers);
    return ES_ENOMEM;
  }
  return ES_OK;
}

/* Makes [lo, hi) a run of spans; returns the index of its first. */
static int cover(Sweep *w, uintptr_t lo, uintptr_t hi, int *first) {
  int i, last; /* splitting at hi inserts after the first span ending after lo */
  if (split_at(w, 0, lo, &i) || split_at(w, i, hi, &last))
    return ES_ENOMEM;
  *first = i;
  for (uintptr_t pos = lo; pos < hi;) {
    if (i < w->n && w->s[i].lo == pos) {
      pos = w->s[i++].hi;
      continue;
    }
    uintptr_t end = i < w->n && w->s[i].lo < hi ? w->s[i].lo : hi;
    if (insert_span(w, i++, (Span){pos, end, -1, -1, NULL, 0, 0}))
      return ES_ENOMEM;
    pos = end;
  }
  return ES_OK;
}

/* Adds bytes [lo, hi) to the dependency from -> to of that kind and access
 * pair, or appends one. Dependencies of the current task are the list's
 * tail, so the search stops at the first of another task. */
static int add_dep(RtDeps *d, RtDep n) {
  for (int k = d->ndep - 1; k >= 0 && d->dep[k].to == n.to; k--) {
    RtDep *e = &d->dep[k];
    if (e->from != n.from || e->kind != n.kind)
      continue;
    if (n.kind == RT_DEP_ORDER)
      return ES_OK;
    if (e->from_acc == n.from_acc && e->to_acc == n.to_acc) {
      e->bytes += n.bytes;
      e->lo = n.lo < e->lo ? n.lo : e->lo;
      e->hi = n.hi > e->hi ? n.hi : e->hi;
      return ES_OK;
    }
  }
  if (es_vec_reserve(&d->dep, &d->depcap, d->ndep + 1, sizeof *d->dep))
    return ES_ENOMEM;
  d->dep[d->ndep++] = n;
  return ES_OK;
}

static int add_input(RtDeps *d, int task, int acc, const Span *s) {
  RtInput *last = d->nin ? &d->in[d->nin - 1] : NULL;
  double bytes = (double)(s->hi - s->lo);
  if (last && last->task == task && last->acc == acc) {
    last->bytes += bytes;
    last->hi = s->hi;
    return ES_OK;
  }
  if (es_vec_reserve(&d->in, &d->incap, d->nin + 1, sizeof *d->in))
    return ES_ENOMEM;
  d->in[d->nin++] = (RtInput){task, acc, s->lo, s->hi, bytes};
  return ES_OK;
}

static int reads(Sweep *w, int t, int k, const EsrtAccess *a) {
  uintptr_t lo = (uintptr_t)a->ptr, hi = lo + a->bytes;
  int i, rc = cover(w, lo, hi, &i);
  for (; !rc && i < w->n && w->s[i].lo < hi; i++) {
    Span *s = &w->s[i];
    if ((a->mode & ESRT_IN) && s->writer >= 0 && s->writer != t)
      rc = add_dep(w->d, (RtDep){s->writer, t, RT_DEP_DATA, s->wacc, k, (double)(s->hi - s->lo),
                                 s->lo, s->hi});
    else if ((a->mode & ESRT_IN) && s->writer < 0)
      rc = add_input(w->d, t, k, s);
    if (!rc && (a->mode & ESRT_OUT) && s->writer >= 0 && s->writer != t)
      rc = add_dep(w->d, (RtDep){s->writer, t, RT_DEP_ORDER, s->wacc, k, 0, 0, 0});
    for (int r = 0; !rc && (a->mode & ESRT_OUT) && r < s->nreaders; r++)
      if (s->readers[r] != t)
        rc = add_dep(w->d, (RtDep){s->readers[r], t, RT_DEP_ORDER, -1, k, 0, 0, 0});
  }
  return rc;
}

static int writes(Sweep *w, int t, int k, const EsrtAccess *a) {
  uintptr_t lo = (uintptr_t)a->ptr, hi = lo + a->bytes;
  for (int i = first_span(w, lo); i < w->n && w->s[i].lo < hi; i++) {
    Span *s = &w->s[i];
    if (a->mode & ESRT_OUT) {
      s->writer = t, s->wacc = k, s->nreaders = 0;
    } else if (!s->nreaders || s->readers[s->nreaders - 1] != t) {
      if (es_vec_reserve(&s->readers, &s->rcap, s->nreaders + 1, sizeof(int)))
        return ES_ENOMEM;
      s->readers[s->nreaders++] = t;
    }
  }
  return ES_OK;
}

/* Successor lists and predecessor counts from the dependency list. */
static int build_csr(RtDeps *d, int ntasks) {
  d->succ_first = calloc((size_t)ntasks + 2, sizeof(int));
  d->succ = malloc(sizeof(int) * ((size_t)d->ndep + 1));
  d->npred = calloc((size_t)ntasks + 1, sizeof(int));
  if (!d->succ_first || !d->succ || !d->npred)
    return ES_ENOMEM;
  for (int k = 0; k < d->ndep; k++)
    d->succ_first[d->dep[k].from + 2]++;
  for (int t = 0; t < ntasks; t++)
    d->succ_first[t + 2] += d->succ_first[t + 1];
  for (int k = 0; k < d->ndep; k++) {
    d->succ[d->succ_first[d->dep[k].from + 1]++] = d->dep[k].to;
    d->npred[d->dep[k].to]++;
  }
  return ES_OK;
}

int rt_deps_build(const RtBatch *b, RtDeps *d) {
  memset(d, 0, sizeof *d);
  Sweep w = {NULL, 0, 0, 0, d};
  int rc = ES_OK;
  for (int t = 0; t < b->len && !rc; t++) {
    const RtInst *in = &b->v[t];
    for (int k = 0; k < in->nacc && !rc; k++)
      if (b->acc[in->acc + k].bytes)
        rc = reads(&w, t, k, &b->acc[in->acc + k]);
    for (int k = 0; k < in->nacc && !rc; k++)
      if (b->acc[in->acc + k].bytes)
        rc = writes(&w, t, k, &b->acc[in->acc + k]);
  }
  for (int i = 0; i < w.n; i++)
    free(w.s[i].readers);
  free(w.s);
  if (!rc)
    rc = build_csr(d, b->len);
  return rc;
}

void rt_deps_free(RtDeps *d) {
  free(d->dep);
  free(d->in);
  free(d->succ_first);
  free(d->succ);
  free(d->npred);
  memset(d, 0, sizeof *d);
}
