/* ESCHED_CHECK=1: a variant's runs on guarded copies, compared byte by byte
 * (check.h). O(runs x bytes of the task's data) per checked task. */
#include "runtime-stub/exec/check.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/memory/mem.h"
#include "runtime-stub/memory/scratch.h"
#include "scheduler/base/vec.h"

enum {
  GUARD = 4096, /* bytes watched before and after each copy */
  P1 = 0xA5,
  P2 = 0x5A, /* the two fillings */
  READ = 1,
  WRITTEN = 2,
  RUN_A = 0,
  RUN_A2 = 1, /* run A again: bytes that differ from A are noise (padding copied from the stack) */
  RUN_B = 2,
  RUN_C = 3,
  NBASE = 4,
};
_Static_assert(GUARD % RT_MEM_ALIGN_MAX == 0, "the guards keep the copies aligned (mem.h)");

/* Bytes a task declared out but left unwritten, until read or overwritten. */
typedef struct Hole {
  uintptr_t lo, hi;     /* host addresses */
  uintptr_t item;       /* the host address its access starts at */
  const EsrtTask *task; /* the task that left them */
  int access;
} Hole;

struct RtChecks {
  Hole *v;
  int len, cap;
};

struct RtCheck {
  const RtTaskInfo *ti;
  const EsrtAccess *acc;
  int n, variant;
  RtScratch sc;
  void **ptr;                 /* [n]: the copies' addresses */
  unsigned char **init;       /* per union: its bytes before the task */
  unsigned char **mask;       /* per union and byte: READ | WRITTEN as declared */
  unsigned char **res[NBASE]; /* per base run and union: the copy with its guards */
  bool varies[NBASE];         /* run B / C gave other results than run A */
  bool *found[NBASE];         /* B: per union; C: per union and side (2u + after) */
  int run;                    /* the run in progress: base runs, then per union B, then C */
};

static const char *key(const EsrtTask *t) { return t->key ? t->key : t->name ? t->name : "?"; }

static const char *item(const EsrtTask *t, int i) {
  return t->items && i < t->nitems ? t->items[i] : "?";
}

/* The clause of access i as written, or its item. */
static const char *clause(const EsrtTask *t, int i) {
  return t->clauses && i < t->nitems && t->clauses[i] ? t->clauses[i] : item(t, i);
}

/* The clause with another mode: "in(x[0:n])" -> "inout(x[0:n])". */
static void with_mode(const EsrtTask *t, int i, const char *mode, char *out, size_t cap) {
  const char *c = clause(t, i), *paren = strchr(c, '(');
  snprintf(out, cap, "%s%s", mode, paren ? paren : "");
}

static void where(const EsrtTask *t, char *out, size_t cap) {
  snprintf(out, cap, "task '%s'%s%s%s", key(t), t->source ? " (" : "", t->source ? t->source : "",
           t->source ? ")" : "");
}

bool rt_check_watches_locked(const RtState *s, const RtTaskInfo *ti, int v) {
  int d = ti->var_device[v];
  return d >= 0 && s->reg.space[s->dev_space[d]].ops == &rt_mem_sim;
}

static size_t len_of(const RtCheck *c, int u) { return c->sc.hi[u] - c->sc.lo[u]; }

/* The union holding access i, or -1 (an empty range). */
static int union_of(const RtCheck *c, int i) {
  uintptr_t p = (uintptr_t)c->acc[i].ptr;
  for (int u = 0; c->acc[i].bytes && u < c->sc.n; u++)
    if (c->sc.lo[u] <= p && p < c->sc.hi[u])
      return u;
  return -1;
}

static void check_free(RtState *s, RtCheck *c) {
  for (int u = 0; u < c->sc.n; u++) {
    free(c->init ? c->init[u] : NULL);
    free(c->mask ? c->mask[u] : NULL);
    for (int r = 0; r < NBASE; r++)
      free(c->res[r] ? c->res[r][u] : NULL);
  }
  free(c->init), free(c->mask), free(c->ptr);
  for (int r = 0; r < NBASE; r++)
    free(c->res[r]), free(c->found[r]);
  rt_scratch_close(&c->sc, &s->reg);
  free(c);
}

