/* esched schedule / report / gen for streaming task collections and crown
 * schedules (cmd_crown.h). */
#include "pass/cli/cmd_crown.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/cli/args.h"
#include "pass/cli/write.h"
#include "pass/diag/diag.h"
#include "scheduler/crown/crown.h"
#include "scheduler/io/files.h"

#define DEFAULT_ALGORITHM "crown-sa"

bool crown_is_collection(const char *path) { return es_crown_probe(path, "collection"); }
bool crown_is_schedule(const char *path) { return es_crown_probe(path, "crown_schedule"); }

/* --platform: the levels of its first CPU (else first) device become every
 * core's levels, with measured powers. */
static bool apply_platform(const char *spec, EsCrownProblemList *list) {
  EsError err;
  diag_error_init(&err);
  EsPlatform *pl = NULL;
  if (es_platform_load(spec, &pl, &err))
    return false;
  const EsDevice *d = es_crown_platform_device(pl);
  bool ok = d != NULL;
  for (int i = 0; ok && i < list->len; i++)
    ok = es_crown_set_platform_levels(list->v[i], d) == ES_OK &&
         es_crown_problem_finish(list->v[i], &err) == ES_OK;
  if (ok)
    diag(DIAG_NOTE, NULL, 0, 0, "levels of every core from platform '%s', device '%s'", pl->name,
         d->name);
  es_platform_free(pl);
  return ok;
}

static bool check_options(const CrownCmd *c) {
  if (c->graph_option) {
    diag(DIAG_ERROR, c->input, 0, 0, "%s applies to task graphs, not to streaming task collections",
         c->graph_option);
    return false;
  }
  if (c->algorithm && !es_crown_algorithm_find(c->algorithm)) {
    diag(DIAG_ERROR, c->input, 0, 0,
         "'%s' schedules task graphs; a streaming task collection needs crown-fast, "
         "crown-bin, crown-sa, crown-ilp or crown-integrated",
         c->algorithm);
    return false;
  }
  return true;
}

static void tell(const CrownCmd *c, const EsCrownProblem *p, const EsCrownSchedule *s) {
  if (s->note)
    diag(DIAG_NOTE, c->input, 0, 0, "collection '%s': %s", p->name, s->note);
  if (!s->feasible)
    diag(DIAG_WARNING, c->input, 0, 0,
         "collection '%s': %s's schedule misses the deadline (makespan %g > %g)", p->name,
         s->algorithm, s->makespan, s->deadline);
}

static bool write_out(const CrownCmd *c, EsCrownScheduleList *out) {
  if (!c->output && c->report)
    return true;
  return pass_write_crown_schedules("schedule", c->output, (const EsCrownSchedule *const *)out->v,
                                    out->len);
}

static void schedule_all(const CrownCmd *c, const EsCrownProblemList *in,
                         EsCrownScheduleList *out) {
  EsCrownOptions opt = {c->seed, c->time_limit, 0};
  const char *algo = c->algorithm ? c->algorithm : DEFAULT_ALGORITHM;
  EsError err;
  diag_error_init(&err);
  for (int i = 0; i < in->len; i++) {
    EsCrownSchedule *s = NULL;
    es_error_clear(&err);
    if (!c->algorithm)
      diag(DIAG_NOTE, c->input, 0, 0, "collection '%s': using %s (the default for collections)",
           in->v[i]->name, algo);
    if (es_crown_run(algo, in->v[i], &opt, &s, &err))
      continue; /* reported; go on so every collection's errors show */
    if (es_crown_schedule_list_push(out, s)) {
      es_crown_schedule_free(s);
      diag(DIAG_ERROR, NULL, 0, 0, "out of memory");
      return;
    }
    tell(c, in->v[i], s);
  }
}

/* The table of each schedule on standard output: 0, or 1 when out of
 * memory (said). */
static int report_all(const EsCrownScheduleList *l) {
  for (int i = 0; i < l->len; i++)
    if (es_crown_report(stdout, l->v[i]) != ES_OK) {
      diag(DIAG_ERROR, NULL, 0, 0, "out of memory");
      return 1;
    }
  return 0;
}

int crown_schedule_main(const CrownCmd *c) {
  EsCrownProblemList in = {0};
  EsCrownScheduleList out = {0};
  EsError err;
  diag_error_init(&err);
  int status = 1;
  if (!check_options(c) || es_crown_read(c->input, &in, &err) ||
      (c->platform && !apply_platform(c->platform, &in)))
    goto done;
  schedule_all(c, &in, &out);
  if (diag_error_count() > 0 || !write_out(c, &out))
    goto done;
  status = c->report ? report_all(&out) : 0;
done:
  es_crown_schedule_list_free(&out);
  es_crown_problem_list_free(&in);
  return status;
}

int crown_report_main(const char *path) {
  EsCrownScheduleList list = {0};
  EsError err;
  diag_error_init(&err);
  int status = 1;
  if (es_crown_schedule_read(path, &list, &err) == ES_OK)
    status = report_all(&list);
  es_crown_schedule_list_free(&list);
  return status;
}
