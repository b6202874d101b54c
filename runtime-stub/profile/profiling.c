/* Profiling runs (docs/runtime.md, "Profiling"). ESCHED_PROFILE names the
 * profile: read at start (task times for the model and deferred
 * scheduling; a bad file falls back to its last good copy or to the
 * built-in times with one warning, and is left untouched), and at exit the
 * run's samples are merged into it (es_profile_merge_file: locked, atomic,
 * with PATH.good). ESCHED_PROFILE_OUT writes elsewhere, or nowhere (none).
 *
 * A sample is one run of a variant: its wall time (sim GPU variants: host
 * time, marked simulated), its energy from a meter where one applies (RAPL
 * for host-memory devices, NVML for the first cuda GPU) else from the model
 * (time x the level's power), the input bytes as its size, and the bytes
 * of each data item. Units learnt from the task descriptors tell the merge
 * which tasks the program has, so that removed ones are flagged stale. */
#include "runtime-stub/profile/profiling.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runtime-stub/core/state.h"
#include "runtime-stub/memory/mem.h"
#include "scheduler/base/vec.h"
#include "scheduler/io/files.h"

static const char *const meter_names[] = {"model", "rapl", "nvml"};

static const char *key_of(const EsrtTask *t) {
  return t->key ? t->key : t->name ? t->name : "(unnamed)";
}

static bool load_profile(RtState *s) {
  const char *path = s->cfg.profile;
  EsError w = {0};
  EsProfileOrigin origin;
  if (es_profile_load_or_fallback(path, &s->profile, &origin, &w)) {
    rt_warn_locked(s, "out of memory reading ESCHED_PROFILE; tasks keep their built-in times");
    return false;
  }
  if (origin != ES_PROFILE_FROM_GOOD && origin != ES_PROFILE_DEFAULTS)
    return true;
  bool same = s->profile_path && strcmp(s->profile_path, path) == 0;
  char where[4200];
  rt_where(&w, path, where, sizeof where);
  rt_warn_locked(s, "%s: %s; the file is left untouched%s; %s", where, w.message,
                 same ? " and this run's samples are not saved" : "",
                 origin == ES_PROFILE_FROM_GOOD
                     ? "task times come from its last good copy (" ES_PROFILE_GOOD_SUFFIX ")"
                     : "tasks keep their built-in times");
  return !same;
}

static void open_meters(RtState *s) {
  char why[512] = "";
  if (rt_rapl_open(&s->rapl, s->cfg.powercap_root, why, sizeof why) == ES_OK)
    s->have_rapl = true;
  else
    rt_warn_locked(s,
                   "ESCHED_ENERGY: %s; CPU energy figures are modelled (ESCHED_ENERGY=model "
                   "models them without this warning)",
                   why);
  s->nvml_dev = -1;
  for (int d = 0; d < s->pf->ndevices && s->nvml_dev < 0; d++) {
    const RtSpace *sp = s->dev_space[d] > 0 ? &s->reg.space[s->dev_space[d]] : NULL;
    if (!sp || sp->ops != &rt_mem_cuda)
      continue;
    s->nvml_dev = d;
    if (rt_nvml_energy_open((unsigned)rt_mem_cuda_ordinal(sp->ctx), &s->nvml_energy, why,
                            sizeof why))
      rt_warn_locked(s,
                     "ESCHED_ENERGY: %s; GPU energy figures are modelled (ESCHED_ENERGY=model "
                     "models them without this warning)",
                     why);
  }
}

void rt_profile_open_locked(RtState *s) {
  const RtConfig *c = &s->cfg;
  bool none = c->profile_out && (!strcmp(c->profile_out, "none") || !strcmp(c->profile_out, "off"));
  s->profile_path = none ? NULL : c->profile_out ? c->profile_out : c->profile;
  bool writable = c->profile ? load_profile(s) : true;
  s->profile_bad = s->profile_path && !writable;
  if (s->profile_path && writable && !(s->measured = es_profile_new()))
    rt_warn_locked(s, "out of memory: no profile is written");
  s->all_devices = c->profile_mode == RT_PROFILE_ALL_DEVICES && s->measured;
  if (s->measured && c->energy == RT_ENERGY_AUTO)
    open_meters(s);
}

