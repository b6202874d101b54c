/* Time and energy accounting from the platform model (account.h). */
#include "runtime-stub/power/account.h"

#include <stdlib.h>
#include <string.h>

#include "runtime-stub/memory/clock.h"
#include "scheduler/base/error.h"
#include "scheduler/base/vec.h"

int rt_account_init(RtAccount *a, const EsPlatform *pf, int host, bool tracing, bool concurrent) {
  memset(a, 0, sizeof *a);
  a->pf = pf;
  a->ndev = pf->ndevices;
  a->host = host;
  a->tracing = tracing;
  a->concurrent = concurrent;
  a->epoch = rt_now();
  a->dev = calloc((size_t)a->ndev, sizeof *a->dev);
  a->link = calloc((size_t)a->ndev * (size_t)a->ndev, sizeof *a->link);
  if (!a->dev || !a->link)
    return ES_ENOMEM;
  for (int d = 0; d < a->ndev; d++)
    if (!(a->dev[d].per_level = calloc((size_t)pf->devices[d].nlevels, sizeof(long))))
      return ES_ENOMEM;
  return ES_OK;
}

void rt_account_free(RtAccount *a) {
  for (int d = 0; a->dev && d < a->ndev; d++)
    free(a->dev[d].per_level);
  free(a->dev);
  free(a->link);
  free(a->ev);
  memset(a, 0, sizeof *a);
}

static void event(RtAccount *a, RtEvent e) {
  if (!a->tracing || es_vec_reserve(&a->ev, &a->evcap, a->nev + 1, sizeof *a->ev))
    return; /* a trace missing events beats a failing program */
  a->ev[a->nev++] = e;
}

void rt_account_measured(RtAccount *a, int first, double wall_start, double wall) {
  int n = a->nev - first;
  for (int i = 0; i < n; i++) {
    a->ev[first + i].wall_start = wall_start - a->epoch + wall * i / n;
    a->ev[first + i].wall_dur = wall / n;
  }
}

double rt_account_stretch(const RtAccount *a, int dev, int level, double top) {
  const EsDevice *d = &a->pf->devices[dev];
  return level <= 0 ? top : top * d->levels[0].freq / d->levels[level].freq;
}

double rt_account_task(RtAccount *a, int dev, int level, double seconds, double start,
                       const char *key, double bytes) {
  RtDevStats *s = &a->dev[dev];
  double finish = start + seconds;
  event(a, (RtEvent){dev, -1, -1, key, level, a->concurrent ? start : a->serial, seconds, bytes, -1,
                     0, false});
  s->tasks++;
  s->busy += seconds;
  s->energy += seconds * a->pf->devices[dev].levels[level].power;
  s->per_level[level]++;
  s->free_at = finish;
  a->serial += seconds;
  if (finish > a->horizon)
    a->horizon = finish;
  return finish;
}

static double leg(RtAccount *a, int from, int to, size_t bytes, double start, bool evict) {
  const EsLink *l = es_platform_link(a->pf, from, to);
  double t = l ? l->latency + (double)bytes / l->bandwidth : 0;
  RtLinkStats *s = &a->link[from * a->ndev + to];
  event(a, (RtEvent){a->ndev, from, to, NULL, 0, a->concurrent ? start : a->serial, t,
                     (double)bytes, -1, 0, evict});
  s->count++;
  s->bytes += (double)bytes;
  s->time += t;
  s->energy += l ? t * l->power : 0;
  a->serial += t;
  if (start + t > a->horizon)
    a->horizon = start + t;
  return start + t;
}

double rt_account_move(RtAccount *a, int from, int to, size_t bytes, double start, bool evict) {
  if (from == to)
    return start;
  if (es_platform_link(a->pf, from, to) || from == a->host || to == a->host)
    return leg(a, from, to, bytes, start, evict);
  return leg(a, a->host, to, bytes, leg(a, from, a->host, bytes, start, evict), evict);
}

double rt_account_block(RtAccount *a, double seconds, double energy) {
  double start = a->concurrent ? a->horizon : a->serial;
  a->serial += seconds;
  a->horizon = (a->horizon > start ? a->horizon : start) + seconds;
  a->blocks_energy += energy;
  return start;
}

double rt_account_device_energy(const RtAccount *a, int d, double T) {
  double idle = T - a->dev[d].busy;
  return a->dev[d].energy + (idle > 0 ? idle * a->pf->devices[d].idle_power : 0);
}

double rt_account_energy(const RtAccount *a, double T) {
  double e = a->blocks_energy;
  for (int d = 0; d < a->ndev; d++)
    e += rt_account_device_energy(a, d, T);
  for (int k = 0; k < a->ndev * a->ndev; k++)
    e += a->link[k].energy;
  return e;
}