/* The declared modes of every byte, and the bytes before the task. */
static bool snapshot(RtCheck *c) {
  int nu = c->sc.n;
  c->init = calloc((size_t)nu + 1, sizeof *c->init);
  c->mask = calloc((size_t)nu + 1, sizeof *c->mask);
  for (int r = 0; r < NBASE; r++) {
    c->res[r] = calloc((size_t)nu + 1, sizeof *c->res[r]);
    c->found[r] = calloc(2 * (size_t)nu + 1, sizeof *c->found[r]);
    if (!c->res[r] || !c->found[r])
      return false;
  }
  if (!c->init || !c->mask)
    return false;
  for (int u = 0; u < nu; u++) {
    size_t len = len_of(c, u);
    c->init[u] = malloc(len + 1), c->mask[u] = calloc(len + 1, 1);
    if (!c->init[u] || !c->mask[u])
      return false;
    memcpy(c->init[u], c->sc.buf[u], len);
  }
  for (int i = 0; i < c->n; i++) {
    int u = union_of(c, i);
    size_t at = u < 0 ? 0 : (uintptr_t)c->acc[i].ptr - c->sc.lo[u];
    int m = (c->acc[i].mode & ESRT_IN ? READ : 0) | (c->acc[i].mode & ESRT_OUT ? WRITTEN : 0);
    for (size_t k = 0; u >= 0 && k < c->acc[i].bytes; k++)
      c->mask[u][at + k] |= (unsigned char)m;
  }
  return true;
}

RtCheck *rt_check_open_locked(RtState *s, const RtTaskInfo *ti, int v, int from, void *const *src,
                              const EsrtAccess *acc, int n) {
  RtCheck *c = calloc(1, sizeof *c);
  if (c) {
    *c = (RtCheck){ti, acc, n, v, {0}, NULL, NULL, NULL, {NULL}, {false}, {NULL}, -1};
    c->ptr = malloc(sizeof *c->ptr * ((size_t)n + 1));
  }
  int to = s->dev_space[ti->var_device[v]];
  if (!c || !c->ptr ||
      rt_scratch_open(&c->sc, &s->reg, from, src, to, false, GUARD, acc, n, c->ptr) != ES_OK ||
      !snapshot(c)) {
    rt_warn_locked(s, "check: no memory to check task '%s'", key(ti->task));
    if (c)
      check_free(s, c);
    return NULL;
  }
  return c;
}

/* Where a filling goes in a union: its bytes only written, its guards. */
enum { ZONE_WRITTEN, ZONE_BEFORE, ZONE_AFTER };

/* The filling of zone z of union u in run r. The runs after the base ones
 * vary one zone each: the written bytes of each union (B), then its guard
 * before and its guard after (C). */
static int filling(const RtCheck *c, int r, int u, int z) {
  int nu = c->sc.n;
  if (r < NBASE)
    return (z == ZONE_WRITTEN ? r == RUN_B : r == RUN_C) ? P2 : P1;
  int k = r - NBASE;
  if (k < nu)
    return z == ZONE_WRITTEN && k == u ? P2 : P1;
  k -= nu;
  return k / 2 == u && z == (k % 2 ? ZONE_AFTER : ZONE_BEFORE) ? P2 : P1;
}

/* The next run: after A, A2, B and C, one per zone of the kind (B, C) whose
 * results varied, to tell which zone did it. */
static bool advance(RtCheck *c) {
  int nu = c->sc.n;
  for (c->run++; c->run < NBASE + 3 * nu; c->run++) {
    if (c->run < NBASE)
      return true;
    if (c->varies[c->run < NBASE + nu ? RUN_B : RUN_C])
      return true;
  }
  return false;
}

bool rt_check_next(RtCheck *c, void **ptr) {
  if (!advance(c))
    return false;
  for (int u = 0; u < c->sc.n; u++) {
    unsigned char *b = (unsigned char *)c->sc.buf[u];
    size_t len = len_of(c, u);
    memcpy(b, c->init[u], len);
    int out = filling(c, c->run, u, ZONE_WRITTEN);
    for (size_t k = 0; k < len; k++)
      if (c->mask[u][k] == WRITTEN)
        b[k] = (unsigned char)out;
    memset(b - GUARD, filling(c, c->run, u, ZONE_BEFORE), GUARD);
    memset(b + len, filling(c, c->run, u, ZONE_AFTER), GUARD);
  }
  memcpy(ptr, c->ptr, sizeof *ptr * (size_t)c->n);
  return true;
}

