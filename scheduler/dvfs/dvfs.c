/* DVFS post-passes: the table of strategy names and the dispatcher (dvfs.h).
 * The passes (one file each) share dvfs_pass.c, not this file. Every pass keeps the processor assignment and the order on
 * each processor; it only changes levels (and with them durations) and
 * shifts tasks within their slack, so the makespan never exceeds the horizon
 * (the validator checks it in the property tests).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/dvfs/dvfs.h"
#include "scheduler/dvfs/dvfs_pass.h"
#include "scheduler/model/solution.h"
#include "scheduler/timeline/timeline.h"

static const char *const names[] = {"none",  "off-idle", "low-idle:LEVEL", "scale:LEVEL",
                                    "scale", "evenly",   "equalize",       NULL};

const char *const *es_dvfs_names(void) { return names; }

static int parse_level(const char *spec, const char *prefix, int *level) {
  size_t n = strlen(prefix);
  if (strncmp(spec, prefix, n) != 0)
    return 0;
  if (spec[n] == '\0') {
    *level = -1;
    return 1;
  }
  if (spec[n] != ':')
    return 0;
  char *end;
  long l = strtol(spec + n + 1, &end, 10);
  if (*end || l < 0 || l > 64)
    return -1;
  *level = (int)l;
  return 1;
}

static int check_level(const EsProblem *p, const char *spec, int level, EsError *err) {
  for (int d = 0; d < p->ndevices; d++)
    if (es_problem_label(p, d, level) < 0)
      return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                          "--dvfs %s: device '%s' has no level %d (levels count from 0, the "
                          "fastest)",
                          spec, p->device_names[d], level);
  return ES_OK;
}

/* The fixed-level passes stay as the dissertation publishes them; where
 * level L draws more than a device's idle power (not so on the 6805, for
 * which they were made) idling at L costs more than idling, and the
 * warning says so with the figures. */
static void warn_fixed_level(const EsProblem *p, const char *spec, int level, double before,
                             EsSolution *s) {
  int worse = -1, count = 0;
  for (int d = 0; d < p->ndevices; d++) {
    int l = es_problem_label(p, d, level);
    if (l >= 0 && p->level_power[l] > p->idle_power[d])
      worse = worse < 0 ? d : worse, count++;
  }
  EsTimedMetrics m;
  if (worse < 0 || es_timed_simulate(p, s, &m))
    return;
  int l = es_problem_label(p, worse, level);
  snprintf(s->warning, sizeof s->warning,
           "--dvfs %s: level %d of %s draws %.4g W, more than its idle power of %.4g W%s; the "
           "pass, kept as published, takes the energy from %.6g to %.6g",
           spec, level, p->device_names[worse], p->level_power[l], p->idle_power[worse],
           count > 1 ? " (and so on other devices)" : "", before, m.energy);
}

int es_dvfs_apply(const EsProblem *p, const char *spec, double horizon, EsSolution *s,
                  EsError *err) {
  if (!s->start)
    return es_error_set(
        err, ES_EINVAL, NULL, 0, 0,
        "--dvfs %s needs a timed schedule (--algo heft, ceft, cpop, dps, hnpd, easef)", spec);
  if (es_solution_set_idle(s, p->ndevices))
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  double ms = es_solution_makespan(s);
  horizon = horizon > ms ? horizon : ms;
  int level = -1, k;
  if (!strcmp(spec, "none"))
    return ES_OK;
  if (!strcmp(spec, "off-idle"))
    return es_dvfs_idle(p, ES_IDLE_OFF, s, err);
  if (!strcmp(spec, "evenly"))
    return es_dvfs_evenly(p, horizon, s, err);
  if (!strcmp(spec, "equalize"))
    return es_dvfs_equalize(p, horizon, s, err);
  bool idle = (k = parse_level(spec, "low-idle", &level)) == 1 && level >= 0;
  if (!idle && k == 0 && (k = parse_level(spec, "scale", &level)) == 1 && level < 0)
    return es_dvfs_scale(p, -1, horizon, s, err);
  if (idle || k == 1) { /* a fixed level: low-idle:L or scale:L */
    EsTimedMetrics before;
    int rc = check_level(p, spec, level, err);
    if (!rc && es_timed_simulate(p, s, &before))
      rc = es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
    if (!rc)
      rc = idle ? es_dvfs_idle(p, level, s, err) : es_dvfs_scale(p, level, horizon, s, err);
    if (!rc)
      warn_fixed_level(p, spec, level, before.energy, s);
    return rc;
  }
  return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                      "unknown --dvfs strategy '%s' (none, off-idle, low-idle:LEVEL, "
                      "scale:LEVEL, scale, evenly, equalize)",
                      spec);
}
