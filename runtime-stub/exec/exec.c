/* Executors (docs/runtime.md, "Executors"): placing and running one task
 * instance, and running a batch either serially (one device busy at a time:
 * the calling thread runs every task in submission order) or concurrently
 * (one worker thread per device; each takes its device's tasks in submission
 * order, each starting once its predecessors are done: Silberstein 2011,
 * Section 6.2, a CPU thread and a GPU manager thread). */
#include "runtime-stub/exec/exec.h"

#include <stdlib.h>
#include <string.h>

#include "runtime-stub/core/state.h"
#include "runtime-stub/exec/alt.h"
#include "runtime-stub/exec/check.h"
#include "runtime-stub/exec/device.h"
#include "runtime-stub/exec/tasks.h"
#include "runtime-stub/profile/profiling.h"

void rt_exec_place_locked(RtState *s, const RtTaskInfo *ti, int variant, int device, int level,
                          const EsrtAccess *acc, int n, void **ptr, RtPlace *p) {
  *p = (RtPlace){variant, device, level, 0, 0, rt_task_size(acc, n)};
  for (int i = 0; i < n; i++)
    p->bytes += (double)acc[i].bytes;
  rt_exec_set_level_locked(s, device, level);
  double clock = 0;
  int rc;
  for (;;) {
    if (clock < s->acct.dev[device].free_at)
      clock = s->acct.dev[device].free_at;
    if (s->acct.tracing)
      rt_item_names_place(&s->names, ti->task, acc, n);
    rc = rt_registry_acquire(&s->reg, s->dev_space[device], acc, n, ptr, &clock, &p->ready);
    if (rc != ES_EBUSY)
      break;
    /* A buffer these ranges need is in use by a task another thread runs:
     * wait for its end (it waits for nothing, it only needs the lock). */
    pthread_cond_wait(&s->cond, &s->lock);
  }
  if (rc && s->dev_space[device] != 0) {
    rt_warn_locked(s, "device '%s' cannot hold the data of task '%s'; such tasks run on the host",
                   s->pf->devices[device].name, ti->task->key ? ti->task->key : "?");
    s->fallbacks++;
    p->variant = ti->host_variant, p->device = s->host, p->level = 0;
    clock = s->acct.dev[s->host].free_at;
    rc = rt_registry_acquire(&s->reg, 0, acc, n, ptr, &clock, &p->ready);
  }
  rt_item_names_place(&s->names, NULL, NULL, 0);
  if (rc) { /* host memory only: hand the host addresses out unchanged */
    rt_warn_locked(s, "out of memory in the data registry; data may be stale");
    for (int i = 0; i < n; i++)
      ptr[i] = (void *)acc[i].ptr;
  }
}

/* The task's ranges are no longer in use: threads waiting to move a buffer
 * of theirs (rt_exec_place_locked) may go on. */
static void release_locked(RtState *s, int device, const EsrtAccess *acc, int n, double finish) {
  rt_registry_release(&s->reg, s->dev_space[device], acc, n, finish);
  if (s->dev_space[device] > 0)
    pthread_cond_broadcast(&s->cond);
}

void rt_exec_finish_locked(RtState *s, const RtTaskInfo *ti, const RtPlace *p, double seconds,
                           double wall_start, double wall, const EsrtAccess *acc, int n) {
  const char *key = ti->task->key ? ti->task->key : ti->task->name;
  int first = s->acct.nev;
  double finish = rt_account_task(&s->acct, p->device, p->level, seconds, p->ready, key, p->bytes);
  if (wall >= 0)
    rt_account_measured(&s->acct, first, wall_start, wall);
  release_locked(s, p->device, acc, n, finish);
}

void rt_exec_call_locked(RtState *s, const RtTaskInfo *ti, int variant, int device, int level,
                         const EsrtAccess *acc, int n, const void *args) {
  void *small[16], **ptr = n <= 16 ? small : malloc(sizeof(void *) * (size_t)n);
  if (!ptr) {
    rt_warn_locked(s, "out of memory: a task was not run");
    return;
  }
  RtPlace p;
  rt_exec_place_locked(s, ti, variant, device, level, acc, n, ptr, &p);
  EsrtFn fn = ti->task->variants[p.variant].fn;
  if (!fn) {
    rt_warn_locked(s, "task '%s' was submitted, but its variant %d has no function",
                   ti->task->key ? ti->task->key : "?", p.variant);
    release_locked(s, p.device, acc, n, p.ready);
  } else {
    if (s->check)
      rt_check_access_locked(s, ti->task, acc, n);
    if ((s->all_devices || s->check) && !(ti->task->flags & ESRT_NO_REPLAY))
      rt_alt_call_locked(s, ti, &p, acc, n, ptr, args); /* before the inputs change */
    double model = rt_task_model_time(s, ti, p.variant, p.device, p.level, p.size);
    bool profiling = s->measured != NULL, measure = model < 0 || profiling || s->cfg.trace_wall;
    double e0 = profiling ? rt_meter_read_locked(s, rt_meter_of(s, p.device)) : -1;
    rt_state_unlock(s);
    RtRan ran = rt_exec_run(s, p.device, fn, ptr, args, measure);
    double task = ran.wall - ran.setup;
    rt_state_lock(s);
    if (profiling)
      rt_profile_sample_locked(s, ti, p.device, p.level, task, e0, acc, n);
    rt_exec_finish_locked(s, ti, &p, model >= 0 ? model : task, ran.start, measure ? ran.wall : -1,
                          acc, n);
  }
  if (ptr != small)
    free(ptr);
}

