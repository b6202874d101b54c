/* Scheduling a flushed region's deferred tasks with the scheduler library
 * (the one implementation of every algorithm; docs/DESIGN.md): the pending
 * tasks become an EsGraph with times per device (ESCHED_PROFILE, else the
 * table's, else a neutral 1 ms), data edges carrying the bytes of their
 * overlapping ranges, order edges for write-after-read and write-after-write,
 * and input nodes pinned where the data they stand for is current. The
 * problem is built against the platform, the algorithm is ESCHED_ALGO or the
 * scheduler's default (tree-dp for trees, mincut for two devices), and each
 * deferred task takes its label's device and level. Static tasks pending
 * beside them are pinned to their device.
 *
 * Sizes: es_problem_build predicts each task's time from the profile at its
 * input size (predict.h), the bytes of its incoming data edges, which are
 * the bytes of the ranges it reads -- what the runtime records as a
 * sample's size (profile_out.c). Without a profile the graph's times are
 * the table's, at that size where the build wrote a fit (EsrtFit).
 */
#include "runtime-stub/exec/defer_plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/core/state.h"
#include "runtime-stub/exec/tasks.h"
#include "scheduler/model/solution.h"
#include "scheduler/plan/algorithms.h"

#define RT_NEUTRAL_TIME 1e-3 /* seconds: a task without any time (docs/runtime.md) */

static const EsMark no_mark = {0, 0};

/* The graph is built from integer ids: tasks unnamed, their profile keys
 * borrowed from the descriptors (which live as long as the program), data
 * items numbered (EsEdge.data_id). Names cost more than the rest of a flush
 * together (snprintf and string maps: 85 % of it), so a graph with names is
 * built only when the problem cannot be, for the error to name the task. */
typedef struct Build {
  RtState *s;
  const RtBatch *b;
  EsGraph *g;
  bool named;
  int next_id; /* the next data item number */
} Build;

/* Variant v's seconds on dev at level 0 for this instance: at the bytes it reads
 * where a predictor has them (rt_task_model_time), else the neutral time. */
static double seconds(const Build *bd, const RtInst *in, int v, int dev) {
  const RtTaskInfo *ti = in->info;
  double size = ti->sized[v] ? rt_task_size(&bd->b->acc[in->acc], in->nacc) : 0;
  double t = rt_task_model_time(bd->s, ti, v, dev, 0, size);
  return t >= 0 ? t : RT_NEUTRAL_TIME;
}

/* Whether some variant of ti has a time (the profile's or the table's).
 * Then its variants without one are not planned: the profile never ran the
 * task there, and a --profile-use build keeps it off such devices (its
 * warning says so); the neutral time is for tasks without any. */
static bool timed(const RtTaskInfo *ti) {
  for (int v = 0; v < ti->task->nvariants; v++)
    if (ti->top_time[v] >= 0)
      return true;
  return false;
}

static int add_task(Build *bd, const RtInst *in, int i) {
  EsGraph *g = bd->g;
  const RtTaskInfo *ti = in->info;
  const char *key = ti->task->key ? ti->task->key : ti->task->name ? ti->task->name : "task";
  char name[160];
  if (bd->named)
    snprintf(name, sizeof name, "%s#%d", key, i);
  int t = es_graph_add_task(g, bd->named ? name : NULL);
  if (t < 0)
    return ES_ENOMEM;
  g->tasks[t].key = key;
  int usable = 0, only = -1;
  bool some_timed = in->deferred && timed(ti);
  for (int v = 0; v < ti->task->nvariants; v++) {
    int d = ti->var_device[v];
    if (d < 0 || !in->deferred || rt_task_variant_on(ti, d) != v)
      continue; /* unusable, or a second variant on one device */
    if (some_timed && ti->top_time[v] < 0)
      continue; /* never measured where others were */
    if (es_graph_add_value(g, t, true, d, -1, seconds(bd, in, v, d), no_mark))
      return ES_ENOMEM;
    usable++, only = d;
  }
  if (!in->deferred) {
    if (es_graph_add_value(g, t, true, in->device, -1, seconds(bd, in, in->variant, in->device),
                           no_mark))
      return ES_ENOMEM;
    g->tasks[t].pin = in->device;
  } else if (usable <= 1) {
    g->tasks[t].pin = usable ? only : bd->s->host;
  }
  return ES_OK;
}

