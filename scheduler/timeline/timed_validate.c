/* The validator of timed schedules (timed.h). It trusts nothing the
 * scheduler computed: durations come from the problem's times at each
 * copy's label, arrivals from the transfer times, and overlaps from sorting
 * each processor's copies. A copy c of task v on processor k is valid when
 *
 *   finish(c) - start(c) = T(v, label(c))
 *   start(c) >= max_{u in pred(v)} min_{copies u' of u} (finish(u') + C(u', c))
 *
 * and no two copies on k overlap. O((V + E) * copies + copies log copies);
 * the DAG comes from the problem's cache, where the scheduler left it.
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/base/prefetch.h"
#include "scheduler/model/dag.h"
#include "scheduler/model/solution.h"
#include "scheduler/timeline/timeline.h"

typedef struct Copy {
  int task, label;
  double start, finish;
  int dup; /* -1 for the task's own copy */
} Copy;

static Copy copy_of(const EsSolution *s, int i) {
  if (i < s->ntasks)
    return (Copy){i, s->label[i], s->start[i], s->finish[i], -1};
  const EsDuplicate *x = &s->dups[i - s->ntasks];
  return (Copy){x->task, x->label, x->start, x->finish, i - s->ntasks};
}

/* Checking copies in index order reads each one's entry of the table of
 * times: one cache line of its row of every level of every device, a
 * stream whose stride the labels break, out of the cache beyond 10^4 tasks
 * (73 MB at 10^5 on EASEF's 16 processors). Asked for AHEAD copies ahead,
 * the misses overlap: 0.30 -> 0.27 us per copy at 10^5, the same at 10^4
 * (asking for the predecessors' copies too cost 10 % at 10^4 and gained
 * nothing more). Returns copy i, so that GCC keeps the prefetch
 * (prefetch.h). */
enum { AHEAD = 16 };

static Copy next_copy(const EsProblem *p, const EsSolution *s, int i) {
  int n = s->ntasks + s->ndups;
  if (i + AHEAD < n) {
    Copy f = copy_of(s, i + AHEAD);
    if (f.label >= 0 && f.label < p->nlabels)
      ES_PREFETCH(&p->value[ES_OBJ_TIME][(long)f.task * p->nlabels + f.label]);
  }
  return copy_of(s, i);
}

static bool close_enough(double a, double b, double tol) {
  double scale = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
  return fabs(a - b) <= tol * (scale > 1 ? scale : 1);
}

static const char *what(const Copy *c) { return c->dup < 0 ? "task" : "duplicate of task"; }

static int check_copy(const EsProblem *p, const EsDag *d, const EsSolution *s, const int *first_dup,
                      const int *next_dup, const Copy *c, double tol, EsError *err) {
  if (c->label < 0 || c->label >= p->nlabels)
    return es_error_set(err, ES_EINVAL, NULL, 0, 0, "%s %d has no valid label", what(c), c->task);
  double w = es_timed_task_time(p, c->task, c->label);
  if (isinf(w) || !isfinite(c->start) || c->start < -tol)
    return es_error_set(err, ES_EINVAL, NULL, 0, 0, "%s %d: bad start %g or forbidden label",
                        what(c), c->task, c->start);
  if (!close_enough(c->finish - c->start, w, tol))
    return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                        "%s %d lasts %.17g but its time at label %d is %.17g", what(c), c->task,
                        c->finish - c->start, c->label, w);
  int dev = p->label_device[c->label];
  for (int k = d->pred_first[c->task]; k < d->pred_first[c->task + 1]; k++) {
    int u = d->pred[k].task, item = d->pred[k].item;
    double best = s->finish[u] + es_timed_comm(p, item, p->label_device[s->label[u]], dev);
    for (int i = first_dup[u]; i >= 0; i = next_dup[i]) {
      const EsDuplicate *x = &s->dups[i];
      double a = x->finish + es_timed_comm(p, item, p->label_device[x->label], dev);
      best = a < best ? a : best;
    }
    if (best > c->start && !close_enough(best, c->start, tol))
      return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                          "%s %d starts at %.17g before the data of task %d arrives at %.17g",
                          what(c), c->task, c->start, u, best);
  }
  return ES_OK;
}

