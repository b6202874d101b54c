/* Per-processor timelines: sorted busy slots and the idle-gap search of
 * insertion-based list scheduling (HEFT's insertion policy; EASEF Eq. 11's
 * "first idle slot long enough").
 *
 * Each processor keeps its slots sorted by start in blocks of at most B
 * slots (arrays, themselves in an array of pointers in time order), and a
 * max tree over the blocks: leaf b holds the longest gap before a slot of
 * block b (its start less the finish of the slot before it). A gap search
 * finds the first slot ending after the ready time (galloping back over
 * the blocks' last finishes, then bisecting one block), scans the rest of
 * that block if its longest gap may do, and asks the tree for the next
 * block that may hold a gap long enough: O(log n + B) instead of a scan of
 * every slot after the ready time (most searches end after the last slot:
 * list schedulers ask every processor, and the ready time lags far behind
 * the end). The tree only filters: each candidate gap is checked with the
 * very comparison of a scan, ready or finish + dur <= start, so a gap
 * whose rounding differs is neither missed nor taken.
 *
 * An insertion or removal shifts the slots after it in its block only, and
 * changes two gaps, whose leaves follow in O(log n) unless the block's
 * longest gap shrank (then O(B)). A full block splits in two, and a block
 * left with its neighbour at most half full merges with it, so the
 * O(blocks after it) of renumbering the tree's leaves comes once in B / 2
 * changes at most, and costs O(log n) when lists append. (With one array per
 * processor, an insertion shifted every later slot and its leaf: at 10^6
 * tasks HNPD spent 43 % of its time there and in the gap search's
 * bisection, whose probes all missed the cache.)
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/model/solution.h"
#include "scheduler/timeline/timeline.h"

enum { B = ES_LANE_BLOCK };

int es_timeline_init(EsTimeline *t, int ndev) {
  t->ndev = ndev;
  t->lane = calloc((size_t)ndev + 1, sizeof *t->lane);
  return t->lane ? ES_OK : ES_ENOMEM;
}

static void lane_free(EsLane *l) {
  for (int b = 0; b < l->nblk; b++)
    free(l->blk[b]);
  free(l->blk), free(l->n), free(l->span), free(l->gap);
  memset(l, 0, sizeof *l);
}

void es_timeline_free(EsTimeline *t) {
  if (!t)
    return;
  for (int d = 0; t->lane && d < t->ndev; d++)
    lane_free(&t->lane[d]);
  free(t->lane);
  memset(t, 0, sizeof *t);
}

/* ---- blocks and the gap tree ---- */

static const EsSlot *last_of(const EsLane *l, int b) { return &l->blk[b][l->n[b] - 1]; }

/* Block b's first start and last finish, after a change. */
static void respan(EsLane *l, int b) {
  l->span[b] = (EsSpan){l->blk[b][0].start, last_of(l, b)->finish};
}

/* The longest gap before a slot of block b; none before the first slot. */
static double block_gap(const EsLane *l, int b) {
  const EsSlot *s = l->blk[b];
  double g = b > 0 ? s[0].start - last_of(l, b - 1)->finish : -INFINITY;
  for (int j = 1; j < l->n[b]; j++)
    g = s[j].start - s[j - 1].finish > g ? s[j].start - s[j - 1].finish : g;
  return g;
}

/* The ancestors of leaves [lo, hi) after they changed: O(hi - lo + log n). */
static void refresh(EsLane *l, int lo, int hi) {
  double *g = l->gap;
  for (int a = (l->leaves + lo) / 2, z = (l->leaves + hi - 1) / 2; a >= 1 && lo < hi;
       a /= 2, z /= 2)
    for (int k = a; k <= z; k++)
      g[k] = g[2 * k] > g[2 * k + 1] ? g[2 * k] : g[2 * k + 1];
}

