/* Atomic output of the esched command (write.h). */
#include "pass/cli/write.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pass/diag/diag.h"
#include "scheduler/crown/crown.h"
#include "scheduler/io/files.h"

/* The files of the command line: each argument's text and its file. */
typedef struct Named {
  const char *text;
  dev_t dev;
  ino_t ino;
} Named;

static Named *named; /* lives as long as the command */
static int nnamed, named_cap;

static void note(const char *text) {
  struct stat st;
  if (nnamed < named_cap && stat(text, &st) == 0 && S_ISREG(st.st_mode))
    named[nnamed++] = (Named){text, st.st_dev, st.st_ino};
}

void pass_outputs_guard(int argc, char **argv) {
  /* Each argument, and each output written (two outputs naming one new
   * file would leave only the last). */
  named_cap = 2 * argc;
  if (!(named = calloc((size_t)named_cap, sizeof *named)))
    return; /* out of memory: the command fails soon anyway */
  for (int i = 1; i < argc; i++) {
    const char *eq = argv[i][0] == '-' ? strchr(argv[i], '=') : NULL;
    note(eq ? eq + 1 : argv[i]);
  }
}

/* The argument, other than the output's own, naming the file at path. */
static const char *same_file(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    return NULL; /* a new file, or a device written in place */
  for (int i = 0; i < nnamed; i++) {
    const char *t = named[i].text;
    bool own = path >= t && path <= t + strlen(t);
    if (!own && named[i].dev == st.st_dev && named[i].ino == st.st_ino)
      return t;
  }
  return NULL;
}

bool pass_output_open(const char *command, EsOutput *o, const char *path, EsError *err) {
  const char *other = strcmp(path, "-") ? same_file(path) : NULL;
  if (other) {
    diag(DIAG_ERROR, NULL, 0, 0,
         "%s: output '%s' is the same file as '%s' on the command line; refusing to "
         "overwrite it",
         command, path, other);
    return false;
  }
  return es_output_open(o, path, err) == ES_OK;
}

bool pass_write_file(const char *command, const char *path, PassWriter write, const void *ctx) {
  EsError err;
  diag_error_init(&err);
  EsOutput out;
  if (!path)
    path = "-";
  if (!pass_output_open(command, &out, path, &err))
    return false;
  int errors = diag_error_count();
  if (!write(out.f, ctx)) {
    int e = ferror(out.f) ? errno : 0;
    es_output_abort(&out);
    if (diag_error_count() == errors) /* else the writer said why */
      diag(DIAG_ERROR, NULL, 0, 0, "%s: cannot write '%s'%s%s", command, path, e ? ": " : "",
           e ? strerror(e) : "");
    return false;
  }
  if (es_output_commit(&out, &err) != ES_OK)
    return false;
  note(path);
  return true;
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
