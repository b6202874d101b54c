/* The core threads of a stream and one core's part of a round (stream.h).
 *
 * Core m runs the slots of the crown schedule's order for m: the tasks of
 * the groups containing m from the root down, within a group in task order
 * (the crown paper's Section 2). For task j of group g (depth d, width
 * w = p >> d) core m is member m - (g - 2^d) w of j's team. Before the task
 * it sets its level through the DVFS back end; the task then takes
 * unscaled_j / f (plus an injected delay) of model time at the level's
 * power. A skipped task takes no time. A skip (beta = -its time) or a delay
 * (beta = the delay) is an event of j's group: the first member to reach it
 * rescales the rest of the round below it with es_crown_rescale (Section 5),
 * under the stream's lock, at the model time the event happened; the other
 * members find it done. Every member reaches the event at the same model
 * time, so the answer does not depend on which thread computes it. */
#include <stdio.h>
#include <string.h>

#include "runtime-stub/stream/stream_pin.h"
#include "runtime-stub/stream/stream_team.h"
#include "scheduler/base/error.h"
#include "scheduler/base/vec.h"

static int depth_of(int group) {
  int d = 0;
  while (group >> (d + 1))
    d++;
  return d;
}

/* Core m's index in the team of group g (of width w). */
static int member_of(int g, int w, int m) { return m - (g - (1 << depth_of(g))) * w; }

static void set_level(RtStream *st, RtCore *c, int level) {
  if (c->level == level)
    return;
  c->level = level;
  c->changes++;
  RtCpufreq *cf = st->dvfs.cpufreq;
  if (st->dvfs.kind != RT_DVFS_CPUFREQ || !cf || cf->nfiles == 0)
    return;
  char why[256];
  if (rt_cpufreq_set_one(cf, c->index % cf->nfiles, st->sched->levels[level].freq, why,
                         sizeof why) &&
      !c->dvfs_error[0])
    snprintf(c->dvfs_error, sizeof c->dvfs_error, "%s", why);
}

static void slice(RtStream *st, RtCore *c, int j, int member, int level, double dur, bool skipped) {
  if (!st->tracing || es_vec_reserve(&c->slices, &c->slices_cap, c->nslices + 1, sizeof *c->slices))
    return; /* a trace missing slices beats a failing program */
  c->slices[c->nslices++] =
      (RtSlice){j, member, st->round, level, st->base + c->clock, dur, skipped};
}

/* A skip or delay of task j, seen by core c at its clock: rescale once. */
static void event(RtStream *st, RtCore *c, int j, double beta) {
  pthread_mutex_lock(&st->mu);
  if (!st->handled[j]) {
    st->handled[j] = true;
    EsCrownEvent ev = {j, beta, c->clock};
    EsCrownRescale r;
    EsError err = {0};
    if (es_crown_rescale(st->sched, &ev, st->level, &r, &err) == ES_OK) {
      st->rescales++;
      st->changed += r.changed;
      st->infeasible += !r.feasible;
      st->rescale_before += r.energy_before;
      st->rescale_after += r.energy_after;
    }
  }
  pthread_mutex_unlock(&st->mu);
}

/* Task j on core c as team member `member`. */
static void run_task(RtStream *st, RtCore *c, int j, int member) {
  const EsCrownPlaced *t = &st->sched->tasks[j];
  RtStreamTaskStats *ts = &st->task_stats[j];
  int level = st->level[j]; /* final: every event before j on this core is handled */
  if (st->skip[j]) {
    slice(st, c, j, member, level, 0, true);
    if (member == 0) /* the task's counters are its member 0's */
      ts->skipped++;
    event(st, c, j, -t->unscaled / st->sched->levels[level].freq);
    return;
  }
  set_level(st, c, level);
  st->desc->tasks[j].fn(st->args[j], member, t->width);
  double dt = t->unscaled / st->sched->levels[level].freq + st->delay[j];
  slice(st, c, j, member, level, dt, false);
  c->tasks++;
  c->busy += dt;
  c->energy += dt * st->sched->levels[level].power;
  c->per_level[level]++;
  c->clock += dt;
  if (member == 0) {
    ts->ran++;
    ts->late += st->delay[j] > 0;
    ts->per_level[level]++;
  }
  if (st->delay[j] > 0)
    event(st, c, j, st->delay[j]);
}