/* The gap before slot i of block b; none before the lane's first slot. */
static double gap_at(const EsLane *l, int b, int i) {
  const EsSlot *prev = i > 0 ? &l->blk[b][i - 1] : b > 0 ? last_of(l, b - 1) : NULL;
  return prev ? l->blk[b][i].start - prev->finish : -INFINITY;
}

/* The place of the slot after slot i of block b; block -1 past the end. */
static EsSlotAt after(const EsLane *l, int b, int i) {
  return i + 1 < l->n[b] ? (EsSlotAt){b, i + 1} : (EsSlotAt){b + 1 < l->nblk ? b + 1 : -1, 0};
}

/* One gap of block b went from was to now (-inf: none): its leaf and the
 * ancestors that change. O(log n), and O(B) more when the block's longest
 * gap shrank. */
static void regap(EsLane *l, int b, double was, double now) {
  double *g = l->gap, *leaf = &g[l->leaves + b];
  if (now >= *leaf)
    *leaf = now;
  else if (was == *leaf)
    *leaf = block_gap(l, b);
  else
    return;
  for (int k = (l->leaves + b) / 2; k >= 1; k /= 2) {
    double m = g[2 * k] > g[2 * k + 1] ? g[2 * k] : g[2 * k + 1];
    if (g[k] == m) /* the rest of the path holds already */
      break;
    g[k] = m;
  }
}

/* The gap before the slot at `at` (if any) went from was to what it is. */
static void regap_at(EsLane *l, EsSlotAt at, double was) {
  if (at.block >= 0)
    regap(l, at.block, was, gap_at(l, at.block, at.i));
}

/* Room for one more block: the arrays, and the tree's leaves with them. */
static int reserve_block(EsLane *l) {
  if (l->nblk < l->cap)
    return ES_OK;
  int cap = l->cap ? 2 * l->cap : 4;
  EsSlot **blk = realloc(l->blk, (size_t)cap * sizeof *blk);
  if (blk)
    l->blk = blk;
  int *n = blk ? realloc(l->n, (size_t)cap * sizeof *n) : NULL;
  if (n)
    l->n = n;
  EsSpan *span = n ? realloc(l->span, (size_t)cap * sizeof *span) : NULL;
  if (span)
    l->span = span;
  double *g = span ? malloc(2 * (size_t)cap * sizeof *g) : NULL;
  if (!g)
    return ES_ENOMEM;
  for (int k = 0; k < 2 * cap; k++)
    g[k] = -INFINITY;
  for (int b = 0; b < l->nblk; b++)
    g[cap + b] = l->gap[l->leaves + b];
  free(l->gap);
  l->gap = g, l->leaves = l->cap = cap;
  refresh(l, 0, cap);
  return ES_OK;
}

/* Opens an empty block at b; the blocks from b on move up by one. The
 * caller fills it, sets its span and leaf, and refreshes the tree. */
static int open_block(EsLane *l, int b) {
  EsSlot *s = malloc(B * sizeof *s);
  if (!s || reserve_block(l)) {
    free(s);
    return ES_ENOMEM;
  }
  size_t after = (size_t)(l->nblk - b);
  double *leaf = l->gap + l->leaves;
  memmove(&l->blk[b + 1], &l->blk[b], after * sizeof *l->blk);
  memmove(&l->n[b + 1], &l->n[b], after * sizeof *l->n);
  memmove(&l->span[b + 1], &l->span[b], after * sizeof *l->span);
  memmove(&leaf[b + 1], &leaf[b], after * sizeof *leaf);
  l->blk[b] = s, l->n[b] = 0, leaf[b] = -INFINITY;
  l->nblk++;
  return ES_OK;
}

