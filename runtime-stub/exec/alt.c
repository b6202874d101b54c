/* ESCHED_PROFILE_MODE=all-devices (docs/runtime.md, "Profiling"): every
 * task also runs on every other device it has a usable variant for, on
 * scratch copies of its data (scratch.h), so that one run measures every
 * cost, as Silberstein 2011 (Section 6) measured each task on both the CPU
 * and the GPU. The extra runs come first, while the task's inputs are
 * still as the scheduled variant will see them; the scheduled variant runs
 * last, on the real data, and its results are the ones the program keeps.
 * Extra runs are timed for the profile (at level 0 of their device) and
 * not charged to the model's accounting.
 *
 * ESCHED_CHECK=1 adds, before those, the check's runs (check.h) of every
 * variant on a sim device, the scheduled one included: they are neither
 * timed nor charged. */
#include "runtime-stub/exec/alt.h"

#include <stdlib.h>
#include <string.h>

#include "runtime-stub/core/state.h"
#include "runtime-stub/exec/check.h"
#include "runtime-stub/exec/device.h"
#include "runtime-stub/exec/tasks.h"
#include "runtime-stub/memory/scratch.h"
#include "runtime-stub/profile/profiling.h"

/* The inline form's pass through the extra runs (EsrtRun.alt). */
typedef struct RtAltRun {
  const RtTaskInfo *ti;
  RtPlace real;      /* the scheduled variant's placement */
  double real_model; /* its model time, or -1 */
  void **real_ptr;   /* [nacc]: its addresses */
  int *vars;         /* the measured extra runs' variants (all-devices) */
  int nvars, at;     /* how many, and the next */
  int *checks;       /* the checked variants (ESCHED_CHECK) */
  int nchecks, check_at;
  RtCheck *check; /* the check in progress, whose run is in progress */
  RtScratch sc;   /* the copies of the measured run in progress */
} RtAltRun;

static const char *key_of(const RtTaskInfo *ti) {
  return ti->task->key ? ti->task->key : ti->task->name ? ti->task->name : "(unnamed)";
}

/* The first usable variant of every device but dev (with a function when
 * need_fn), into out[nvariants]; returns how many. */
static int others(const RtTaskInfo *ti, int dev, bool need_fn, int *out) {
  int n = 0;
  for (int v = 0; v < ti->task->nvariants; v++) {
    int d = ti->var_device[v];
    if (d >= 0 && d != dev && rt_task_variant_on(ti, d) == v &&
        (!need_fn || ti->task->variants[v].fn))
      out[n++] = v;
  }
  return n;
}

/* The first usable variant of every device that the check watches. */
static int watched(const RtState *s, const RtTaskInfo *ti, int *out) {
  int n = 0;
  for (int v = 0; s->check && v < ti->task->nvariants; v++) {
    int d = ti->var_device[v];
    if (d >= 0 && rt_task_variant_on(ti, d) == v && rt_check_watches_locked(s, ti, v))
      out[n++] = v;
  }
  return n;
}

static bool open_copies(RtState *s, const RtTaskInfo *ti, RtScratch *sc, int from_dev,
                        void *const *src, int to_dev, bool in_place, const EsrtAccess *acc, int n,
                        void **ptr) {
  if (rt_scratch_open(sc, &s->reg, s->dev_space[from_dev], src, s->dev_space[to_dev], in_place, 0,
                      acc, n, ptr) == ES_OK)
    return true;
  rt_warn_locked(s,
                 "all-devices: no room for copies of the data of task '%s' on device '%s'; "
                 "it is not measured there",
                 key_of(ti), s->pf->devices[to_dev].name);
  return false;
}

/* One extra run of the submit form: copies, the call (unlocked), a sample. */
static void call_one(RtState *s, const RtTaskInfo *ti, const RtPlace *p, int v,
                     const EsrtAccess *acc, int n, void *const *ptr, void **aptr,
                     const void *args) {
  int d = ti->var_device[v];
  RtScratch sc;
  if (!open_copies(s, ti, &sc, p->device, ptr, d, false, acc, n, aptr))
    return;
  rt_exec_set_level_locked(s, d, 0);
  double e0 = rt_meter_read_locked(s, rt_meter_of(s, d));
  rt_state_unlock(s);
  RtRan ran = rt_exec_run(s, d, ti->task->variants[v].fn, aptr, args, true);
  rt_state_lock(s);
  rt_profile_sample_locked(s, ti, d, 0, ran.wall - ran.setup, e0, acc, n);
  s->extra_runs++;
  rt_scratch_close(&sc, &s->reg);
}

/* The check's runs of variant v of the submit form (unlocked calls). */
static void check_calls(RtState *s, const RtTaskInfo *ti, const RtPlace *p, int v,
                        const EsrtAccess *acc, int n, void *const *ptr, void **aptr,
                        const void *args) {
  RtCheck *c = rt_check_open_locked(s, ti, v, s->dev_space[p->device], ptr, acc, n);
  while (c && rt_check_next(c, aptr)) {
    rt_state_unlock(s);
    ti->task->variants[v].fn(aptr, args);
    rt_exec_sync(s, ti->var_device[v]);
    rt_state_lock(s);
    rt_check_done(c);
  }
  if (c)
    rt_check_close_locked(s, c);
}