/* Whether the copies' bytes differ from run A's anywhere but where the
 * task leaves bytes it declares written as they were filled (holes: P1 in
 * run A, P2 when this run filled them so), and where a repeat of run A
 * gave other bytes too (what the task writes there does not depend on its
 * data: struct padding, uninitialized locals). */
static bool differs_from_a(const RtCheck *c) {
  for (int u = 0; u < c->sc.n; u++) {
    const unsigned char *a = c->res[RUN_A][u] + GUARD, *b = (unsigned char *)c->sc.buf[u];
    const unsigned char *a2 = c->res[RUN_A2][u] ? c->res[RUN_A2][u] + GUARD : NULL;
    for (size_t k = 0; k < len_of(c, u); k++)
      if (a[k] != b[k] && !(c->mask[u][k] == WRITTEN && a[k] == P1 && b[k] == P2) &&
          !(a2 && a2[k] != a[k]))
        return true;
  }
  return false;
}

void rt_check_done(RtCheck *c) {
  int nu = c->sc.n, r = c->run;
  if (r >= NBASE) {
    bool b = r < NBASE + nu;
    c->found[b ? RUN_B : RUN_C][b ? r - NBASE : r - NBASE - nu] = differs_from_a(c);
    return;
  }
  for (int u = 0; u < nu; u++) {
    size_t len = len_of(c, u);
    c->res[r][u] = malloc(len + 2 * GUARD);
    if (c->res[r][u])
      memcpy(c->res[r][u], c->sc.buf[u] - GUARD, len + 2 * GUARD);
  }
  if (r > RUN_A)
    c->varies[r] = differs_from_a(c);
}

/* The first access of union u covering byte k whose mode has bit `mode`
 * (any mode when 0). */
static int access_at(const RtCheck *c, int u, size_t k, int mode) {
  uintptr_t h = c->sc.lo[u] + k;
  for (int i = 0; i < c->n; i++)
    if ((uintptr_t)c->acc[i].ptr <= h && h - (uintptr_t)c->acc[i].ptr < c->acc[i].bytes &&
        (!mode || (c->acc[i].mode & mode)))
      return i;
  return -1;
}

/* Bytes only read that a run changed. */
static void writes_to_read(RtState *s, const RtCheck *c, const char *who) {
  for (int u = 0; u < c->sc.n; u++) {
    size_t len = len_of(c, u), first = len, last = 0;
    for (size_t k = 0; k < len; k++)
      if (c->mask[u][k] == READ && c->res[RUN_A][u][GUARD + k] != c->init[u][k])
        first = first < k ? first : k, last = k;
    int i = first < len ? access_at(c, u, first, ESRT_IN) : -1;
    if (i < 0)
      continue;
    char fix[256];
    size_t at = c->sc.lo[u] + first - (uintptr_t)c->acc[i].ptr;
    with_mode(c->ti->task, i, "inout", fix, sizeof fix);
    rt_warn_locked(s, "check: %s writes bytes [%zu, %zu) of '%s', declared %s: declare %s", who, at,
                   at + (last - first) + 1, item(c->ti->task, i), clause(c->ti->task, i), fix);
  }
}

/* Guard bytes a run changed: writes before or after the sections. */
static void writes_outside(RtState *s, const RtCheck *c, const char *who) {
  for (int u = 0; u < c->sc.n; u++) {
    size_t len = len_of(c, u);
    for (int r = 0; r < NBASE; r++) {
      const unsigned char *b = c->res[r][u];
      long first = 0, last = -1;
      for (long k = 0; k < (long)(len + 2 * GUARD); k++) {
        if (k == GUARD)
          k += (long)len;
        if (b[k] != filling(c, r, u, k < GUARD ? ZONE_BEFORE : ZONE_AFTER)) {
          first = last < first ? k : first;
          last = k;
        }
      }
      if (last < first)
        continue;
      bool after = first >= GUARD;
      int i = access_at(c, u, after ? len - 1 : 0, 0);
      long base = (long)((uintptr_t)c->sc.lo[u] - (uintptr_t)c->acc[i].ptr) - GUARD;
      rt_warn_locked(s,
                     "check: %s writes bytes [%ld, %ld) of '%s', %s its section: widen %s to "
                     "cover them",
                     who, base + first, base + last + 1, item(c->ti->task, i),
                     after ? "after" : "before", clause(c->ti->task, i));
      break;
    }
  }
}

