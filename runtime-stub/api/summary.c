/* What the runtime prints: warnings (once each, to stderr, when they
 * happen) and the end-of-run summary (to stderr or ESCHED_SUMMARY), never
 * anything on stdout, so a program's own output stays byte-identical.
 * Format in docs/runtime.md, "Summary". */
#include "runtime-stub/api/summary.h"

#include <stdio.h>

#include "runtime-stub/core/state.h"
#include "runtime-stub/memory/mem_opencl.h"
#include "runtime-stub/stream/stream.h"
#include "scheduler/base/units.h"

static const char *executor_name(RtExecutor e) {
  return e == RT_EXEC_CONCURRENT ? "concurrent" : "serial";
}

static const char *gpu_name(RtGpu g) {
  return g == RT_GPU_CUDA     ? "cuda"
         : g == RT_GPU_NONE   ? "none"
         : g == RT_GPU_OPENCL ? "opencl"
                              : "sim";
}

/* Where a non-host device's tasks ran: its back end, and which device. */
static void backend(const RtState *s, FILE *f, int d) {
  int sp = s->dev_space[d];
  const RtSpace *x = sp > 0 ? &s->reg.space[sp] : NULL;
  if (sp == 0)
    return;
  if (!s->dev_usable[d] || !x || !x->ops)
    fprintf(f, ", on the host (no back end)");
  else if (x->ops == &rt_mem_opencl)
    fprintf(f, ", on opencl %s", rt_opencl_describe(x->ctx));
  else if (x->ops == &rt_mem_cuda)
    fprintf(f, ", on cuda GPU %d", rt_mem_cuda_ordinal(x->ctx));
  else
    fprintf(f, ", on %s", x->ops->name);
}

static void devices(const RtState *s, FILE *f, double T) {
  const RtAccount *a = &s->acct;
  for (int d = 0; d < a->ndev; d++) {
    const RtDevStats *x = &a->dev[d];
    fprintf(f, "esched:   device %s: %ld tasks, busy %.6g s, energy %.6g J, levels",
            s->pf->devices[d].name, x->tasks, x->busy, rt_account_device_energy(a, d, T));
    int any = 0;
    for (int k = 0; k < s->pf->devices[d].nlevels; k++)
      if (x->per_level[k])
        fprintf(f, " %d:%ld", k, x->per_level[k]), any = 1;
    fprintf(f, "%s", any ? "" : " -");
    backend(s, f, d);
    fprintf(f, "\n");
  }
}

static void links(const RtState *s, FILE *f) {
  const RtAccount *a = &s->acct;
  for (int i = 0; i < a->ndev; i++)
    for (int j = 0; j < a->ndev; j++) {
      const RtLinkStats *l = &a->link[i * a->ndev + j];
      if (l->count)
        fprintf(f, "esched:   link %s->%s: %ld transfers, %.0f bytes, %.6g s, %.6g J\n",
                s->pf->devices[i].name, s->pf->devices[j].name, l->count, l->bytes, l->time,
                l->energy);
    }
}

/* Buffers evicted to keep a device within its memory, per device. */
static void evictions(const RtState *s, FILE *f) {
  for (int sp = 1; sp < s->reg.nspaces; sp++) {
    const RtEvictions *e = &s->reg.space[sp].evicted;
    if (e->buffers)
      fprintf(f,
              "esched:   evictions %s: %ld buffers freed to stay within %.0f bytes, %ld "
              "write-backs of %.0f bytes\n",
              s->pf->devices[s->space_dev[sp]].name, e->buffers, (double)s->reg.space[sp].capacity,
              e->copies, e->bytes);
  }
}

static void deferred(const RtState *s, FILE *f) {
  if (!s->flushes)
    return;
  fprintf(f, "esched:   deferred: %ld regions, %ld tasks, scheduled by", s->flushes,
          s->deferred_tasks);
  for (int i = 0; i < 8 && s->algo_names[i]; i++)
    fprintf(f, "%s %s (%ld)", i ? "," : "", s->algo_names[i], s->algo_counts[i]);
  fprintf(f, " in %.3g s\n", s->schedule_seconds);
}

