/* Atomic output of the esched command (write.h). */
#include "pass/cli/write.h"

#include "pass/frontend/diag.h"
#include "scheduler/crown/crown.h"
#include "scheduler/io/files.h"

bool pass_write_file(const char *command, const char *path, PassWriter write, const void *ctx) {
  EsError err;
  diag_error_init(&err);
  EsOutput out;
  if (!path)
    path = "-";
  if (es_output_open(&out, path, &err))
    return false;
  int errors = diag_error_count();
  if (!write(out.f, ctx)) {
    es_output_abort(&out);
    if (diag_error_count() == errors) /* else the writer said why */
      diag(DIAG_ERROR, NULL, 0, 0, "%s: cannot write '%s'", command, path);
    return false;
  }
  return es_output_commit(&out, &err) == ES_OK;
}

typedef struct List {
  const void *const *v;
  int n;
} List;

static bool graphs(FILE *f, const void *ctx) {
  const List *l = ctx;
  return es_graph_write(f, (const EsGraph *const *)l->v, l->n);
}

static bool schedules(FILE *f, const void *ctx) {
  const List *l = ctx;
  return es_schedule_write(f, (const EsSchedule *const *)l->v, l->n);
}

static bool platform(FILE *f, const void *ctx) { return es_platform_write(f, ctx); }

static bool crown_schedules(FILE *f, const void *ctx) {
  const List *l = ctx;
  return es_crown_schedule_write(f, (const EsCrownSchedule *const *)l->v, l->n);
}

static bool crown_problems(FILE *f, const void *ctx) {
  const List *l = ctx;
  return es_crown_write(f, (const EsCrownProblem *const *)l->v, l->n);
}

bool pass_write_graphs(const char *command, const char *path, const EsGraph *const *v, int n) {
  List l = {(const void *const *)v, n};
  return pass_write_file(command, path, graphs, &l);
}

bool pass_write_schedules(const char *command, const char *path, const EsSchedule *const *v,
                          int n) {
  List l = {(const void *const *)v, n};
  return pass_write_file(command, path, schedules, &l);
}

bool pass_write_platform(const char *command, const char *path, const EsPlatform *p) {
  return pass_write_file(command, path, platform, p);
}

bool pass_write_crown_schedules(const char *command, const char *path,
                                const EsCrownSchedule *const *v, int n) {
  List l = {(const void *const *)v, n};
  return pass_write_file(command, path, crown_schedules, &l);
}

bool pass_write_crown_problems(const char *command, const char *path,
                               const EsCrownProblem *const *v, int n) {
  List l = {(const void *const *)v, n};
  return pass_write_file(command, path, crown_problems, &l);
}
