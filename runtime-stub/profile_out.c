/* ESCHED_PROFILE_OUT: the run's measured task times (and their model
 * energies) per task key, device, level and bytes, merged into the profile
 * file the next build schedules from (docs/formats.md, "Profile file").
 * Only measured samples are kept: times the model supplied are not news.
 * Times of sim GPU variants are host times, marked "simulated". */
#include <unistd.h>

#include "runtime-stub/state.h"
#include "scheduler/files.h"

void rt_profile_record_locked(RtState *s, const char *key, const RtPlace *p, double seconds) {
  EsProfileEntry *e = es_profile_entry(s->measured, key);
  EsProfileRun *r =
      e ? es_profile_run(s->measured, e, s->pf->devices[p->device].name, p->level, p->size) : NULL;
  if (!r)
    return; /* out of memory: a sample less */
  es_stats_add(&r->time, seconds);
  es_stats_add(&r->energy, seconds * s->pf->devices[p->device].levels[p->level].power);
  r->source = s->dev_space[p->device] == 0 ? "measured" : "simulated";
  r->energy_source = "model";
}

/* Adds the runs of `from` to `into` (Chan et al.'s merge of the statistics). */
static int merge(EsProfile *into, const EsProfile *from) {
  for (int i = 0; i < from->nentries; i++) {
    const EsProfileEntry *e = &from->entries[i];
    EsProfileEntry *t = es_profile_entry(into, e->key);
    for (int k = 0; t && k < e->nruns; k++) {
      const EsProfileRun *r = &e->runs[k];
      EsProfileRun *x = es_profile_run(into, t, r->device, r->level, r->size);
      if (!x)
        return ES_ENOMEM;
      es_stats_merge(&x->time, &r->time);
      es_stats_merge(&x->energy, &r->energy);
      x->source = r->source;
      x->energy_source = r->energy_source;
    }
    if (!t)
      return ES_ENOMEM;
  }
  return ES_OK;
}

int rt_profile_write(const RtState *s, const char *path, EsError *err) {
  EsProfile *all = NULL;
  int rc = access(path, F_OK) == 0 ? es_profile_read(path, &all, err) : ES_OK;
  if (rc) /* a file that is not a profile is left alone */
    return rc;
  if (!all && !(all = es_profile_new()))
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  EsOutput out;
  if ((rc = merge(all, s->measured)))
    es_error_set(err, rc, NULL, 0, 0, "out of memory");
  else if ((rc = es_output_open(&out, path, err)) == ES_OK) {
    if (es_profile_write(out.f, all))
      rc = es_output_commit(&out, err);
    else {
      es_output_abort(&out);
      rc = es_error_set(err, ES_EIO, path, 0, 0, "cannot write '%s'", path);
    }
  }
  es_profile_free(all);
  return rc;
}