/* The device holding every byte of [lo, hi) (the host when it does). */
static int holder(const RtState *s, uintptr_t lo, uintptr_t hi) {
  unsigned m = rt_registry_holders(&s->reg, lo, hi - lo);
  if (m & 1u || !m)
    return s->host;
  int sp = 0;
  while (!(m >> sp & 1u))
    sp++;
  return s->space_dev[sp];
}

/* Input k's node: one per distinct (range, bytes) read before any pending
 * write, so an item read by several tasks moves once per device. Sorting
 * the inputs makes equal ones neighbours: O(n log n). */
typedef struct InKey {
  uintptr_t lo, hi;
  double bytes;
  int k;
} InKey;

static int cmp_in(const void *a, const void *b) {
  const InKey *x = a, *y = b;
  if (x->lo != y->lo)
    return x->lo < y->lo ? -1 : 1;
  if (x->hi != y->hi)
    return x->hi < y->hi ? -1 : 1;
  if (x->bytes != y->bytes)
    return x->bytes < y->bytes ? -1 : 1;
  return (x->k > y->k) - (x->k < y->k);
}

static bool same_range(const InKey *a, const InKey *b) {
  return a->lo == b->lo && a->hi == b->hi && a->bytes == b->bytes;
}

/* An edge carrying item id (or, named, the item called name). */
static int add_data_edge(Build *bd, int from, int to, int id, const char *name, double bytes) {
  int e = es_graph_add_edge(bd->g, from, to, bd->named ? name : NULL);
  if (e < 0)
    return ES_ENOMEM;
  bd->g->edges[e].data_id = bd->named ? 0 : id;
  bd->g->edges[e].bytes = bytes;
  return ES_OK;
}

static int add_inputs(Build *bd, const RtDeps *d) {
  EsGraph *g = bd->g;
  InKey *keys = malloc(sizeof *keys * ((size_t)d->nin + 1));
  if (!keys)
    return ES_ENOMEM;
  for (int k = 0; k < d->nin; k++)
    keys[k] = (InKey){d->in[k].lo, d->in[k].hi, d->in[k].bytes, k};
  qsort(keys, (size_t)d->nin, sizeof *keys, cmp_in);
  int rc = ES_OK, node = -1, id = 0;
  char name[32] = "";
  for (int j = 0; j < d->nin && !rc; j++) {
    const RtInput *x = &d->in[keys[j].k];
    if (j == 0 || !same_range(&keys[j - 1], &keys[j])) {
      if (bd->named)
        snprintf(name, sizeof name, "in#%d", j);
      if ((node = es_graph_add_task(g, bd->named ? name : NULL)) < 0) {
        rc = ES_ENOMEM;
        break;
      }
      g->tasks[node].kind = ES_TASK_INPUT;
      g->tasks[node].pin = holder(bd->s, x->lo, x->hi);
      id = bd->next_id++;
    }
    rc = add_data_edge(bd, node, x->task, id, name, x->bytes);
  }
  free(keys);
  return rc;
}

/* A data dependency's item: the producer's access and the bytes' span, so
 * that readers of the same bytes share one transfer per device. Equal items
 * get one number through an open-addressing table of dependency indexes. */
static bool same_item(const RtDep *a, const RtDep *b) {
  return a->from == b->from && a->from_acc == b->from_acc && a->lo == b->lo && a->hi == b->hi &&
         a->bytes == b->bytes;
}

/* The key's words, each but one multiplied by an odd constant so that they
 * do not cancel, through SplitMix64's finalizer: one finalizer per key. */
