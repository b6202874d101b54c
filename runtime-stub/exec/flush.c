/* Flushing the pending region (docs/runtime.md, "Deferred mode"): the
 * dependencies of the pending tasks from their address ranges, a schedule
 * for the deferred ones (defer_plan.c), then the executor. An inline task
 * placed at run time is planned the same way, as a region of one. */
#include "runtime-stub/exec/flush.h"

#include <string.h>

#include "runtime-stub/core/state.h"
#include "runtime-stub/exec/defer_plan.h"
#include "runtime-stub/exec/exec.h"

/* Algorithm names are the scheduler registry's static strings or the
 * environment's, both alive for the whole run. */
static void count_algorithm(RtState *s, const char *algo) {
  int n = (int)(sizeof s->algo_names / sizeof *s->algo_names);
  for (int i = 0; i < n; i++) {
    if (!s->algo_names[i])
      s->algo_names[i] = algo;
    if (strcmp(s->algo_names[i], algo) == 0) {
      s->algo_counts[i]++;
      return;
    }
  }
}

static void plan(RtState *s, RtBatch *b, const RtDeps *d) {
  double t0 = rt_now();
  const char *algo = NULL;
  EsError err = {0};
  if (rt_plan_batch_locked(s, b, d, &algo, &err))
    rt_warn_locked(s, "deferred tasks could not be scheduled (%s); they run on the host",
                   err.message);
  else
    count_algorithm(s, algo);
  s->schedule_seconds += rt_now() - t0;
  s->deferred_tasks += b->ndeferred;
}

void rt_flush_locked(RtState *s) {
  while (s->flushing) /* another thread is flushing: its batch may hold our data */
    pthread_cond_wait(&s->cond, &s->lock);
  if (s->pending.len == 0)
    return;
  s->flushing = true;
  rt_batch_swap(&s->pending, &s->running);
  RtBatch *b = &s->running;
  RtDeps d;
  bool have_deps = rt_deps_build(b, &d) == ES_OK;
  if (!have_deps)
    rt_warn_locked(s, "out of memory finding task dependencies; running serially on the host");
  s->flush_deps = &d; /* for a child of fork, which frees them (exec.h) */
  if (b->ndeferred)
    plan(s, b, have_deps ? &d : NULL);
  if (b->ndeferred)
    s->flushes++;
  rt_exec_batch_locked(s, b, have_deps ? &d : NULL);
  rt_deps_free(&d);
  s->flush_deps = NULL;
  rt_batch_clear(b);
  s->flushing = false;
  pthread_cond_broadcast(&s->cond);
}

void rt_place_alone_locked(RtState *s, const RtTaskInfo *ti, const EsrtAccess *acc, int nacc,
                           int *variant, int *device, int *level) {
  /* Nothing is pending or running (the caller flushed and holds the lock):
   * the running batch's storage and plan graph are free to reuse. */
  RtBatch *b = &s->running;
  int i = rt_batch_add(b, ti, acc, nacc, NULL, 0);
  if (i < 0)
    return;
  b->v[i].deferred = true;
  b->ndeferred = 1;
  RtDeps d;
  bool have_deps = rt_deps_build(b, &d) == ES_OK;
  plan(s, b, have_deps ? &d : NULL);
  s->flushes++;
  *variant = b->v[i].variant, *device = b->v[i].device, *level = b->v[i].level;
  rt_deps_free(&d);
  rt_batch_clear(b);
}
