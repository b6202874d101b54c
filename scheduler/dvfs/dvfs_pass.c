/* What the DVFS passes share (dvfs_pass.h): the schedule's DAG, timelines
 * and duplicates, the slack of a copy before its successors, sweeps over the
 * copies, changing a copy's level in step with the timelines, and the rule
 * that keeps a change only when it does not raise the energy. */
#include "scheduler/dvfs/dvfs_pass.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/prefetch.h"
#include "scheduler/model/solution.h"

int es_dvfs_state_init(EsDvfsState *st, const EsProblem *p, const EsSolution *s, EsError *err) {
  memset(st, 0, sizeof *st);
  int rc = es_dag_build(p, &st->dag, err);
  if (rc)
    return rc;
  st->moves = malloc(((size_t)p->nlabels + 1) * sizeof *st->moves);
  if (!st->moves || es_timeline_from_solution(&st->tl, p, s) || es_dup_index_build(s, &st->ix)) {
    es_dvfs_state_free(st);
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  }
  return ES_OK;
}

void es_dvfs_state_free(EsDvfsState *st) {
  free(st->moves);
  st->moves = NULL;
  es_timeline_free(&st->tl);
  es_dup_index_free(&st->ix);
  es_dag_free(&st->dag);
}

/* Copies of v in turn: -1 (v itself), then its duplicates; -2 ends. */
static int next_copy(const EsDupIndex *ix, int v, int k) {
  int n = k < 0 ? ix->head[v] : ix->next[k];
  return n < 0 ? -2 : n;
}

/* Latest finish of copy (v, copy) allowed by the consumer copy c of an arc:
 * unconstrained when another copy of v already feeds c in time. */
static double consumer_bound(const EsProblem *p, const EsDupIndex *ix, const EsSolution *s, int v,
                             int copy, int item, EsCopyAt me, EsCopyAt c) {
  double tol = 1e-9 * (fabs(c.start) + 1);
  for (int k = -1; k != -2; k = next_copy(ix, v, k)) {
    EsCopyAt o = es_copy_at(p, s, v, k);
    if (k != copy && o.finish + es_timed_comm(p, item, o.dev, c.dev) <= c.start + tol)
      return INFINITY;
  }
  return c.start - es_timed_comm(p, item, me.dev, c.dev);
}

double es_dvfs_latest_finish(const EsProblem *p, const EsDvfsState *st, const EsSolution *s, int v,
                             int copy, double horizon) {
  const EsDag *d = &st->dag;
  EsCopyAt me = es_copy_at(p, s, v, copy);
  double lf = horizon;
  const EsSlot *next = es_timeline_beside(&st->tl, me.dev, me.start, v, copy, 1);
  if (next && next->start < lf)
    lf = next->start; /* the next slot on its processor */
  for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++) {
    int c = d->succ[k].task, item = d->succ[k].item;
    for (int j = -1; j != -2; j = next_copy(&st->ix, c, j)) {
      double b = consumer_bound(p, &st->ix, s, v, copy, item, me, es_copy_at(p, s, c, j));
      lf = b < lf ? b : lf;
    }
  }
  return lf;
}

int es_dvfs_fitting(const EsProblem *p, int v, int dev, double dur, int from, EsDvfsMove *moves) {
  int n = 0;
  double tol = 1e-9 * (fabs(dur) + 1);
  for (int l = 0; l < p->nlabels; l++) {
    if (p->label_device[l] != dev || p->label_level[l] < p->label_level[from] ||
        !(es_timed_task_time(p, v, l) <= dur + tol))
      continue;
    int at = n++; /* insertion by level, slowest (highest index) first */
    while (at > 0 && p->label_level[moves[at - 1].label] < p->label_level[l]) {
      moves[at] = moves[at - 1];
      at--;
    }
    moves[at].label = l;
  }
  return n;
}

/* The makespan from the timelines: no two slots of a processor overlap, so
 * its last slot finishes last. O(devices). */
static double makespan(const EsTimeline *tl) {
  double m = 0;
  for (int d = 0; d < tl->ndev; d++)
    m = es_timeline_end(tl, d) > m ? es_timeline_end(tl, d) : m;
  return m;
}

/* The part of the simulated energy that copy (v, copy) can change: its
 * active energy less the idle energy its processor saves while it runs,
 * every processor's idle power over the makespan, and the transfers into
 * every copy of each successor of v (counted once per successor). */
static double energy_around(const EsProblem *p, const EsDvfsState *st, const EsSolution *s, int v,
                            int copy) {
  EsCopyAt at = es_copy_at(p, s, v, copy);
  double idle = 0;
  for (int d = 0; d < p->ndevices; d++)
    idle += es_timed_idle_power(p, s, d);
  double e =
      (at.finish - at.start) * (p->level_power[at.label] - es_timed_idle_power(p, s, at.dev)) +
      makespan(&st->tl) * idle;
  const EsDag *d = &st->dag;
  for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++) {
    int c = d->succ[k].task;
    bool seen = false;
    for (int j = d->succ_first[v]; j < k && !seen; j++)
      seen = d->succ[j].task == c;
    for (int j = -1; !seen && j != -2; j = next_copy(&st->ix, c, j))
      e += es_timed_transfers_into(p, d, s, c, es_copy_at(p, s, c, j).dev);
  }
  return e;
}

