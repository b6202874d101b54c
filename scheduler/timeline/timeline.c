/* Per-processor timelines: sorted busy slots and the idle-gap search of
 * insertion-based list scheduling (HEFT's insertion policy; EASEF Eq. 11's
 * "first idle slot long enough"). */
#include <stdlib.h>
#include <string.h>

#include "scheduler/model/solution.h"
#include "scheduler/timeline/timeline.h"
#include "scheduler/base/vec.h"

int es_timeline_init(EsTimeline *t, int ndev) {
  t->ndev = ndev;
  t->slot = calloc((size_t)ndev + 1, sizeof *t->slot);
  t->len = calloc((size_t)ndev + 1, sizeof *t->len);
  t->cap = calloc((size_t)ndev + 1, sizeof *t->cap);
  if (!t->slot || !t->len || !t->cap) {
    es_timeline_free(t);
    return ES_ENOMEM;
  }
  return ES_OK;
}

void es_timeline_free(EsTimeline *t) {
  if (!t)
    return;
  for (int d = 0; t->slot && d < t->ndev; d++)
    free(t->slot[d]);
  free(t->slot), free(t->len), free(t->cap);
  memset(t, 0, sizeof *t);
}

/* Index of the first slot whose finish is after x (slots do not overlap,
 * so finishes are sorted too). */
static int first_ending_after(const EsSlot *s, int n, double x) {
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (s[mid].finish <= x)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

double es_timeline_earliest(const EsTimeline *t, int d, double ready, double dur, bool insertion) {
  const EsSlot *s = t->slot[d];
  int n = t->len[d];
  if (!insertion || n == 0)
    return n && s[n - 1].finish > ready ? s[n - 1].finish : ready;
  for (int i = first_ending_after(s, n, ready); i < n; i++) {
    double from = i > 0 && s[i - 1].finish > ready ? s[i - 1].finish : ready;
    if (from + dur <= s[i].start)
      return from;
  }
  return s[n - 1].finish > ready ? s[n - 1].finish : ready;
}

int es_timeline_insert(EsTimeline *t, int d, EsSlot x) {
  if (es_vec_reserve(&t->slot[d], &t->cap[d], t->len[d] + 1, sizeof(EsSlot)))
    return ES_ENOMEM;
  EsSlot *s = t->slot[d];
  int i = t->len[d];
  while (i > 0 &&
         (s[i - 1].start > x.start || (s[i - 1].start == x.start && s[i - 1].finish > x.finish)))
    s[i] = s[i - 1], i--;
  s[i] = x;
  t->len[d]++;
  return ES_OK;
}

int es_timeline_find(const EsTimeline *t, int d, int task, int copy) {
  for (int i = t->len[d] - 1; i >= 0; i--)
    if (t->slot[d][i].task == task && t->slot[d][i].copy == copy)
      return i;
  return -1;
}

bool es_timeline_remove(EsTimeline *t, int d, int task, int copy) {
  int i = es_timeline_find(t, d, task, copy);
  if (i < 0)
    return false;
  memmove(&t->slot[d][i], &t->slot[d][i + 1], (size_t)(t->len[d] - i - 1) * sizeof(EsSlot));
  t->len[d]--;
  return true;
}

int es_timeline_from_solution(EsTimeline *t, const EsProblem *p, const EsSolution *s) {
  if (es_timeline_init(t, p->ndevices))
    return ES_ENOMEM;
  for (int v = 0; v < s->ntasks; v++)
    if (es_timeline_insert(t, p->label_device[s->label[v]],
                           (EsSlot){s->start[v], s->finish[v], v, -1}))
      goto fail;
  for (int i = 0; i < s->ndups; i++) {
    const EsDuplicate *x = &s->dups[i];
    if (es_timeline_insert(t, p->label_device[x->label], (EsSlot){x->start, x->finish, x->task, i}))
      goto fail;
  }
  return ES_OK;
fail:
  es_timeline_free(t);
  return ES_ENOMEM;
}
