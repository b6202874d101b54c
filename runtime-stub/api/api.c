/* The functions of esched_rt.h: the entry points generated code calls. Each
 * takes the state's lock, works through the internal modules and returns;
 * only variants run without the lock. When the runtime could not start
 * (out of memory), tasks run their host variant on host memory. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "esched_rt.h"
#include "runtime-stub/core/state.h"
#include "runtime-stub/exec/alt.h"
#include "runtime-stub/exec/check.h"
#include "runtime-stub/exec/device.h"
#include "runtime-stub/exec/exec.h"
#include "runtime-stub/exec/flush.h"
#include "runtime-stub/exec/tasks.h"
#include "runtime-stub/memory/mem.h"
#include "runtime-stub/profile/profiling.h"

/* The variant to run without a runtime: the first on "cpu", else the first. */
static int bare_variant(const EsrtTask *t) {
  for (int v = 0; v < t->nvariants; v++)
    if (t->variants[v].device && strcmp(t->variants[v].device, "cpu") == 0)
      return v;
  return 0;
}

static int bare_begin(EsrtRun *r, const EsrtTask *t, const EsrtAccess *acc, int nacc, void **ptr) {
  for (int i = 0; i < nacc; i++)
    ptr[i] = (void *)acc[i].ptr;
  r->task = NULL;
  r->alt = NULL;
  return bare_variant(t);
}

/* esrt_task_begin, and esrt_task_first when loop (the caller runs every
 * variant esrt_task_next returns: all-devices mode may add extra runs). */
static int begin(EsrtRun *r, const EsrtTask *t, const EsrtAccess *acc, int nacc, void **ptr,
                 bool loop) {
  RtState *s = rt_state_locked_for(t->unit);
  const RtTaskInfo *ti = s ? (rt_flush_locked(s), rt_task_info_locked(s, t)) : NULL;
  if (!ti) {
    if (s)
      rt_state_unlock(s);
    return bare_begin(r, t, acc, nacc, ptr);
  }
  int v = ti->variant, dev = ti->device, level = ti->level;
  if ((t->flags & ESRT_DEFERRED) && !ti->overridden)
    rt_place_alone_locked(s, ti, acc, nacc, &v, &dev, &level);
  RtPlace p;
  rt_exec_place_locked(s, ti, v, dev, level, acc, nacc, ptr, &p);
  double model = rt_task_model_time(s, ti, p.variant, p.device, p.level, p.size);
  bool profiling = s->measured != NULL, measure = model < 0 || profiling || s->cfg.trace_wall;
  *r = (EsrtRun){t,     acc,     nacc,    p.variant, p.device, p.level, 0,
                 model, p.ready, p.bytes, ptr,       NULL,     -1,      measure};
  if (s->check)
    rt_check_access_locked(s, t, acc, nacc);
  if (loop && (s->all_devices || s->check) && !(t->flags & ESRT_NO_REPLAY))
    rt_alt_begin_locked(s, ti, r);
  if (profiling)
    r->energy = rt_meter_read_locked(s, rt_meter_of(s, r->device));
  rt_exec_enter(s, r->device);
  rt_state_unlock(s);
  r->start = r->measure ? rt_now() : 0; /* without a model time, profiling, or tracing it */
  return r->variant;
}

int esrt_task_begin(EsrtRun *r, const EsrtTask *t, const EsrtAccess *acc, int nacc, void **ptr) {
  return begin(r, t, acc, nacc, ptr, false);
}

int esrt_task_first(EsrtRun *r, const EsrtTask *t, const EsrtAccess *acc, int nacc, void **ptr) {
  return begin(r, t, acc, nacc, ptr, true);
}

void esrt_task_end(EsrtRun *r) {
  if (!r->task)
    return;
  RtState *s = rt_state_locked();
  if (!s)
    return;
  rt_exec_sync(s, r->device);
  double wall = r->measure ? rt_now() - r->start : 0, task = wall - rt_mem_setup();
  rt_exec_enter(s, -1);
  const RtTaskInfo *ti = rt_task_info_locked(s, r->task);
  /* acc lives until here (esched_rt.h) */
  RtPlace p = {r->variant, r->device, r->level, r->ready, r->bytes, rt_task_size(r->acc, r->nacc)};
  if (ti && s->measured)
    rt_profile_sample_locked(s, ti, p.device, p.level, task, r->energy, r->acc, r->nacc);
  if (ti)
    rt_exec_finish_locked(s, ti, &p, r->model_time >= 0 ? r->model_time : task, r->start,
                          r->measure ? wall : -1, r->acc, r->nacc);
  rt_state_unlock(s);
  r->task = NULL;
}

int esrt_task_next(EsrtRun *r) {
  if (!r->alt) { /* the scheduled variant ran: the task is done */
    esrt_task_end(r);
    return -1;
  }
  RtState *s = rt_state_locked();
  rt_exec_sync(s, r->device);
  rt_alt_step_locked(s, r, rt_now() - r->start - rt_mem_setup());
  r->energy = rt_meter_read_locked(s, rt_meter_of(s, r->device));
  rt_exec_enter(s, r->device);
  rt_state_unlock(s);
  r->start = rt_now();
  return r->variant;
}

void esrt_register_unit(const EsrtUnit *u) {
  RtState *s = u ? rt_state_locked_for(u) : NULL;
  if (!s)
    return;
  rt_profile_register_locked(s, u);
  rt_state_unlock(s);
}