typedef struct Key {
  int dev;
  double start, finish;
  int task, dup;
} Key;

static int cmp_key(const void *x, const void *y) {
  const Key *a = x, *b = y;
  if (a->dev != b->dev)
    return a->dev < b->dev ? -1 : 1;
  if (a->start != b->start)
    return a->start < b->start ? -1 : 1;
  return (a->finish > b->finish) - (a->finish < b->finish);
}

/* Copies on one processor must not overlap: sorted by processor and
 * start, each must end before the next begins. O(copies log copies). */
static int check_overlaps(const EsProblem *p, const EsSolution *s, double tol, EsError *err) {
  int n = s->ntasks + s->ndups;
  Key *k = malloc(((size_t)n + 1) * sizeof *k);
  if (!k)
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  for (int i = 0; i < n; i++) {
    Copy c = copy_of(s, i);
    k[i] = (Key){p->label_device[c.label], c.start, c.finish, c.task, c.dup};
  }
  qsort(k, (size_t)n, sizeof *k, cmp_key);
  int rc = ES_OK;
  for (int i = 1; i < n && !rc; i++) {
    if (k[i].dev != k[i - 1].dev)
      continue;
    if (k[i - 1].finish > k[i].start && !close_enough(k[i - 1].finish, k[i].start, tol))
      rc = es_error_set(err, ES_EINVAL, NULL, 0, 0,
                        "tasks %d and %d overlap on device %s ([%g, %g] and [%g, %g])",
                        k[i - 1].task, k[i].task, p->device_names[k[i].dev], k[i - 1].start,
                        k[i - 1].finish, k[i].start, k[i].finish);
  }
  free(k);
  return rc;
}

/* A duplicate must not share a processor with another copy of its task.
 * Each pair of a task's copies is compared once; a task with more copies
 * than processors has two on one, so this is O(copies * processors). */
static int check_duplicates(const EsProblem *p, const EsSolution *s, const int *first,
                            const int *next, EsError *err) {
  for (int t = 0; t < s->ntasks; t++)
    for (int i = first[t]; i >= 0; i = next[i]) {
      int dev = p->label_device[s->dups[i].label];
      bool clash = p->label_device[s->label[t]] == dev;
      for (int j = next[i]; j >= 0 && !clash; j = next[j])
        clash = p->label_device[s->dups[j].label] == dev;
      if (clash)
        return es_error_set(err, ES_EINVAL, NULL, 0, 0, "task %d has two copies on device %s", t,
                            p->device_names[dev]);
    }
  return ES_OK;
}

int es_timed_validate(const EsProblem *p, const EsSolution *s, double tol, EsError *err) {
  if (!s->start || !s->finish)
    return es_error_set(err, ES_EINVAL, NULL, 0, 0, "the schedule is not timed");
  EsDag d;
  if (es_dag_build(p, &d, err))
    return err ? err->code : ES_EINVAL;
  int *first = malloc(((size_t)s->ntasks + 1) * sizeof(int));
  int *next = malloc(((size_t)s->ndups + 1) * sizeof(int));
  int rc = first && next ? ES_OK : es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  for (int v = 0; !rc && v < s->ntasks; v++)
    first[v] = -1;
  for (int i = 0; !rc && i < s->ndups; i++) {
    int t = s->dups[i].task;
    if (t < 0 || t >= s->ntasks)
      rc = es_error_set(err, ES_EINVAL, NULL, 0, 0, "duplicate %d names no task", i);
    else
      next[i] = first[t], first[t] = i;
  }
  for (int i = 0; !rc && i < s->ntasks + s->ndups; i++) {
    Copy c = next_copy(p, s, i);
    rc = check_copy(p, &d, s, first, next, &c, tol, err);
  }
  if (!rc)
    rc = check_overlaps(p, s, tol, err);
  if (!rc)
    rc = check_duplicates(p, s, first, next, err);
  free(first), free(next);
  es_dag_free(&d);
  return rc;
}