static uint64_t item_hash(const RtDep *x) {
  uint64_t h = x->lo ^ x->hi * 0x9E3779B97F4A7C15u ^
               ((uint64_t)(unsigned)x->from << 32 | (unsigned)x->from_acc) * 0xC2B2AE3D27D4EB4Fu;
  h = (h ^ h >> 30) * 0xBF58476D1CE4E5B9u;
  h = (h ^ h >> 27) * 0x94D049BB133111EBu;
  return h ^ h >> 31;
}

/* A slot of the item table: a dependency with the item's number, and the
 * top bits of its hash, so that a probe reads another dependency only when
 * they match. */
typedef struct Slot {
  uint32_t tag;
  int dep; /* -1: empty */
} Slot;

/* The table's probes are its cache misses once a region outgrows the cache
 * (a quarter of a 10^5-task flush's graph building); asking for the slot of
 * the dependency this far ahead overlaps them. */
enum { SLOT_PREFETCH = 8 };

static int add_deps(Build *bd, const RtDeps *d) {
  size_t size = 16;
  while (size < 2 * (size_t)d->ndep)
    size *= 2;
  Slot *slot = malloc(size * sizeof *slot);
  int *id = malloc(((size_t)d->ndep + 1) * sizeof *id);
  int rc = slot && id ? ES_OK : ES_ENOMEM;
  for (size_t i = 0; !rc && i < size; i++)
    slot[i].dep = -1;
  uint64_t ahead[SLOT_PREFETCH]; /* the hashes of dependencies k ... k + SLOT_PREFETCH - 1 */
  for (int k = 0; k < SLOT_PREFETCH && k < d->ndep; k++)
    ahead[k] = item_hash(&d->dep[k]);
  for (int k = 0; k < d->ndep && !rc; k++) {
    const RtDep *x = &d->dep[k];
    uint64_t hash = ahead[k % SLOT_PREFETCH];
    if (k + SLOT_PREFETCH < d->ndep) {
      ahead[k % SLOT_PREFETCH] = item_hash(&d->dep[k + SLOT_PREFETCH]);
#if defined(__GNUC__)
      __builtin_prefetch(&slot[ahead[k % SLOT_PREFETCH] & (size - 1)]);
#endif
    }
    if (x->kind != RT_DEP_DATA) {
      int e = es_graph_add_edge(bd->g, x->from, x->to, NULL);
      if (e < 0)
        rc = ES_ENOMEM;
      else
        bd->g->edges[e].kind = ES_EDGE_ORDER;
      continue;
    }
    uint32_t tag = (uint32_t)(hash >> 32);
    size_t h = hash & (size - 1);
    while (slot[h].dep >= 0 && (slot[h].tag != tag || !same_item(&d->dep[slot[h].dep], x)))
      h = (h + 1) & (size - 1);
    if (slot[h].dep < 0)
      slot[h] = (Slot){tag, k}, id[k] = bd->next_id++;
    /* Not zeroed: this runs for every dependency; only a named graph reads it. */
    char item[96];
    item[0] = '\0';
    if (bd->named)
      snprintf(item, sizeof item, "a%d:%lx+%lx:%lx", x->from_acc, (unsigned long)x->lo,
               (unsigned long)(x->hi - x->lo), (unsigned long)x->bytes);
    rc = add_data_edge(bd, x->from, x->to, id[slot[h].dep], item, x->bytes);
  }
  free(slot), free(id);
  return rc;
}

static int build_graph(Build *bd, const RtBatch *b, const RtDeps *d) {
  RtState *s = bd->s;
  EsGraph *g = bd->g;
  g->name = "deferred";
  for (int k = 0; k < s->pf->ndevices; k++)
    if (es_graph_device(g, s->pf->devices[k].name) != k)
      return ES_ENOMEM;
  for (int i = 0; i < b->len; i++)
    if (add_task(bd, &b->v[i], i))
      return ES_ENOMEM;
  if (add_inputs(bd, d) || add_deps(bd, d))
    return ES_ENOMEM;
  return ES_OK;
}