static void levels(FILE *f, const long *per_level, int n) {
  int any = 0;
  for (int k = 0; k < n; k++)
    if (per_level[k])
      fprintf(f, " %d:%ld", k, per_level[k]), any = 1;
  fprintf(f, "%s", any ? "" : " -");
}

static void stream_task(const RtStream *st, FILE *f, int j) {
  const EsCrownPlaced *t = &st->sched->tasks[j];
  const RtStreamTaskStats *ts = &st->task_stats[j];
  int first = (t->group - (st->p / t->width)) * t->width;
  char freq[48];
  es_format_quantity(t->freq, ES_Q_FREQUENCY, freq);
  fprintf(f, "esched:     task %s: group %d, team %d (core%s %d", t->name, t->group, t->width,
          t->width > 1 ? "s" : "", first);
  if (t->width > 1)
    fprintf(f, "-%d", first + t->width - 1);
  fprintf(f, "), level %d (%s); ran %ld, levels", t->level, freq, ts->ran);
  levels(f, ts->per_level, st->sched->nlevels);
  fprintf(f, "; skipped %ld, late %ld\n", ts->skipped, ts->late);
}

/* Per stream: rounds against the deadline, each core, each task, and the
 * rescaling that skips and delays triggered. */
static void streams(const RtState *s, FILE *f) {
  for (int i = 0; i < s->streams->len; i++) {
    const RtStream *st = s->streams->v[i];
    const EsrtStream *d = st->desc;
    fprintf(f,
            "esched:   stream %s: %ld rounds on %d cores (%s), deadline %.6g s: %ld missed, "
            "longest round %.6g s\n",
            d->name, st->rounds, st->p, d->algorithm, d->deadline, st->missed, st->worst);
    for (int m = 0; m < st->p; m++) {
      const RtCore *c = &st->cores[m];
      fprintf(f, "esched:     core %d: %ld tasks, busy %.6g s, energy %.6g J, levels", m, c->tasks,
              c->busy, c->energy);
      levels(f, c->per_level, st->sched->nlevels);
      fprintf(f, "\n");
    }
    for (int j = 0; j < st->ntasks; j++)
      stream_task(st, f, j);
    if (st->rescales)
      fprintf(f,
              "esched:     rescaled %ld times: %ld tasks changed level, %ld missed their "
              "target; their energy %.6g J -> %.6g J\n",
              st->rescales, st->changed, st->infeasible, st->rescale_before, st->rescale_after);
    fprintf(f, "esched:     energy %.6g J, time %.6g s\n", st->energy, st->time);
  }
}

void rt_summary_write(RtState *s, FILE *f) {
  const RtAccount *a = &s->acct;
  bool conc = s->cfg.executor == RT_EXEC_CONCURRENT;
  fprintf(f, "esched: summary: platform %s, executor %s, gpu %s, dvfs %s\n", s->pf->name,
          executor_name(s->cfg.executor), gpu_name(s->cfg.gpu), rt_dvfs_name(s->dvfs.kind));
  devices(s, f, a->serial);
  links(s, f);
  evictions(s, f);
  streams(s, f);
  fprintf(f, "esched:   makespan: serial %.6g s", a->serial);
  if (conc)
    fprintf(f, ", concurrent %.6g s", a->horizon);
  fprintf(f, "\nesched:   energy: serial %.6g J", rt_account_energy(a, a->serial));
  if (conc)
    fprintf(f, ", concurrent %.6g J", rt_account_energy(a, a->horizon));
  fprintf(f, "\n");
  deferred(s, f);
  if (s->measured)
    fprintf(f,
            "esched:   profile: %ld samples (%ld extra runs on other devices); energy: rapl %ld, "
            "nvml %ld, model %ld\n",
            s->samples, s->extra_runs, s->by_meter[RT_METER_RAPL], s->by_meter[RT_METER_NVML],
            s->by_meter[RT_METER_MODEL]);
  if (s->fallbacks)
    fprintf(f, "esched:   fallbacks: %ld tasks ran on the host instead of their device\n",
            s->fallbacks);
}
