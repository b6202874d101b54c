/* Streams as the caller of a round sees them (stream.h): the descriptor
 * resolved once into a crown schedule and a team of core threads, each
 * round prepared under the runtime's lock (levels from the schedule, this
 * round's skips and delays), run without it, and accounted after. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/core/state.h"
#include "runtime-stub/stream/stream.h"
#include "scheduler/base/vec.h"

/* ---- descriptors ---- */

/* Whether the table can be a crown schedule at all (the layout checks the
 * rest); else why not. */
static bool check_desc(const EsrtStream *d, char *why, size_t n) {
  if (d->p < 1 || (d->p & (d->p - 1)) != 0 || d->p > (1 << ES_CROWN_ZMAX)) {
    snprintf(why, n, "%d cores is not a crown (a power of two)", d->p);
    return false;
  }
  if (d->ntasks < 1 || d->nlevels < 1 || !d->tasks || !d->levels) {
    snprintf(why, n, "no tasks or no levels");
    return false;
  }
  if (!(d->deadline > 0) || !isfinite(d->deadline)) {
    snprintf(why, n, "deadline %g is not a positive time", d->deadline);
    return false;
  }
  for (int k = 0; k < d->nlevels; k++)
    if (!(d->levels[k].freq > 0) || !(d->levels[k].power >= 0)) {
      snprintf(why, n, "level %d has frequency %g and power %g", k, d->levels[k].freq,
               d->levels[k].power);
      return false;
    }
  for (int j = 0; j < d->ntasks; j++)
    if (!d->tasks[j].fn || !d->tasks[j].name || !(d->tasks[j].unscaled >= 0)) {
      snprintf(why, n, "task %d has no function, name or time", j);
      return false;
    }
  return true;
}

/* The descriptor's crown schedule: es_crown_schedule_layout checks every
 * group, width and level, and derives each core's crown order. Names are
 * borrowed from the descriptor (static). */
static EsCrownSchedule *schedule_of(const EsrtStream *d, char *why, size_t n) {
  EsCrownSchedule *cs = calloc(1, sizeof *cs);
  if (!cs || !(cs->levels = malloc(sizeof *cs->levels * (size_t)d->nlevels)) ||
      !(cs->tasks = calloc((size_t)d->ntasks, sizeof *cs->tasks))) {
    es_crown_schedule_free(cs);
    snprintf(why, n, "out of memory");
    return NULL;
  }
  cs->collection = d->name, cs->algorithm = d->algorithm;
  cs->cores = d->cores, cs->p = d->p, cs->deadline = d->deadline;
  cs->nlevels = d->nlevels, cs->ntasks = d->ntasks;
  cs->bound = cs->gap = NAN;
  for (int k = 0; k < d->nlevels; k++)
    cs->levels[k] = (EsCrownLevel){d->levels[k].freq, d->levels[k].power};
  for (int j = 0; j < d->ntasks; j++) {
    const EsrtStreamTask *t = &d->tasks[j];
    cs->tasks[j] = (EsCrownPlaced){t->name, t->group, t->width, t->level, 0, t->unscaled, 0, 0};
  }
  EsError err = {0};
  if (es_crown_schedule_layout(cs, &err)) {
    snprintf(why, n, "%s", err.message);
    es_crown_schedule_free(cs);
    return NULL;
  }
  return cs;
}

static void stream_free(RtStream *st) {
  if (!st)
    return;
  if (st->cores)
    rt_stream_stop(st);
  for (int m = 0; st->cores && m < st->p; m++) {
    free(st->cores[m].per_level);
    free(st->cores[m].slices);
  }
  for (int j = 0; st->task_stats && j < st->ntasks; j++)
    free(st->task_stats[j].per_level);
  free(st->cores), free(st->task_stats);
  free(st->level), free(st->skip), free(st->delay), free(st->handled);
  es_crown_schedule_free(st->sched);
  pthread_mutex_destroy(&st->mu);
  pthread_cond_destroy(&st->go);
  pthread_cond_destroy(&st->finished);
  free(st);
}

static bool alloc_arrays(RtStream *st, int nlevels) {
  size_t n = (size_t)st->ntasks;
  st->cores = calloc((size_t)st->p, sizeof *st->cores);
  st->task_stats = calloc(n, sizeof *st->task_stats);
  st->level = calloc(n, sizeof *st->level), st->skip = calloc(n, sizeof *st->skip);
  st->delay = calloc(n, sizeof *st->delay), st->handled = calloc(n, sizeof *st->handled);
  bool ok = st->cores && st->task_stats && st->level && st->skip && st->delay && st->handled;
  for (int m = 0; ok && m < st->p; m++) {
    st->cores[m] = (RtCore){.stream = st, .index = m, .level = -1};
    ok = (st->cores[m].per_level = calloc((size_t)nlevels, sizeof(long))) != NULL;
  }
  for (size_t j = 0; ok && j < n; j++)
    ok = (st->task_stats[j].per_level = calloc((size_t)nlevels, sizeof(long))) != NULL;
  return ok;
}