static void run_inst_locked(RtState *s, RtBatch *b, int i) {
  const RtInst *in = &b->v[i];
  rt_exec_call_locked(s, in->info, in->variant, in->device, in->level, &b->acc[in->acc], in->nacc,
                      in->args_size ? b->args + in->args : NULL);
}

/* The worker of one device: runs the head of its queue once the head's
 * predecessors are done, until told to stop. */
static void *worker_main(void *arg) {
  RtWorker *w = arg;
  RtState *s = w->state;
  rt_state_lock(s);
  for (;;) {
    RtRun *r = s->run;
    int d = w->device;
    if (s->stopping)
      break;
    if (!r || r->qpos[d] == r->qfirst[d + 1] || r->waiting[r->queue[r->qpos[d]]] > 0) {
      pthread_cond_wait(&s->cond, &s->lock);
      continue;
    }
    int i = r->queue[r->qpos[d]++];
    run_inst_locked(s, r->batch, i);
    for (int k = r->deps->succ_first[i]; k < r->deps->succ_first[i + 1]; k++)
      r->waiting[r->deps->succ[k]]--;
    r->done++;
    pthread_cond_broadcast(&s->cond);
  }
  rt_state_unlock(s);
  return NULL;
}

static bool start_worker(RtState *s, int d) {
  if (!s->workers && !(s->workers = calloc((size_t)s->pf->ndevices, sizeof *s->workers)))
    return false;
  RtWorker *w = &s->workers[d];
  if (w->started)
    return true;
  w->state = s;
  w->device = d;
  w->started = pthread_create(&w->thread, NULL, worker_main, w) == 0;
  return w->started;
}

void rt_exec_stop_workers_locked(RtState *s) {
  if (!s->workers)
    return;
  s->stopping = true;
  pthread_cond_broadcast(&s->cond);
  rt_state_unlock(s);
  for (int d = 0; d < s->pf->ndevices; d++)
    if (s->workers[d].started)
      pthread_join(s->workers[d].thread, NULL);
  rt_state_lock(s);
  for (int d = 0; d < s->pf->ndevices; d++)
    s->workers[d].started = false;
  s->stopping = false;
}

/* Per-device queues in submission order (counting sort by device). */
static bool build_run(RtState *s, RtBatch *b, RtDeps *d, RtRun *r) {
  int nd = s->pf->ndevices;
  *r = (RtRun){b,
               d,
               malloc(sizeof(int) * (size_t)b->len),
               calloc((size_t)nd + 1, sizeof(int)),
               calloc((size_t)nd + 1, sizeof(int)),
               malloc(sizeof(int) * (size_t)b->len),
               0};
  if (!r->queue || !r->qfirst || !r->qpos || !r->waiting)
    return false;
  for (int i = 0; i < b->len; i++)
    r->qfirst[b->v[i].device + 1]++;
  for (int k = 0; k < nd; k++)
    r->qfirst[k + 1] += r->qfirst[k];
  memcpy(r->qpos, r->qfirst, sizeof(int) * (size_t)nd);
  for (int i = 0; i < b->len; i++)
    r->queue[r->qpos[b->v[i].device]++] = i;
  memcpy(r->qpos, r->qfirst, sizeof(int) * (size_t)nd);
  memcpy(r->waiting, d->npred, sizeof(int) * (size_t)b->len);
  for (int k = 0; k < nd; k++)
    if (r->qfirst[k + 1] > r->qfirst[k] && !start_worker(s, k))
      return false;
  return true;
}

static void free_run(RtRun *r) {
  free(r->queue);
  free(r->qfirst);
  free(r->qpos);
  free(r->waiting);
}

void rt_exec_after_fork_locked(RtState *s) {
  for (int d = 0; s->workers && d < s->pf->ndevices; d++)
    s->workers[d].started = false; /* never joined: not this process's */
  if (s->run) /* on the flushing thread's stack, copied here with the rest of memory */
    free_run(s->run);
  if (s->flush_deps)
    rt_deps_free(s->flush_deps);
  s->run = NULL;
  s->flush_deps = NULL;
  s->stopping = false;
  if (s->flushing)
    rt_batch_clear(&s->running);
  s->flushing = false;
}

void rt_exec_batch_locked(RtState *s, RtBatch *b, RtDeps *d) {
  RtRun r;
  if (s->cfg.executor == RT_EXEC_CONCURRENT && d && b->len > 0) {
    if (build_run(s, b, d, &r)) {
      s->run = &r;
      pthread_cond_broadcast(&s->cond);
      while (r.done < b->len)
        pthread_cond_wait(&s->cond, &s->lock);
      s->run = NULL;
      free_run(&r);
      return;
    }
    free_run(&r);
    rt_warn_locked(s, "cannot start the concurrent executor's threads; running serially");
  }
  for (int i = 0; i < b->len; i++)
    run_inst_locked(s, b, i);
}
