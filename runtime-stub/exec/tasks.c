/* Task descriptors resolved against the platform (state.h): which variants
 * can run here, the static choice of device and level (ESCHED_SCHEDULE over
 * the built-in table), and model times. Resolved once per descriptor and
 * kept in a map keyed by the descriptor's address. */
#include "runtime-stub/exec/tasks.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/core/state.h"
#include "runtime-stub/memory/mem.h"
#include "runtime-stub/profile/profiling.h"
#include "scheduler/base/vec.h"

static size_t slot_of(const EsrtTask *t, int cap) {
  uint64_t h = (uint64_t)(uintptr_t)t * 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 32) & (size_t)(cap - 1);
}

static RtTaskInfo *lookup(const RtTaskMap *m, const EsrtTask *t) {
  if (!m->cap)
    return NULL;
  for (size_t i = slot_of(t, m->cap);; i = (i + 1) & (size_t)(m->cap - 1)) {
    if (m->keys[i] == t)
      return m->vals[i];
    if (!m->keys[i])
      return NULL;
  }
}

static void place(RtTaskMap *m, const EsrtTask *t, RtTaskInfo *v) {
  size_t i = slot_of(t, m->cap);
  while (m->keys[i])
    i = (i + 1) & (size_t)(m->cap - 1);
  m->keys[i] = t;
  m->vals[i] = v;
  m->len++;
}

static int insert(RtTaskMap *m, const EsrtTask *t, RtTaskInfo *v) {
  if (2 * (m->len + 1) > m->cap) {
    RtTaskMap n = {NULL, NULL, m->cap ? m->cap * 2 : 64, 0};
    n.keys = calloc((size_t)n.cap, sizeof *n.keys);
    n.vals = calloc((size_t)n.cap, sizeof *n.vals);
    if (!n.keys || !n.vals) {
      free(n.keys);
      free(n.vals);
      return ES_ENOMEM;
    }
    for (int i = 0; i < m->cap; i++)
      if (m->keys[i])
        place(&n, m->keys[i], m->vals[i]);
    free(m->keys);
    free(m->vals);
    *m = n;
  }
  place(m, t, v);
  return ES_OK;
}

static void info_free(RtTaskInfo *ti) {
  if (!ti)
    return;
  free(ti->var_device);
  free(ti->top_time);
  free(ti->pred);
  free(ti->sized);
  free(ti);
}

