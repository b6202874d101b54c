/* Streaming task collections from stream regions (collection.h). */
#include "pass/frontend/collection.h"

#include <math.h>
#include <stdlib.h>

#include "pass/diag/diag.h"

/* An amount in the model's units: times become work at F_max. */
static double model_amount(XAmount a, double fmax) { return a.time ? a.value * fmax : a.value; }

static double task_work(const XStreamTask *t, const EsProfile *prof, double fmax, int *defaulted) {
  double seconds;
  if (t->work.value > 0)
    return model_amount(t->work, fmax);
  if (prof && es_profile_time(prof, t->name, "cpu", 0, &seconds) && seconds > 0)
    return seconds * fmax;
  (*defaulted)++;
  return STREAM_NEUTRAL_SECONDS * fmax;
}

static int add_task(EsCrownProblem *p, const XStreamTask *t, const EsProfile *prof, double fmax,
                    int *defaulted) {
  int j = es_crown_add_task(p, t->name, task_work(t, prof, fmax, defaulted), (double)t->width);
  if (j < 0)
    return j;
  EsCrownTask *ct = &p->tasks[j];
  ct->eff_kind = t->eff;
  if (t->eff == ES_CROWN_EFF_COMM)
    ct->comm = model_amount(t->comm, fmax);
  for (int z = 0; z <= ES_CROWN_ZMAX; z++)
    ct->table[z] = t->table[z]; /* e(1) = 1 when not listed */
  return j;
}

static EsCrownProblem *build_one(const XStream *st, const EsDevice *dev, const EsProfile *prof,
                                 int *defaulted) {
  EsCrownProblem *p = es_crown_problem_new(st->name);
  if (!p || es_crown_set_platform_levels(p, dev)) {
    es_crown_problem_free(p);
    return NULL;
  }
  double fmax = p->levels[0].freq, total = 0;
  p->cores = st->cores > 0 ? (int)st->cores : STREAM_DEFAULT_CORES;
  for (int k = 0; k < st->ntasks; k++) {
    int j = add_task(p, &st->tasks[k], prof, fmax, defaulted);
    if (j < 0) {
      es_crown_problem_free(p);
      return NULL;
    }
    total += p->tasks[j].work;
  }
  p->deadline = st->deadline > 0 ? st->deadline : total / fmax;
  return p;
}

bool collection_build_all(const XUnit *x, const Source *src, const EsPlatform *pf,
                          const EsProfile *prof, EsCrownProblemList *out, int *defaulted) {
  const EsDevice *dev = es_crown_platform_device(pf);
  for (int s = 0; s < x->nstreams; s++) {
    const XStream *st = &x->streams[s];
    int line, col;
    source_position(src, st->at, &line, &col);
    if (!dev || dev->nlevels < 1) {
      diag(DIAG_ERROR, src->path, line, col, "platform '%s' has no levels for the cores of '%s'",
           pf->name, st->name);
      return false;
    }
    EsCrownProblem *p = build_one(st, dev, prof, defaulted);
    EsError err = {0};
    if (!p || es_crown_problem_list_push(out, p)) {
      es_crown_problem_free(p);
      diag(DIAG_ERROR, NULL, 0, 0, "out of memory");
      return false;
    }
    if (es_crown_problem_finish(p, &err)) {
      diag(DIAG_ERROR, src->path, line, col, "stream '%s': %s", st->name, err.message);
      return false;
    }
  }
  return true;
}