static void remember(RtState *s, const RtCheck *c, int u, size_t from, size_t to) {
  struct RtChecks *h = s->check;
  int i = access_at(c, u, from, ESRT_OUT);
  if (!h || i < 0 || es_vec_reserve(&h->v, &h->cap, h->len + 1, sizeof *h->v))
    return;
  h->v[h->len++] =
      (Hole){c->sc.lo[u] + from, c->sc.lo[u] + to, (uintptr_t)c->acc[i].ptr, c->ti->task, i};
}

/* Whether byte `at` of an element carries value by v (NULL or elem 0:
 * every byte does). */
static bool value_at(const EsrtValueBytes *v, size_t at) {
  if (!v || !v->elem)
    return true;
  at %= v->elem;
  for (int j = 0; j < v->nspans; j++)
    if (at < v->spans[2 * j + 1])
      return at >= v->spans[2 * j];
  return false;
}

/* Whether byte k of union u carries value for an out access holding it
 * (EsrtTask.values). A task storing every member of a structure leaves its
 * padding as it was, which C allows (C11 6.2.6.1p6) and no program can
 * rely on: such bytes are no hole. Elements start at the access's ptr. */
static bool carries_value(const RtCheck *c, int u, size_t k) {
  const EsrtTask *t = c->ti->task;
  uintptr_t h = c->sc.lo[u] + k;
  for (int i = 0; i < c->n; i++) {
    uintptr_t p = (uintptr_t)c->acc[i].ptr;
    if (!(c->acc[i].mode & ESRT_OUT) || h < p || h - p >= c->acc[i].bytes)
      continue;
    if (value_at(t->values && i < t->nitems ? &t->values[i] : NULL, h - p))
      return true;
  }
  return false;
}

/* Bytes only written that keep P1 in run A and P2 in run B: unwritten,
 * unless they carry no value. */
static void unwritten(RtState *s, const RtCheck *c) {
  for (int u = 0; u < c->sc.n; u++) {
    size_t len = len_of(c, u), from = len;
    for (size_t k = 0; k <= len; k++) {
      bool hole = k < len && c->mask[u][k] == WRITTEN && c->res[RUN_A][u][GUARD + k] == P1 &&
                  c->res[RUN_B][u][GUARD + k] == P2 && carries_value(c, u, k);
      if (hole && from == len)
        from = k;
      if (!hole && from < len) {
        remember(s, c, u, from, k);
        from = len;
      }
    }
  }
}

/* Results that depend on bytes only written (run B): the task reads data
 * declared out. Each out access of a union whose bytes alone change them
 * is named; all when none does. */
static void reads_out(RtState *s, const RtCheck *c, const char *who) {
  bool any = false;
  for (int u = 0; u < c->sc.n; u++)
    any |= c->found[RUN_B][u];
  for (int i = 0; c->varies[RUN_B] && i < c->n; i++) {
    int u = union_of(c, i);
    bool out_only = (c->acc[i].mode & ESRT_OUT) && !(c->acc[i].mode & ESRT_IN);
    if (u < 0 || !out_only || (any && !c->found[RUN_B][u]))
      continue;
    char fix[256];
    with_mode(c->ti->task, i, "inout", fix, sizeof fix);
    rt_warn_locked(s,
                   "check: %s reads '%s', declared %s: its results depend on what '%s' held "
                   "before; declare %s",
                   who, item(c->ti->task, i), clause(c->ti->task, i), item(c->ti->task, i), fix);
  }
}

/* Results that depend on a guard (run C): the task reads before or after
 * a section, named by the guard that alone changes them. */