void rt_tasks_free(RtTaskMap *m) {
  for (int i = 0; i < m->cap; i++)
    info_free(m->vals[i]);
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

int rt_task_variant_on(const RtTaskInfo *ti, int dev) {
  for (int v = 0; v < ti->task->nvariants; v++)
    if (ti->var_device[v] == dev)
      return v;
  return -1;
}

/* The launcher kinds of EsrtVariant.flags: a variant runs only where the
 * back end runs its kind. */
#define LAUNCHER_FLAGS (ESRT_VARIANT_CUDA | ESRT_VARIANT_OPENCL)

/* A variant can run on its device when the platform has the device, the
 * device's back end works, and the variant suits the back end: launchers of
 * .cu kernels on cuda, of OpenCL kernels on opencl, plain C functions on
 * sim and in host memory. */
static int usable_device(const RtState *s, const EsrtVariant *v) {
  int d = v->device ? es_platform_find_device(s->pf, v->device) : -1;
  if (d < 0 || !s->dev_usable[d])
    return -1;
  int sp = s->dev_space[d];
  unsigned runs = sp > 0 ? s->reg.space[sp].ops->variant_flag : 0;
  return (v->flags & LAUNCHER_FLAGS) == runs ? d : -1;
}

static const EsScheduleEntry *override_of(const RtState *s, const EsrtTask *t) {
  for (int i = 0; i < s->schedule.len && t->name; i++) {
    const EsSchedule *sc = s->schedule.v[i];
    if (t->graph && sc->graph && strcmp(t->graph, sc->graph) != 0)
      continue;
    const EsScheduleEntry *e = es_schedule_find(sc, t->name);
    if (e)
      return e;
  }
  for (int i = 0; i < s->schedule.len && t->key; i++) {
    const EsScheduleEntry *e = es_schedule_find(s->schedule.v[i], t->key);
    if (e)
      return e;
  }
  return NULL;
}

static const char *task_key(const EsrtTask *t) {
  return t->key ? t->key : t->name ? t->name : "(unnamed)";
}

/* The static choice: the override's device, else the table's. A variant
 * that cannot run here is named in a warning unless the task has none that
 * can (misfit: its own warning said so already). */
static void choose_static(RtState *s, RtTaskInfo *ti, bool misfit) {
  const EsrtTask *t = ti->task;
  const EsScheduleEntry *e = override_of(s, t);
  int v = t->device, level = t->level;
  if (!e && s->schedule.len > 0 && !s->schedule_missed) {
    s->schedule_missed = true;
    rt_warn_locked(s,
                   "ESCHED_SCHEDULE: %s has no entry for task '%s' (a schedule of another "
                   "program?); tasks it lacks run as built",
                   s->cfg.schedule, task_key(t));
  }
  if (e) {
    int d = es_platform_find_device(s->pf, e->device);
    v = d >= 0 ? rt_task_variant_on(ti, d) : -1;
    level = e->level;
    if (v < 0)
      rt_warn_locked(s, "ESCHED_SCHEDULE puts task '%s' on '%s', where it cannot run here",
                     task_key(t), e->device);
    ti->overridden = v >= 0;
  }
  if (v < 0 || v >= t->nvariants || ti->var_device[v] < 0) {
    /* A device whose back end failed was warned about once already. */
    int d = v >= 0 && v < t->nvariants && t->variants[v].device
                ? es_platform_find_device(s->pf, t->variants[v].device)
                : -1;
    if (!e && !misfit && v >= 0 && v < t->nvariants && (d < 0 || s->dev_usable[d]))
      rt_warn_locked(s,
                     "task '%s': its variant for device '%s' cannot run here; it runs on "
                     "the host",
                     task_key(t), t->variants[v].device ? t->variants[v].device : "?");
    v = ti->host_variant;
    level = 0;
    s->fallbacks++;
  }
  ti->variant = v;
  ti->device = ti->var_device[v] >= 0 ? ti->var_device[v] : s->host;
  int nlev = s->pf->devices[ti->device].nlevels;
  ti->level = level < 0 ? 0 : level >= nlev ? nlev - 1 : level;
}

/* The build's fit of a variant (EsrtFit) as the predictor it was written
 * from; false for none or a malformed one (an unknown kind, a tree whose
 * children do not come after their parent inside it: eval must end). */
static bool table_predictor(const EsrtFit *f, EsPredictor *p) {
  if (!f || f->kind < ES_PRED_MEAN || f->kind > ES_PRED_TREE)
    return false;
  *p = (EsPredictor){
      .kind = (EsPredictorKind)f->kind, .a = f->a, .b = f->b, .log_mean = f->log_mean};
  if (f->kind != ES_PRED_TREE)
    return true;
  if (!f->nodes || f->nnodes < 1 || f->nnodes > ES_PRED_TREE_MAX_NODES)
    return false;
  for (int i = 0; i < f->nnodes; i++) {
    EsrtFitNode n = f->nodes[i];
    bool leaf = n.left < 0;
    if (!leaf && (n.left <= i || n.right <= i || n.left >= f->nnodes || n.right >= f->nnodes))
      return false;
    p->nodes[i] = (EsTreeNode){n.split, leaf ? -1 : n.left, leaf ? -1 : n.right, n.value};
  }
  p->nnodes = f->nnodes;
  return true;
}

/* Variant v's model time at level 0: the run's profile (ESCHED_PROFILE)
 * where it times the variant, as a function of size where it measured
 * three or more (fitted once per descriptor: tasks of one key differ only
 * in size), else the table's (a --profile-use build's mean over the
 * profile's sizes, and its fit where it has one). */
static void model_of(RtState *s, const EsrtTask *t, int v, RtTaskInfo *ti) {
  const EsrtVariant *var = &t->variants[v];
  double sec;
  if (s->profile && var->device && es_profile_time(s->profile, task_key(t), var->device, 0, &sec)) {
    ti->top_time[v] = sec;
    ti->sized[v] = es_profile_size_predictor(s->profile, task_key(t), var->device, 0, &ti->pred[v]);
    return;
  }
  ti->top_time[v] = var->time > 0 ? var->time : -1;
  ti->sized[v] = var->time > 0 && table_predictor(var->fit, &ti->pred[v]);
}

static RtTaskInfo *resolve(RtState *s, const EsrtTask *t) {
  RtTaskInfo *ti = calloc(1, sizeof *ti);
  int n = t->nvariants > 0 ? t->nvariants : 1;
  if (!ti || !(ti->var_device = malloc(sizeof(int) * (size_t)n)) ||
      !(ti->top_time = malloc(sizeof(double) * (size_t)n)) ||
      !(ti->pred = malloc(sizeof *ti->pred * (size_t)n)) ||
      !(ti->sized = calloc((size_t)n, sizeof *ti->sized))) {
    info_free(ti);
    return NULL;
  }
  ti->task = t;
  ti->host_variant = -1;
  if (t->unit)
    rt_profile_register_locked(s, t->unit);
  for (int v = 0; v < t->nvariants; v++) {
    int d = ti->var_device[v] = usable_device(s, &t->variants[v]);
    model_of(s, t, v, ti);
    if (ti->host_variant < 0 && d >= 0 && s->dev_space[d] == 0)
      ti->host_variant = v;
  }
  bool misfit = ti->host_variant < 0;
  if (misfit) { /* no variant fits this platform: run the first in host memory */
    rt_warn_locked(s, "task '%s' has no variant for a device of platform '%s'; it runs on the host",
                   task_key(t), s->pf->name);
    ti->host_variant = 0;
  }
  choose_static(s, ti, misfit);
  return ti;
}

const RtTaskInfo *rt_task_info_locked(RtState *s, const EsrtTask *t) {
  RtTaskInfo *ti = lookup(&s->tasks, t);
  if (ti)
    return ti;
  if (!(ti = resolve(s, t)))
    return NULL;
  if (insert(&s->tasks, t, ti)) {
    info_free(ti);
    return NULL;
  }
  return ti;
}

double rt_task_model_time(const RtState *s, const RtTaskInfo *ti, int v, int dev, int level,
                          double size) {
  double top = ti->sized[v] && size > 0 ? es_predictor_eval(&ti->pred[v], size) : ti->top_time[v];
  return top < 0 ? -1 : rt_account_stretch(&s->acct, dev, level, top);
}