void rt_alt_call_locked(RtState *s, const RtTaskInfo *ti, const RtPlace *p, const EsrtAccess *acc,
                        int n, void *const *ptr, const void *args) {
  int *vars = malloc(sizeof(int) * ((size_t)ti->task->nvariants + 1));
  void **aptr = malloc(sizeof(void *) * ((size_t)n + 1));
  if (!vars || !aptr)
    rt_warn_locked(s, "out of memory: all-devices runs skipped");
  int nc = vars && aptr ? watched(s, ti, vars) : 0;
  for (int k = 0; k < nc; k++)
    if (ti->task->variants[vars[k]].fn)
      check_calls(s, ti, p, vars[k], acc, n, ptr, aptr, args);
  int nv = vars && aptr && s->all_devices ? others(ti, p->device, true, vars) : 0;
  for (int k = 0; k < nv; k++)
    call_one(s, ti, p, vars[k], acc, n, ptr, aptr, args);
  free(vars);
  free(aptr);
}

static void free_alt(RtAltRun *a) {
  if (!a)
    return;
  free(a->real_ptr);
  free(a->vars);
  free(a->checks);
  free(a);
}

/* Runs variant v on device d for r, neither timed for the model nor at the
 * scheduled level. */
static void run_as(RtState *s, EsrtRun *r, int v, int d) {
  rt_exec_set_level_locked(s, d, 0);
  r->variant = v, r->device = d, r->level = 0;
  r->model_time = -1;
  r->measure = 1;
}

/* Switches r to the next run of the check in progress, or of the next
 * checked variant; false when none is left. */
static bool next_check(RtState *s, RtAltRun *a, EsrtRun *r) {
  for (;;) {
    if (a->check && rt_check_next(a->check, r->ptr)) {
      int v = a->checks[a->check_at - 1];
      run_as(s, r, v, a->ti->var_device[v]);
      return true;
    }
    if (a->check)
      rt_check_close_locked(s, a->check);
    a->check = NULL;
    if (a->check_at >= a->nchecks)
      return false;
    int v = a->checks[a->check_at++];
    a->check = rt_check_open_locked(s, a->ti, v, s->dev_space[a->real.device], a->real_ptr, r->acc,
                                    r->nacc);
  }
}

/* Switches r to extra run a->at (or a later one whose copies fit); false
 * when none is left. An inline host variant names the program's own
 * variables: its copies are host memory itself, saved and restored. */
static bool start_next(RtState *s, RtAltRun *a, EsrtRun *r) {
  if (next_check(s, a, r))
    return true;
  for (; a->at < a->nvars; a->at++) {
    int v = a->vars[a->at], d = a->ti->var_device[v];
    bool host = s->dev_space[d] == 0;
    if (!open_copies(s, a->ti, &a->sc, a->real.device, a->real_ptr, d, host, r->acc, r->nacc,
                     r->ptr))
      continue;
    run_as(s, r, v, d);
    a->at++;
    return true;
  }
  return false;
}

/* Back to the scheduled variant: its addresses, level and model time. */
static void restore_real(RtState *s, RtAltRun *a, EsrtRun *r) {
  memcpy(r->ptr, a->real_ptr, sizeof(void *) * (size_t)r->nacc);
  rt_exec_set_level_locked(s, a->real.device, a->real.level);
  r->variant = a->real.variant, r->device = a->real.device, r->level = a->real.level;
  r->model_time = a->real_model;
  r->measure = 1; /* a profiling run measures every task */
  r->alt = NULL;
  free_alt(a);
}

void rt_alt_begin_locked(RtState *s, const RtTaskInfo *ti, EsrtRun *r) {
  RtAltRun *a = calloc(1, sizeof *a);
  if (a) {
    a->vars = malloc(sizeof(int) * ((size_t)ti->task->nvariants + 1));
    a->real_ptr = malloc(sizeof(void *) * ((size_t)r->nacc + 1));
  }
  if (a)
    a->checks = malloc(sizeof(int) * ((size_t)ti->task->nvariants + 1));
  if (!a || !a->vars || !a->real_ptr || !a->checks) {
    rt_warn_locked(s, "out of memory: all-devices runs skipped");
    free_alt(a);
    return;
  }
  a->ti = ti;
  a->real = (RtPlace){r->variant, r->device, r->level, r->ready, r->bytes,
                      rt_task_size(r->acc, r->nacc)};
  a->real_model = r->model_time;
  memcpy(a->real_ptr, r->ptr, sizeof(void *) * (size_t)r->nacc);
  a->nvars = s->all_devices ? others(ti, r->device, false, a->vars) : 0;
  a->nchecks = watched(s, ti, a->checks);
  r->alt = a;
  if (!start_next(s, a, r))
    restore_real(s, a, r);
}

void rt_alt_step_locked(RtState *s, EsrtRun *r, double seconds) {
  RtAltRun *a = r->alt;
  if (a->check) {
    rt_check_done(a->check);
  } else {
    rt_profile_sample_locked(s, a->ti, r->device, r->level, seconds, r->energy, r->acc, r->nacc);
    s->extra_runs++;
    rt_scratch_close(&a->sc, &s->reg);
  }
  if (!start_next(s, a, r))
    restore_real(s, a, r);
}