void rt_profile_register_locked(RtState *s, const EsrtUnit *u) {
  for (int i = 0; i < s->nunits; i++)
    if (s->units[i] == u)
      return;
  if (es_vec_reserve(&s->units, &s->units_cap, s->nunits + 1, sizeof *s->units) == ES_OK)
    s->units[s->nunits++] = u; /* out of memory: this unit's stale entries stay unjudged */
  /* The build's variant for deferred tasks, unless the environment chose. */
  if (!s->variant_learnt) {
    s->variant_learnt = true;
    if (u->algorithm && !getenv("ESCHED_ALGO"))
      s->cfg.algorithm = u->algorithm;
    if (!getenv("ESCHED_OBJECTIVE"))
      s->cfg.objective = u->objective == 1 ? ES_OBJ_TIME : ES_OBJ_ENERGY;
  }
  if (u->profile && !s->cfg.profile && !s->cfg.profile_out) {
    /* A profiling build's default: a profiling run from here on (tasks
     * resolved before keep the times they had). */
    s->cfg.profile = rt_path_locked(s, "the build's profile", u->profile);
    rt_profile_open_locked(s);
  }
}

RtMeter rt_meter_of(const RtState *s, int dev) {
  int sp = s->dev_space[dev];
  if (sp == 0)
    return s->have_rapl ? RT_METER_RAPL : RT_METER_MODEL;
  return dev == s->nvml_dev && s->nvml_energy ? RT_METER_NVML : RT_METER_MODEL;
}

double rt_meter_read_locked(RtState *s, RtMeter m) {
  if (m == RT_METER_RAPL)
    return rt_rapl_read(&s->rapl);
  if (m == RT_METER_NVML)
    return rt_nvml_energy_read(s->nvml_energy);
  return -1;
}

/* Bytes per data item of one run: the accesses naming an item add up; the
 * largest run of the profiling run is kept. */
static void record_items(RtState *s, EsProfileEntry *e, const EsrtTask *t, const EsrtAccess *acc,
                         int n) {
  char names[2][24];
  for (int i = 0; i < n; i++) {
    const char *name = i < t->nitems && t->items ? t->items[i] : NULL;
    snprintf(names[0], sizeof names[0], "%d", i);
    name = name ? name : names[0];
    double bytes = 0;
    bool seen = false;
    for (int k = 0; k < n && !seen; k++) {
      const char *other = k < t->nitems && t->items ? t->items[k] : NULL;
      snprintf(names[1], sizeof names[1], "%d", k);
      bool same = strcmp(other ? other : names[1], name) == 0;
      seen = same && k < i; /* counted with an earlier access */
      bytes += same ? (double)acc[k].bytes : 0;
    }
    double *have = seen ? NULL : es_profile_item(e, name);
    if (!seen && (!have || *have < bytes))
      es_profile_item_set(s->measured, e, name, bytes); /* out of memory: an item less */
  }
}

static const char *time_source(const RtState *s, int dev) {
  int sp = s->dev_space[dev];
  return sp > 0 && s->reg.space[sp].ops->simulated ? "simulated" : "measured";
}

void rt_profile_sample_locked(RtState *s, const RtTaskInfo *ti, int dev, int level, double seconds,
                              double e0, const EsrtAccess *acc, int n) {
  RtMeter m = rt_meter_of(s, dev);
  double e1 = e0 >= 0 ? rt_meter_read_locked(s, m) : -1;
  if (e1 < 0 || m == RT_METER_MODEL) {
    m = RT_METER_MODEL;
    e1 = e0 = 0;
  }
  const EsrtTask *t = ti->task;
  EsProfileEntry *e = es_profile_entry(s->measured, key_of(t));
  EsProfileRun *r =
      e ? es_profile_run(s->measured, e, s->pf->devices[dev].name, level, rt_task_size(acc, n))
        : NULL;
  if (!r)
    return; /* out of memory: a sample less */
  e->unit = t->unit ? t->unit->name : e->unit;
  es_stats_add(&r->time, seconds);
  es_stats_add(&r->energy,
               m == RT_METER_MODEL ? seconds * s->pf->devices[dev].levels[level].power : e1 - e0);
  r->source = time_source(s, dev);
  r->energy_source = meter_names[m];
  record_items(s, e, t, acc, n);
  s->samples++;
  s->by_meter[m]++;
}

/* Whether unit name is one this run learnt. */
static bool learnt(const RtState *s, const char *name) {
  for (int i = 0; i < s->nunits; i++)
    if (s->units[i]->name && !strcmp(s->units[i]->name, name))
      return true;
  return false;
}