/* Drops the empty block at b; the blocks after it move down by one. */
static void close_block(EsLane *l, int b) {
  free(l->blk[b]);
  size_t after = (size_t)(l->nblk - b - 1);
  double *leaf = l->gap + l->leaves;
  memmove(&l->blk[b], &l->blk[b + 1], after * sizeof *l->blk);
  memmove(&l->n[b], &l->n[b + 1], after * sizeof *l->n);
  memmove(&l->span[b], &l->span[b + 1], after * sizeof *l->span);
  memmove(&leaf[b], &leaf[b + 1], after * sizeof *leaf);
  leaf[--l->nblk] = -INFINITY;
  if (b < l->nblk) /* its first gap now starts at the block before */
    leaf[b] = block_gap(l, b);
  refresh(l, b, l->nblk + 1);
}

/* The first leaf at or after lo holding at least th, or -1. O(log n). */
static int first_at_least(const double *g, int size, int lo, double th) {
  if (lo >= size)
    return -1;
  int k = size + lo;
  if (!(g[k] >= th))
    for (;;) {
      while (k & 1) { /* a right child: its parent's right part is done */
        if (k == 1)
          return -1;
        k /= 2;
      }
      if (g[++k] >= th) /* the subtree right of the one searched */
        break;
    }
  while (k < size)
    k = g[2 * k] >= th ? 2 * k : 2 * k + 1;
  return k - size;
}

/* ---- searches ---- */

/* Whether a is at or before x in the slots' order (start, then finish). */
static bool key_le(const EsSlot *a, const EsSlot *x) {
  return a->start < x->start || (a->start == x->start && a->finish <= x->finish);
}

typedef bool (*Before)(const EsLane *l, int b, const void *x);

static bool ends_by(const EsLane *l, int b, const void *x) {
  return l->span[b].finish <= *(const double *)x;
}
static bool begins_by(const EsLane *l, int b, const void *x) {
  const EsSlot *y = x;
  return l->span[b].start < y->start || (l->span[b].start == y->start && key_le(&l->blk[b][0], y));
}

/* The number of leading blocks b with before(l, b, x) (they are a prefix).
 * The search gallops back from the last block before it bisects: O(log k)
 * for the k-th block from the end, and list scheduling's ready times and
 * insertions mostly fall among the recent blocks, the ones in the cache. */