static RtStream *stream_new(RtState *s, const EsrtStream *d, char *why, size_t n) {
  RtStream *st = calloc(1, sizeof *st);
  if (!st) {
    snprintf(why, n, "out of memory");
    return NULL;
  }
  pthread_mutex_init(&st->mu, NULL);
  pthread_cond_init(&st->go, NULL);
  pthread_cond_init(&st->finished, NULL);
  st->desc = d;
  st->p = d->p;
  st->ntasks = d->ntasks;
  st->tracing = s->cfg.trace != NULL;
  bool real = s->dvfs.kind == RT_DVFS_CPUFREQ;
  st->dvfs = (RtStreamDvfs){real ? RT_DVFS_CPUFREQ : RT_DVFS_SIM, real ? &s->dvfs.cpufreq : NULL,
                            real && !strcmp(s->cfg.cpufreq_root, "/")};
  if (!(st->sched = schedule_of(d, why, n)) || !alloc_arrays(st, d->nlevels)) {
    if (st->sched)
      snprintf(why, n, "out of memory");
    stream_free(st);
    return NULL;
  }
  if (rt_stream_start(st)) {
    snprintf(why, n, "cannot start %d core threads", st->p);
    stream_free(st);
    return NULL;
  }
  return st;
}

/* st with its core threads: a child of fork starts its own (the parent's
 * are not there); NULL (warned) when they cannot start. */
static RtStream *started(RtState *s, RtStream *st) {
  if (st->cores[0].started || rt_stream_start(st) == ES_OK)
    return st;
  rt_warn_locked(s,
                 "stream '%s': cannot start %d core threads; its tasks run one after another on "
                 "the calling thread",
                 st->desc->name ? st->desc->name : "?", st->p);
  return NULL;
}

RtStream *rt_stream_get_locked(RtState *s, const EsrtStream *d) {
  for (int i = 0; i < s->streams->len; i++)
    if (s->streams->v[i]->desc == d)
      return started(s, s->streams->v[i]);
  char why[600] = "";
  RtStream *st = check_desc(d, why, sizeof why) ? stream_new(s, d, why, sizeof why) : NULL;
  if (st &&
      es_vec_reserve(&s->streams->v, &s->streams->cap, s->streams->len + 1, sizeof *s->streams->v)) {
    stream_free(st);
    st = NULL;
    snprintf(why, sizeof why, "out of memory");
  }
  if (!st) {
    rt_warn_locked(s, "stream '%s': %s; its tasks run one after another on the calling thread",
                   d->name ? d->name : "?", why);
    return NULL;
  }
  s->streams->v[s->streams->len++] = st;
  return st;
}

RtStreams *rt_streams_new(void) { return calloc(1, sizeof(RtStreams)); }

void rt_streams_lock(RtStreams *l) {
  for (int i = 0; l && i < l->len; i++)
    pthread_mutex_lock(&l->v[i]->mu);
}

void rt_streams_unlock(RtStreams *l) {
  for (int i = 0; l && i < l->len; i++)
    pthread_mutex_unlock(&l->v[i]->mu);
}

void rt_streams_after_fork(RtStreams *l) {
  for (int i = 0; l && i < l->len; i++)
    rt_stream_after_fork(l->v[i]);
}

void rt_streams_free(RtStreams *l) {
  if (!l)
    return;
  for (int i = 0; i < l->len; i++)
    stream_free(l->v[i]);
  free(l->v);
  rt_rules_free(&l->rules);
  free(l);
}

/* ---- rounds ---- */

static double cores_energy(const RtStream *st) {
  double e = 0;
  for (int m = 0; m < st->p; m++)
    e += st->cores[m].energy;
  return e;
}

double rt_stream_round_begin_locked(RtState *s, RtStream *st, const void *const *args) {
  for (int j = 0; j < st->ntasks; j++) {
    st->level[j] = st->sched->tasks[j].level;
    st->skip[j] = st->handled[j] = false;
    st->delay[j] = 0;
  }
  rt_rules_apply(&s->streams->rules, st, st->rounds + 1, st->skip, st->delay);
  st->args = args;
  st->busy = true;
  st->base = s->acct.concurrent ? s->acct.horizon : s->acct.serial;
  return cores_energy(st);
}

void rt_stream_round_end_locked(RtState *s, RtStream *st, double energy_before) {
  double makespan = 0, energy = cores_energy(st) - energy_before;
  for (int m = 0; m < st->p; m++) {
    RtCore *c = &st->cores[m];
    makespan = c->clock > makespan ? c->clock : makespan;
    if (c->dvfs_error[0]) {
      rt_warn_locked(s, "ESCHED_DVFS=cpufreq: stream '%s', core %d: %s", st->desc->name, m,
                     c->dvfs_error);
      c->dvfs_error[0] = '\0';
    }
  }
  st->rounds++;
  st->missed += makespan > st->desc->deadline * (1 + 1e-9);
  st->worst = makespan > st->worst ? makespan : st->worst;
  st->time += makespan;
  st->energy += energy;
  rt_account_block(&s->acct, makespan, energy);
  st->busy = false;
}