/* The unit that claimed e earlier in add_units, or NULL. */
static const char *claimed_by(const EsProfileEntry *const *claims, const char *const *units, int n,
                              const EsProfileEntry *e) {
  for (int i = 0; i < n; i++)
    if (claims[i] == e)
      return units[i];
  return NULL;
}

/* Every task of every unit learnt gets an entry, and the units are listed:
 * the merge then flags their entries whose key is gone as stale. A key two
 * units claim (name(k) in a.c and in b.c, in this program or in another
 * one sharing the profile) pools two tasks' measurements into one entry,
 * which schedules neither well: the run says so, once per key. */
static int add_units(RtState *s) {
  int n = 0, cap = 0;
  for (int i = 0; i < s->nunits; i++)
    cap += s->units[i]->ntasks;
  const EsProfileEntry **claims = malloc(sizeof *claims * (size_t)(cap + 1));
  const char **units = malloc(sizeof *units * (size_t)(cap + 1));
  int rc = claims && units ? ES_OK : ES_ENOMEM;
  for (int i = 0; !rc && i < s->nunits; i++) {
    const EsrtUnit *u = s->units[i];
    if (!u->name)
      continue;
    if (es_profile_add_unit(s->measured, u->name))
      rc = ES_ENOMEM;
    for (int k = 0; !rc && k < u->ntasks; k++) {
      if (!u->tasks[k])
        continue;
      const char *key = key_of(u->tasks[k]);
      EsProfileEntry *e = es_profile_entry(s->measured, key);
      const EsProfileEntry *old = s->profile ? es_profile_find(s->profile, key) : NULL;
      const char *other = e ? claimed_by(claims, units, n, e) : NULL;
      if (!e) {
        rc = ES_ENOMEM;
        continue;
      }
      if (!other && old && old->unit && strcmp(old->unit, u->name) && !learnt(s, old->unit))
        other = old->unit; /* another program's task in the shared profile */
      if (other && strcmp(other, u->name))
        rt_warn_locked(s,
                       "tasks of %s and of %s are both keyed '%s': the profile pools their "
                       "measurements; give them names of their own (name(...))",
                       other, u->name, key);
      e->unit = u->name;
      claims[n] = e, units[n++] = u->name;
    }
  }
  free(claims), free(units);
  return rc;
}

/* The folder of a profile path: a profiling build's first run finds no
 * DIR of --profile-generate=DIR. Only that last level is made: a path whose
 * folders are missing further up is a mistake (a typo, an unmounted disk),
 * not something to build. */
static void make_folder(const char *path) {
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", path);
  char *slash = strrchr(dir, '/');
  if (!slash || slash == dir)
    return;
  *slash = '\0';
  mkdir(dir, 0777); /* exists already, or the merge below says why not */
}

/* Why all-devices mode did nothing in a run without samples: no profile
 * named, one to read only, or a bad one (warned about at start; out of
 * memory was too). */
static void warn_mode_ignored(RtState *s) {
  const char *mode = "ESCHED_PROFILE_MODE=all-devices was ignored";
  if (s->profile_bad)
    rt_warn_locked(s, "%s: this run's samples are not saved (the profile %s is bad: see above)",
                   mode, s->profile_path);
  else if (s->cfg.profile && !s->profile_path)
    rt_warn_locked(s, "%s: this run saves no samples (ESCHED_PROFILE_OUT=%s)", mode,
                   s->cfg.profile_out);
  else if (!s->profile_path)
    rt_warn_locked(s, "%s: this was not a profiling run (ESCHED_PROFILE)", mode);
}

void rt_profile_write_locked(RtState *s) {
  if (!s->measured && s->cfg.profile_mode == RT_PROFILE_ALL_DEVICES)
    warn_mode_ignored(s);
  if (!s->measured)
    return;
  EsError err = {0};
  if (add_units(s)) {
    rt_warn_locked(s, "out of memory: the profile is not written");
    return;
  }
  make_folder(s->profile_path);
  if (es_profile_merge_file(s->profile_path, s->measured, &err) == ES_OK)
    return;
  char where[4200];
  rt_where(&err, s->profile_path, where, sizeof where);
  rt_warn_locked(s, "%s: %s; the file is left untouched and this run's samples are not saved",
                 where, err.message);
}

void rt_profile_free(RtState *s) {
  es_profile_free(s->measured);
  s->measured = NULL;
  free(s->units);
  s->units = NULL;
  if (s->have_rapl)
    rt_rapl_close(&s->rapl);
  rt_nvml_energy_close(s->nvml_energy);
  s->nvml_energy = NULL;
  s->have_rapl = false;
}