static void reads_outside(RtState *s, const RtCheck *c, const char *who) {
  for (int z = 0; c->varies[RUN_C] && z < 2 * c->sc.n; z++) {
    if (!c->found[RUN_C][z])
      continue;
    int u = z / 2, i = access_at(c, u, z % 2 ? len_of(c, u) - 1 : 0, 0);
    size_t at = c->sc.lo[u] - (uintptr_t)c->acc[i].ptr;
    rt_warn_locked(s,
                   "check: %s reads bytes %s bytes [%zu, %zu) of '%s', declared %s: widen the "
                   "section to cover what it reads",
                   who, z % 2 ? "after" : "before", at, at + len_of(c, u), item(c->ti->task, i),
                   clause(c->ti->task, i));
  }
}

void rt_check_close_locked(RtState *s, RtCheck *c) {
  char who[256];
  where(c->ti->task, who, sizeof who);
  bool complete = true;
  for (int r = 0; r < NBASE; r++)
    for (int u = 0; u < c->sc.n; u++)
      complete &= c->res[r][u] != NULL;
  if (complete) {
    writes_to_read(s, c, who);
    writes_outside(s, c, who);
    reads_out(s, c, who);
    reads_outside(s, c, who);
    if (!c->varies[RUN_B]) /* else bytes may keep their filling by what they were */
      unwritten(s, c);
  }
  check_free(s, c);
}

/* Hole h over host bytes [lo, hi): read by task reader, or (NULL) back
 * in host memory for host code, which may read them. */
static void report_hole(RtState *s, const Hole *h, const EsrtTask *reader, uintptr_t lo,
                        uintptr_t hi) {
  char who[256], by[256], fix[256];
  where(h->task, who, sizeof who);
  with_mode(h->task, h->access, "inout", fix, sizeof fix);
  const char *it = item(h->task, h->access), *cl = clause(h->task, h->access);
  size_t a = lo - h->item, b = hi - h->item;
  if (!reader) {
    rt_warn_locked(s,
                   "check: bytes [%zu, %zu) of '%s' that %s leaves unwritten, declared %s, come "
                   "back to the host: if the program reads them, write them there or declare %s",
                   a, b, it, who, cl, fix);
    return;
  }
  where(reader, by, sizeof by);
  rt_warn_locked(s,
                 "check: %s reads bytes [%zu, %zu) of '%s' that %s leaves unwritten, declared "
                 "%s: write them there, or declare %s",
                 by, a, b, it, who, cl, fix);
}

void rt_check_access_locked(RtState *s, const EsrtTask *t, const EsrtAccess *acc, int n) {
  struct RtChecks *h = s->check;
  for (int i = 0; h && i < n; i++) {
    uintptr_t lo = (uintptr_t)acc[i].ptr, hi = lo + acc[i].bytes;
    int keep = 0;
    for (int k = 0; k < h->len; k++) {
      Hole *x = &h->v[k];
      bool overlap = x->lo < hi && lo < x->hi;
      if (overlap && (acc[i].mode & ESRT_IN))
        report_hole(s, x, t, x->lo > lo ? x->lo : lo, x->hi < hi ? x->hi : hi);
      if (!overlap || !(acc[i].mode & ESRT_OUT || !t))
        h->v[keep++] = *x; /* written over, or reported to host code: forgotten */
    }
    h->len = keep;
  }
}

void rt_check_region_end_locked(RtState *s) {
  struct RtChecks *h = s->check;
  for (int k = 0; h && k < h->len; k++)
    report_hole(s, &h->v[k], NULL, h->v[k].lo, h->v[k].hi);
  if (h)
    h->len = 0;
}

void rt_check_start_locked(RtState *s) {
  if (s->cfg.gpu != RT_GPU_SIM)
    rt_warn_locked(s, "ESCHED_CHECK=1 watches tasks on the sim back end only (ESCHED_GPU=sim): "
                      "nothing is checked");
  else if (!(s->check = calloc(1, sizeof *s->check)))
    rt_warn_locked(s, "check: out of memory; nothing is checked");
}

void rt_check_free_locked(RtState *s) {
  if (s->check)
    free(s->check->v);
  free(s->check);
  s->check = NULL;
}