static int blocks_before(const EsLane *l, Before before, const void *x) {
  int n = l->nblk, lo = 0, hi = n; /* before on [0, lo), not on [hi, n) */
  for (int step = 1; hi > 0; step *= 2) {
    int probe = n - step > 0 ? n - step : 0;
    if (before(l, probe, x)) {
      lo = probe + 1;
      break;
    }
    hi = probe;
  }
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (before(l, mid, x))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* The block where x belongs by before: the last one that begins before it,
 * or the first block. */
static int block_of(const EsLane *l, Before before, const void *x) {
  int b = blocks_before(l, before, x);
  return b > 0 ? b - 1 : 0;
}

/* Whether the gap before slot j of block b holds dur from ready on; *from
 * receives where it would start. */
static bool fits_before(const EsLane *l, int b, int j, double ready, double dur, double *from) {
  const EsSlot *prev = j > 0 ? &l->blk[b][j - 1] : b > 0 ? last_of(l, b - 1) : NULL;
  *from = prev && prev->finish > ready ? prev->finish : ready;
  return *from + dur <= l->blk[b][j].start;
}

/* The first gap of block b before slot j or later that the tree's filter
 * lets through (at least th) and that holds dur; every slot before those
 * ends after the ready time, and one precedes slot j. */
static bool fits_from(const EsLane *l, int b, int j, double ready, double dur, double th,
                      double *from) {
  const EsSlot *s = l->blk[b];
  for (double finish = j > 0 ? s[j - 1].finish : last_of(l, b - 1)->finish; j < l->n[b];
       finish = s[j++].finish)
    if (s[j].start - finish >= th && fits_before(l, b, j, ready, dur, from))
      return true;
  return false;
}

/* ---- the timeline ---- */

/* The lane's copies of its ends and longest gap, after a change. */
static void rehead(EsLane *l) {
  if (l->len == 0)
    return;
  l->first = l->blk[0][0], l->last = *last_of(l, l->nblk - 1);
  l->longest_gap = l->gap[1];
}

double es_timeline_earliest(const EsTimeline *t, int d, double ready, double dur, bool insertion) {
  const EsLane *l = &t->lane[d];
  if (l->len == 0)
    return ready;
  const EsSlot *first = &l->first, *last = &l->last;
  if (!insertion || last->finish <= ready)
    return last->finish > ready ? last->finish : ready;
  /* The tree's gaps are differences, the test below a sum: the slack keeps
   * every gap the test would take among the candidates. */
  double scale = fabs(first->start) + fabs(last->start) + fabs(last->finish) + fabs(dur) + 1;
  double th = dur - 1e-12 * scale;
  /* No gap between slots may do (most searches): only the one before the
   * first slot can. */
  if (!(l->longest_gap >= th))
    return first->finish > ready && ready + dur <= first->start ? ready : last->finish;
  /* Block b holds the first slot ending after the ready time (the last
   * slot does): the gap before it (from the ready time on) and the later
   * gaps of b, if b's longest may do, then the later blocks whose longest
   * may. A gap from the ready time on is part of a gap of b, so it cannot
   * hold dur when none of b's can: b's slots, often long out of the cache,
   * are read only when one may (or before the lane's first slot, which no
   * gap precedes). */
  int b = blocks_before(l, ends_by, &ready);
  double from;
  if (b == 0 || l->gap[l->leaves + b] >= th) {
    int lo = 0, hi = l->n[b];
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (l->blk[b][mid].finish <= ready)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (fits_before(l, b, lo, ready, dur, &from) ||
        (l->gap[l->leaves + b] >= th && fits_from(l, b, lo + 1, ready, dur, th, &from)))
      return from;
  }
  while ((b = first_at_least(l->gap, l->leaves, b + 1, th)) >= 0 && b < l->nblk)
    if (fits_from(l, b, 0, ready, dur, th, &from))
      return from;
  return last->finish;
}

/* Where x goes in a block: after every slot at or before it. */
static int position(const EsSlot *s, int n, const EsSlot *x) {
  int i = n;
  while (i > 0 && !key_le(&s[i - 1], x))
    i--;
  return i;
}

static int insert(EsLane *l, EsSlot x) {
  if (l->nblk == 0 && open_block(l, 0))
    return ES_ENOMEM;
  int b = block_of(l, begins_by, &x), j = position(l->blk[b], l->n[b], &x), split = -1;
  if (l->n[b] == B) { /* the upper half to a new block after it */
    if (open_block(l, b + 1))
      return ES_ENOMEM;
    memcpy(l->blk[b + 1], l->blk[b] + B / 2, (B - B / 2) * sizeof x);
    l->n[b] = B / 2, l->n[b + 1] = B - B / 2;
    respan(l, b), respan(l, b + 1);
    split = b;
    if (j > B / 2)
      b++, j -= B / 2;
  }
  EsSlot *s = l->blk[b];
  memmove(&s[j + 1], &s[j], (size_t)(l->n[b] - j) * sizeof x);
  s[j] = x;
  l->n[b]++, l->len++;
  respan(l, b);
  if (split < 0) { /* x split the gap before the slot after it */
    const EsSlot *prev = j > 0 ? &s[j - 1] : b > 0 ? last_of(l, b - 1) : NULL;
    EsSlotAt next = after(l, b, j);
    regap(l, b, -INFINITY, gap_at(l, b, j));
    if (next.block >= 0)
      regap_at(l, next, prev ? l->blk[next.block][next.i].start - prev->finish : -INFINITY);
    return ES_OK;
  }
  for (int c = split; c <= split + 2 && c < l->nblk; c++)
    l->gap[l->leaves + c] = block_gap(l, c);
  refresh(l, split, l->nblk); /* the leaves after it moved up by one */
  return ES_OK;
}

int es_timeline_insert(EsTimeline *t, int d, EsSlot x) {
  int rc = insert(&t->lane[d], x);
  rehead(&t->lane[d]);
  return rc;
}

bool es_timeline_find(const EsTimeline *t, int d, double start, int task, int copy, EsSlotAt *at) {
  const EsLane *l = &t->lane[d];
  if (l->len == 0)
    return false;
  int b = 0, lo = 1, hi = l->nblk; /* the last block starting before start, or the first */
  while (lo < hi) {                /* bisection: the DVFS passes look for slots anywhere */
    int mid = (lo + hi) / 2;
    if (l->span[mid].start < start)
      b = mid, lo = mid + 1;
    else
      hi = mid;
  }
  lo = 0, hi = l->n[b];
  while (lo < hi) { /* the first slot of b starting at or after start */
    int mid = (lo + hi) / 2;
    if (l->blk[b][mid].start < start)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (int i = lo; b < l->nblk; b++, i = 0)
    for (; i < l->n[b]; i++) {
      const EsSlot *s = &l->blk[b][i];
      if (s->start != start)
        return false;
      if (s->task == task && s->copy == copy) {
        *at = (EsSlotAt){b, i};
        return true;
      }
    }
  return false;
}

const EsSlot *es_timeline_step(const EsTimeline *t, int d, EsSlotAt at, int step) {
  const EsLane *l = &t->lane[d];
  int b = at.block, i = at.i + step;
  if (i < 0) {
    if (--b < 0)
      return NULL;
    i = l->n[b] - 1;
  } else if (i >= l->n[b]) {
    if (++b >= l->nblk)
      return NULL;
    i = 0;
  }
  return &l->blk[b][i];
}

const EsSlot *es_timeline_beside(const EsTimeline *t, int d, double start, int task, int copy,
                                 int step) {
  EsSlotAt at;
  return es_timeline_find(t, d, start, task, copy, &at) ? es_timeline_step(t, d, at, step) : NULL;
}

int es_timeline_len(const EsTimeline *t, int d) { return t->lane[d].len; }

void es_timeline_copy(const EsTimeline *t, int d, EsSlot *out) {
  const EsLane *l = &t->lane[d];
  for (int b = 0; b < l->nblk; out += l->n[b++])
    memcpy(out, l->blk[b], (size_t)l->n[b] * sizeof *out);
}

/* Removes the slot at at. */
static void remove_at(EsLane *l, EsSlotAt at) {
  int b = at.block;
  EsSlot *s = l->blk[b];
  EsSlotAt next = after(l, b, at.i);
  double before = gap_at(l, b, at.i), later = next.block >= 0 ? gap_at(l, next.block, next.i) : 0;
  memmove(&s[at.i], &s[at.i + 1], (size_t)(l->n[b] - at.i - 1) * sizeof *s);
  l->n[b]--, l->len--;
  if (l->n[b] == 0) {
    close_block(l, b);
    return;
  }
  respan(l, b);
  /* Merged with a neighbour when the two fill at most half a block. */
  int c = b + 1 < l->nblk && l->n[b] + l->n[b + 1] <= B / 2 ? b
          : b > 0 && l->n[b - 1] + l->n[b] <= B / 2         ? b - 1
                                                            : -1;
  if (c < 0) { /* the gaps before and after the slot became one */
    if (next.block == b)
      next.i--;
    regap(l, b, before, -INFINITY);
    regap_at(l, next, later);
    return;
  }
  memcpy(l->blk[c] + l->n[c], l->blk[c + 1], (size_t)l->n[c + 1] * sizeof *s);
  l->n[c] += l->n[c + 1], l->n[c + 1] = 0;
  respan(l, c);
  l->gap[l->leaves + c] = block_gap(l, c);
  close_block(l, c + 1);
  refresh(l, c, c + 1);
}

bool es_timeline_remove(EsTimeline *t, int d, double start, int task, int copy) {
  EsSlotAt at;
  if (!es_timeline_find(t, d, start, task, copy, &at))
    return false;
  remove_at(&t->lane[d], at);
  rehead(&t->lane[d]);
  return true;
}

int es_timeline_move(EsTimeline *t, int d, double start, int task, int copy, EsSlot x) {
  EsSlotAt at;
  EsLane *l = &t->lane[d];
  if (!es_timeline_find(t, d, start, task, copy, &at))
    return es_timeline_insert(t, d, x);
  const EsSlot *prev = es_timeline_step(t, d, at, -1), *next_slot = es_timeline_step(t, d, at, 1);
  if ((prev && !key_le(prev, &x)) || (next_slot && key_le(next_slot, &x))) {
    es_timeline_remove(t, d, start, task, copy); /* x goes elsewhere */
    return es_timeline_insert(t, d, x);
  }
  /* x keeps the slot's place (a level change moves a slot little): the
   * sequence is the one remove and insert would make. */
  EsSlotAt next = after(l, at.block, at.i);
  double before = gap_at(l, at.block, at.i),
         later = next.block >= 0 ? gap_at(l, next.block, next.i) : 0;
  l->blk[at.block][at.i] = x;
  respan(l, at.block);
  regap(l, at.block, before, gap_at(l, at.block, at.i));
  regap_at(l, next, later);
  rehead(l);
  return ES_OK;
}

/* A copy with the order in which it was listed, for a stable sort. */
typedef struct Listed {
  EsSlot slot;
  int dev, at;
} Listed;

/* By device, start, finish, then listing: what inserting the copies one
 * after another in listing order makes. */
static int cmp_listed(const void *x, const void *y) {
  const Listed *a = x, *b = y;
  if (a->dev != b->dev)
    return a->dev < b->dev ? -1 : 1;
  if (a->slot.start != b->slot.start)
    return a->slot.start < b->slot.start ? -1 : 1;
  if (a->slot.finish != b->slot.finish)
    return a->slot.finish < b->slot.finish ? -1 : 1;
  return (a->at > b->at) - (a->at < b->at);
}

/* Fills an empty lane with n sorted copies, blocks three quarters full
 * (room for the moves of the DVFS passes). */
static int fill(EsLane *l, const Listed *x, int n) {
  enum { FULL = 3 * B / 4 };
  for (int i = 0; i < n; i += FULL) {
    int b = l->nblk;
    if (open_block(l, b))
      return ES_ENOMEM;
    for (l->n[b] = 0; l->n[b] < FULL && i + l->n[b] < n; l->n[b]++)
      l->blk[b][l->n[b]] = x[i + l->n[b]].slot;
    respan(l, b);
  }
  l->len = n;
  for (int b = 0; b < l->nblk; b++)
    l->gap[l->leaves + b] = block_gap(l, b);
  refresh(l, 0, l->nblk);
  rehead(l);
  return ES_OK;
}

int es_timeline_from_solution(EsTimeline *t, const EsProblem *p, const EsSolution *s) {
  int n = s->ntasks + s->ndups;
  Listed *all = malloc(((size_t)n + 1) * sizeof *all);
  if (!all || es_timeline_init(t, p->ndevices)) {
    free(all);
    return ES_ENOMEM;
  }
  for (int v = 0; v < s->ntasks; v++)
    all[v] = (Listed){{s->start[v], s->finish[v], v, -1}, p->label_device[s->label[v]], v};
  for (int i = 0; i < s->ndups; i++) {
    const EsDuplicate *x = &s->dups[i];
    all[s->ntasks + i] =
        (Listed){{x->start, x->finish, x->task, i}, p->label_device[x->label], s->ntasks + i};
  }
  qsort(all, (size_t)n, sizeof *all, cmp_listed);
  int rc = ES_OK;
  for (int i = 0, j = 0; i < n && !rc; i = j) {
    for (j = i; j < n && all[j].dev == all[i].dev; j++)
      ;
    rc = fill(&t->lane[all[i].dev], all + i, j - i);
  }
  free(all);
  if (rc)
    es_timeline_free(t);
  return rc;
}