int es_dvfs_take_first(const EsProblem *p, EsDvfsState *st, EsSolution *s, int v, int copy,
                       const EsDvfsMove *moves, int n) {
  EsCopyAt at = es_copy_at(p, s, v, copy);
  double before = energy_around(p, st, s, v, copy);
  bool moved = false;
  for (int i = 0; i < n; i++) {
    if (moves[i].label == at.label && moves[i].start == at.start)
      break; /* the copy as it is comes before what is left */
    int rc = es_dvfs_set_copy(p, st, s, v, copy, moves[i].label, moves[i].start);
    if (rc || energy_around(p, st, s, v, copy) <= before)
      return rc;
    moved = true;
  }
  return moved ? es_dvfs_set_copy(p, st, s, v, copy, at.label, at.start) : ES_OK;
}

/* A copy of a task with a sort key. */
typedef struct CopyRef {
  double key;
  int task, copy;
} CopyRef;

static int by_key(const void *x, const void *y) {
  const CopyRef *a = x, *b = y;
  if (a->key != b->key)
    return a->key < b->key ? -1 : 1;
  return (a->task > b->task) - (a->task < b->task);
}

/* Sorting on -finish gives latest first with one comparator. */
static CopyRef *copies_sorted(const EsSolution *s, bool by_start) {
  int n = s->ntasks + s->ndups;
  CopyRef *r = malloc(((size_t)n + 1) * sizeof *r);
  if (!r)
    return NULL;
  for (int v = 0; v < s->ntasks; v++)
    r[v] = (CopyRef){by_start ? s->start[v] : -s->finish[v], v, -1};
  for (int i = 0; i < s->ndups; i++)
    r[s->ntasks + i] =
        (CopyRef){by_start ? s->dups[i].start : -s->dups[i].finish, s->dups[i].task, i};
  qsort(r, (size_t)n, sizeof *r, by_key);
  return r;
}

/* A step reads its task's copy, row of times and arcs, its successors'
 * copies and arcs, and their predecessors' copies: in finish order, which
 * is random in memory. Asked for ahead in stages (each once what it points
 * at is in the cache), the misses overlap (prefetch.h). Returns order[i]. */
enum { AHEAD_COPY = 24, AHEAD_ARCS = 12, AHEAD_SUCCS = 6, AHEAD_SIBLINGS = 3 };

#define ASK_COPY(s, v)                                                                             \
  (ES_PREFETCH(&(s)->label[v]), ES_PREFETCH(&(s)->start[v]), ES_PREFETCH(&(s)->finish[v]))

static const CopyRef *step_at(const EsProblem *p, const EsDvfsState *st, const EsSolution *s,
                              const CopyRef *order, int i, int n) {
  const EsDag *d = &st->dag;
  if (i + AHEAD_COPY < n) {
    int v = order[i + AHEAD_COPY].task;
    ASK_COPY(s, v);
    ES_PREFETCH(&d->succ_first[v]);
  }
  if (i + AHEAD_ARCS < n) {
    int v = order[i + AHEAD_ARCS].task;
    ES_PREFETCH(&d->succ[d->succ_first[v]]);
    ES_PREFETCH(&p->value[ES_OBJ_TIME][(long)v * p->nlabels + s->label[v]]);
  }
  if (i + AHEAD_SUCCS < n) {
    int v = order[i + AHEAD_SUCCS].task;
    for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++) {
      int c = d->succ[k].task;
      ASK_COPY(s, c);
      ES_PREFETCH(&d->pred_first[c]);
    }
  }
  if (i + AHEAD_SIBLINGS < n) {
    int v = order[i + AHEAD_SIBLINGS].task;
    for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++)
      for (int c = d->succ[k].task, j = d->pred_first[c]; j < d->pred_first[c + 1]; j++) {
        ASK_COPY(s, d->pred[j].task);
        if (d->pred[j].item >= 0)
          ES_PREFETCH(&p->item_weight[ES_OBJ_TIME][d->pred[j].item]);
      }
  }
  return &order[i];
}

int es_dvfs_sweep(const EsProblem *p, EsDvfsState *st, EsSolution *s, bool by_start,
                  EsDvfsStep step, double horizon) {
  CopyRef *order = copies_sorted(s, by_start);
  int rc = order ? ES_OK : ES_ENOMEM;
  for (int i = 0, n = s->ntasks + s->ndups; !rc && i < n; i++) {
    const CopyRef *c = step_at(p, st, s, order, i, n);
    rc = step(p, st, s, c->task, c->copy, horizon);
  }
  free(order);
  return rc;
}

int es_dvfs_set_copy(const EsProblem *p, EsDvfsState *st, EsSolution *s, int v, int copy, int label,
                     double start) {
  double finish = start + es_timed_task_time(p, v, label);
  int dev = p->label_device[label];
  double old = es_copy_at(p, s, v, copy).start;
  if (copy < 0)
    s->label[v] = label, s->start[v] = start, s->finish[v] = finish;
  else
    s->dups[copy] = (EsDuplicate){v, label, start, finish};
  return es_timeline_move(&st->tl, dev, old, v, copy, (EsSlot){start, finish, v, copy});
}