static void run_core(RtStream *st, RtCore *c) {
  const EsCrownSchedule *s = st->sched;
  c->clock = 0;
  for (int k = s->core_first[c->index]; k < s->core_first[c->index + 1]; k++) {
    int j = s->slots[k].task;
    run_task(st, c, j, member_of(s->tasks[j].group, s->tasks[j].width, c->index));
  }
}

typedef struct Start {
  RtCore *core;
  long seen; /* rounds started before the thread */
} Start;

static void *core_main(void *arg) {
  RtCore *c = arg;
  RtStream *st = c->stream;
  RtCpufreq *cf = st->dvfs.cpufreq;
  if (st->dvfs.pin && cf && cf->nfiles)
    rt_pin_cpu(cf->cpus[c->index % cf->nfiles]); /* best effort */
  pthread_mutex_lock(&st->mu);
  long seen = st->round;
  st->running++;
  pthread_cond_broadcast(&st->finished);
  for (;;) {
    while (st->round == seen && !st->stop)
      pthread_cond_wait(&st->go, &st->mu);
    if (st->stop)
      break;
    seen = st->round;
    pthread_mutex_unlock(&st->mu);
    run_core(st, c);
    pthread_mutex_lock(&st->mu);
    if (++st->done == st->p)
      pthread_cond_broadcast(&st->finished);
  }
  pthread_mutex_unlock(&st->mu);
  return NULL;
}

int rt_stream_start(RtStream *st) {
  for (int m = 0; m < st->p; m++) {
    RtCore *c = &st->cores[m];
    if (c->started)
      continue;
    if (pthread_create(&c->thread, NULL, core_main, c) != 0) {
      rt_stream_stop(st);
      return ES_EIO;
    }
    c->started = true;
  }
  /* Each thread notes the round count before the first round starts. */
  pthread_mutex_lock(&st->mu);
  while (st->running < st->p)
    pthread_cond_wait(&st->finished, &st->mu);
  pthread_mutex_unlock(&st->mu);
  return ES_OK;
}

void rt_stream_run_round(RtStream *st) {
  pthread_mutex_lock(&st->mu);
  st->done = 0;
  st->round++;
  pthread_cond_broadcast(&st->go);
  while (st->done < st->p)
    pthread_cond_wait(&st->finished, &st->mu);
  pthread_mutex_unlock(&st->mu);
}

void rt_stream_stop(RtStream *st) {
  pthread_mutex_lock(&st->mu);
  st->stop = true;
  pthread_cond_broadcast(&st->go);
  pthread_mutex_unlock(&st->mu);
  for (int m = 0; m < st->p; m++)
    if (st->cores[m].started) {
      pthread_join(st->cores[m].thread, NULL);
      st->cores[m].started = false;
    }
  st->running = 0;
  st->stop = false;
}

void rt_stream_after_fork(RtStream *st) {
  pthread_mutex_init(&st->mu, NULL);
  pthread_cond_init(&st->go, NULL);
  pthread_cond_init(&st->finished, NULL);
  for (int m = 0; m < st->p; m++)
    st->cores[m].started = false; /* never joined: not this process's */
  st->running = 0;
  st->stop = false;
  st->busy = false;
}

void rt_stream_run_inline(const EsrtStream *d, const void *const *args) {
  for (int j = 0; j < d->ntasks; j++)
    if (d->tasks[j].fn)
      d->tasks[j].fn(args[j], 0, 1);
}