static void bare_submit(const EsrtTask *t, const EsrtAccess *acc, int nacc, const void *args) {
  void *ptr[64];
  EsrtFn fn = t->variants[bare_variant(t)].fn;
  for (int i = 0; i < nacc && i < 64; i++)
    ptr[i] = (void *)acc[i].ptr;
  if (fn && nacc <= 64)
    fn(ptr, args);
}

void esrt_submit(const EsrtTask *t, const EsrtAccess *acc, int nacc, const void *args,
                 size_t args_size) {
  RtState *s = rt_state_locked_for(t->unit);
  const RtTaskInfo *ti = s ? rt_task_info_locked(s, t) : NULL;
  if (!ti) {
    if (s)
      rt_state_unlock(s);
    bare_submit(t, acc, nacc, args);
    return;
  }
  bool deferred = (t->flags & ESRT_DEFERRED) && !ti->overridden;
  if (!deferred && s->cfg.executor == RT_EXEC_SERIAL && s->pending.len == 0) {
    rt_exec_call_locked(s, ti, ti->variant, ti->device, ti->level, acc, nacc,
                        args_size ? args : NULL);
  } else {
    int i = rt_batch_add(&s->pending, ti, acc, nacc, args, args_size);
    if (i < 0) { /* cannot record it: run what is pending, then this task alone */
      rt_flush_locked(s);
      rt_exec_call_locked(s, ti, ti->variant, ti->device, ti->level, acc, nacc,
                          args_size ? args : NULL);
    } else {
      RtInst *in = &s->pending.v[i];
      in->deferred = deferred;
      in->variant = ti->variant, in->device = ti->device, in->level = ti->level;
      s->pending.ndeferred += deferred;
      if (s->pending.len >= s->cfg.defer_max)
        rt_flush_locked(s);
    }
  }
  rt_state_unlock(s);
}

void esrt_host(const void *ptr, size_t bytes, int mode) {
  RtState *s = rt_state_locked();
  if (!s)
    return;
  if (s->pending.len && rt_batch_touches(&s->pending, (uintptr_t)ptr, bytes))
    rt_flush_locked(s);
  while (s->flushing) /* a batch another thread runs may write the range */
    pthread_cond_wait(&s->cond, &s->lock);
  EsrtAccess a = {ptr, bytes, mode, NULL};
  if (s->check)
    rt_check_access_locked(s, NULL, &a, 1);
  void *dummy;
  double clock = s->host_clock, ready;
  rt_item_names_window(&s->names, (uintptr_t)ptr, (uintptr_t)ptr + bytes);
  int rc = rt_registry_acquire(&s->reg, 0, &a, 1, &dummy, &clock, &ready);
  rt_item_names_window(&s->names, 0, UINTPTR_MAX);
  if (rc)
    rt_warn_locked(s, "out of memory in the data registry; data may be stale");
  else
    rt_registry_release(&s->reg, 0, &a, 1, ready);
  s->host_clock = clock > s->host_clock ? clock : s->host_clock;
  s->host_syncs++;
  rt_state_unlock(s);
}

void esrt_host_whole(const void *ptr, int mode) {
  RtState *s = rt_state_locked();
  if (!s)
    return;
  /* Tasks still pending may create the tracked ranges: run them first, or
   * wait for the batch another thread runs (OpenMP threads all reaching a
   * wait): until it is done, its ranges may not be tracked yet. */
  if (s->pending.len)
    rt_flush_locked(s);
  while (s->flushing)
    pthread_cond_wait(&s->cond, &s->lock);
  uintptr_t lo, hi;
  bool tracked = rt_registry_span(&s->reg, (uintptr_t)ptr, &lo, &hi);
  rt_state_unlock(s);
  if (tracked)
    esrt_host((const void *)lo, (size_t)(hi - lo), mode);
}

void esrt_region_end(void) {
  RtState *s = rt_state_locked();
  if (!s)
    return;
  rt_flush_locked(s);
  if (s->check)
    rt_check_region_end_locked(s);
  if (rt_registry_write_back(&s->reg, &s->host_clock))
    rt_warn_locked(s, "copying data back to the host failed");
  rt_state_unlock(s);
}

void esrt_check_noalias(const char *task, const EsrtAccess *acc, const char *const *names, int n) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      uintptr_t a = (uintptr_t)acc[i].ptr, b = (uintptr_t)acc[j].ptr;
      if (acc[i].bytes == 0 || acc[j].bytes == 0 || a + acc[i].bytes <= b || b + acc[j].bytes <= a)
        continue;
      fprintf(stderr,
              "esched: task '%s': data items '%s' and '%s' overlap, but esched assumes "
              "distinct items do not alias (docs/annotations.md)\n",
              task, names[i], names[j]);
      abort();
    }
}

void *esrt_dev(void *dev, const void *base, const void *host) {
  return dev ? (char *)dev + ((const char *)host - (const char *)base) : NULL;
}

void *esrt_dev_find(const EsrtTask *t, int arg, void *const *dev, const EsrtAccess *acc, int n,
                    const void *host) {
  uintptr_t h = (uintptr_t)host;
  for (int i = 0; host && i < n; i++) {
    uintptr_t p = (uintptr_t)acc[i].ptr;
    if (dev[i] && h >= p && h - p < acc[i].bytes)
      return (char *)dev[i] + (h - p);
  }
  RtState *s = host ? rt_state_locked() : NULL;
  if (s) {
    rt_warn_locked(s,
                   "task '%s': argument %d points into none of the task's data, so its device "
                   "variant gets a host address; name that data in a clause",
                   t->key    ? t->key
                   : t->name ? t->name
                             : "?",
                   arg + 1);
    rt_state_unlock(s);
  }
  return (void *)host;
}