/* Runs spec, or the default, then greedy when that fails; an algorithm
 * ESCHED_ALGO names that this machine cannot run (ilp without GLPK) is
 * said once. */
static int solve(RtState *s, const EsProblem *p, const char **algo, EsSolution *sol, EsError *err) {
  char why[160];
  EsAlgoOptions ao = {0};
  const char *spec = s->cfg.algorithm ? s->cfg.algorithm : es_algorithm_default(p, why, sizeof why);
  int rc = es_solution_init(sol, p->ntasks, false);
  if (rc)
    return es_error_set(err, rc, NULL, 0, 0, "out of memory");
  if (spec && (rc = es_algorithm_run(spec, p, &ao, sol, err)) == ES_OK) {
    *algo = spec;
    return ES_OK;
  }
  if (rc == ES_ENOSUP && s->cfg.algorithm)
    rt_warn_locked(s, "ESCHED_ALGO=%s: %s; deferred tasks are scheduled by greedy", spec,
                   err->message);
  es_error_clear(err);
  *algo = "greedy";
  return es_algorithm_run("greedy", p, &ao, sol, err);
}

static void apply(RtState *s, RtBatch *b, const EsProblem *p, const EsSolution *sol) {
  for (int i = 0; i < b->len; i++) {
    RtInst *in = &b->v[i];
    if (!in->deferred)
      continue;
    int l = sol->label[i], dev = p->label_device[l];
    int v = rt_task_variant_on(in->info, dev);
    if (v < 0)
      v = in->info->host_variant, dev = s->host, l = -1;
    in->variant = v;
    in->device = dev;
    in->level = l < 0 ? 0 : p->label_level[l];
  }
}

/* Without a schedule, deferred tasks take their static choice. */
static void unplanned(RtBatch *b) {
  for (int i = 0; i < b->len; i++)
    if (b->v[i].deferred) {
      b->v[i].variant = b->v[i].info->variant;
      b->v[i].device = b->v[i].info->device;
      b->v[i].level = b->v[i].info->level;
    }
}

/* The batch's problem, from ids in the batch's reused graph; when that
 * fails, again from a graph with names (*named, which the caller frees after
 * the problem), so that err names the task. */
static int build_problem(RtState *s, RtBatch *b, const RtDeps *d, EsProblem *p, EsGraph **named,
                         EsError *err) {
  EsProblemOptions po = {s->pf, s->profile, s->cfg.objective};
  if (b->plan)
    es_graph_clear(b->plan);
  else if (!(b->plan = es_graph_new()))
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  Build bd = {s, b, b->plan, false, 1};
  int rc = build_graph(&bd, b, d);
  if (!rc && (rc = es_problem_build(b->plan, &po, p, err)) && rc != ES_ENOMEM) {
    es_error_clear(err);
    bd = (Build){s, b, *named = es_graph_new(), true, 1};
    if (!(rc = bd.g ? build_graph(&bd, b, d) : ES_ENOMEM))
      rc = es_problem_build(bd.g, &po, p, err);
  }
  return rc == ES_ENOMEM ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : rc;
}

int rt_plan_batch_locked(RtState *s, RtBatch *b, const RtDeps *d, const char **algo, EsError *err) {
  if (!d) {
    unplanned(b);
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  }
  EsGraph *named = NULL;
  EsProblem p;
  EsSolution sol = {0};
  int rc = build_problem(s, b, d, &p, &named, err);
  if (!rc) {
    if ((rc = solve(s, &p, algo, &sol, err)) == ES_OK)
      apply(s, b, &p, &sol);
    es_solution_free(&sol);
    es_problem_free(&p);
  }
  if (rc) /* apply, which sets every deferred task, did not run */
    unplanned(b);
  es_graph_free(named);
  return rc;
}
