/* The YAML readers and writers keep their results: every YAML input of the
 * test tree and of test/unit/Inputs/yaml/ is read by each reader (graph,
 * platform, profile, schedule, collection, crown schedule), and the errors
 * with their file:line:col, the marks the model keeps, and the bytes the
 * writer makes of what was read are compared with
 * test/unit/Inputs/yaml_compat.expected, which the document-API readers
 * and libyaml's emitter made before the readers streamed events (with the
 * number format of yaml_out.c).
 *
 * Run from the source root (ctest does). `test_yaml_compat --print` prints
 * the dump instead of comparing, to regenerate the file. */
#define _GNU_SOURCE
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/crown/crown.h"
#include "scheduler/io/files.h"
#include "test.h"

static FILE *out;

static void on_error(void *ctx, const EsError *e) {
  (void)ctx;
  fprintf(out, "  %s:%d:%d: %s\n", e->file[0] ? e->file : "?", e->line, e->col, e->message);
}

static void mark(const char *what, const char *name, EsMark m) {
  fprintf(out, "  mark %s %s %d:%d\n", what, name ? name : "-", m.line, m.col);
}

/* What a writer made of a model read without error (a failed read leaves
 * a model half made), between lines that show where it starts and ends. */
static void written(int rc, bool (*write)(FILE *, const void *, int), const void *v, int n) {
  if (rc)
    return;
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  bool ok = write(f, v, n);
  fclose(f);
  fprintf(out, "  write %s <<<\n%s>>>\n", ok ? "ok" : "failed", buf);
  free(buf);
}

static bool write_graphs(FILE *f, const void *v, int n) {
  return es_graph_write(f, (const EsGraph *const *)v, n);
}
static bool write_schedules(FILE *f, const void *v, int n) {
  return es_schedule_write(f, (const EsSchedule *const *)v, n);
}
static bool write_platform(FILE *f, const void *v, int n) {
  (void)n;
  return es_platform_write(f, v);
}
static bool write_profile(FILE *f, const void *v, int n) {
  (void)n;
  return es_profile_write(f, v);
}
static bool write_problems(FILE *f, const void *v, int n) {
  return es_crown_write(f, (const EsCrownProblem *const *)v, n);
}
static bool write_crown_schedules(FILE *f, const void *v, int n) {
  return es_crown_schedule_write(f, (const EsCrownSchedule *const *)v, n);
}

static void graphs(const char *path, EsError *err) {
  EsGraphList l = {0};
  int rc = es_graph_read(path, &l, err);
  fprintf(out, " graph rc %d\n", rc);
  for (int i = 0; !rc && i < l.len; i++) {
    const EsGraph *g = l.v[i];
    for (int t = 0; t < g->ntasks; t++)
      mark("task", g->tasks[t].name, g->tasks[t].mark);
    for (int t = 0; t < g->ndeferred; t++)
      mark("deferred", g->deferred[t].name, g->deferred[t].mark);
    for (int e = 0; e < g->nedges; e++)
      mark("edge", g->tasks[g->edges[e].to].name, g->edges[e].mark);
    for (int k = 0; k < g->nvalues; k++)
      mark("value", g->device_names[g->values[k].device], g->values[k].mark);
  }
  written(rc, write_graphs, l.v, l.len);
  es_graph_list_free(&l);
}

static void platform(const char *path, EsError *err) {
  EsPlatform *p = NULL;
  int rc = es_platform_read(path, &p, err);
  fprintf(out, " platform rc %d\n", rc);
  if (rc)
    return;
  for (int d = 0; d < p->ndevices; d++)
    mark("device", p->devices[d].name, p->devices[d].mark);
  for (int k = 0; k < p->nlinks; k++)
    mark("link", p->devices[p->links[k].to].name, p->links[k].mark);
  written(rc, write_platform, p, 1);
  es_platform_free(p);
}

static void profile(const char *path, EsError *err) {
  EsProfile *p = NULL;
  int rc = es_profile_read(path, &p, err);
  fprintf(out, " profile rc %d\n", rc);
  if (rc)
    return;
  for (int i = 0; i < p->nentries; i++) {
    mark("entry", p->entries[i].key, p->entries[i].mark);
    for (int k = 0; k < p->entries[i].nruns; k++)
      mark("run", p->entries[i].runs[k].device, p->entries[i].runs[k].mark);
  }
  written(rc, write_profile, p, 1);
  es_profile_free(p);
}

static void schedules(const char *path, EsError *err) {
  EsScheduleList l = {0};
  int rc = es_schedule_read(path, &l, err);
  fprintf(out, " schedule rc %d\n", rc);
  for (int i = 0; !rc && i < l.len; i++)
    for (int k = 0; k < l.v[i]->nentries; k++)
      mark("entry", l.v[i]->entries[k].task, l.v[i]->entries[k].mark);
  written(rc, write_schedules, l.v, l.len);
  es_schedule_list_free(&l);
}

static void collections(const char *path, EsError *err) {
  EsCrownProblemList l = {0};
  int rc = es_crown_read(path, &l, err);
  fprintf(out, " collection rc %d\n", rc);
  for (int i = 0; !rc && i < l.len; i++) {
    const EsCrownProblem *p = l.v[i];
    mark("collection", p->name, p->mark);
    mark("deadline", p->name, p->deadline_mark);
    mark("levels", p->name, p->levels_mark);
    for (int j = 0; j < p->ntasks; j++)
      mark("task", p->tasks[j].name, p->tasks[j].mark);
  }
  written(rc, write_problems, l.v, l.len);
  es_crown_problem_list_free(&l);
}

static void crown_schedules(const char *path, EsError *err) {
  EsCrownScheduleList l = {0};
  int rc = es_crown_schedule_read(path, &l, err);
  fprintf(out, " crown schedule rc %d\n", rc);
  written(rc, write_crown_schedules, l.v, l.len);
  es_crown_schedule_list_free(&l);
}

static void dump(const char *path) {
  void (*readers[])(const char *, EsError *) = {graphs,    platform,    profile,
                                                schedules, collections, crown_schedules};
  fprintf(out, "== %s\n", path);
  for (size_t i = 0; i < sizeof readers / sizeof *readers; i++) {
    EsError err = {.report = on_error};
    readers[i](path, &err);
  }
  fprintf(out, "  probe collection %d crown_schedule %d\n", es_crown_probe(path, "collection"),
          es_crown_probe(path, "crown_schedule"));
}

static const char *const patterns[] = {"test/*/*.yaml", "test/*/Inputs/*.yaml",
                                       "test/unit/Inputs/yaml/*.yaml", "examples/*/*.yaml"};

int main(int argc, char **argv) {
  bool print = argc > 1 && strcmp(argv[1], "--print") == 0;
  char *got = NULL;
  size_t len = 0;
  out = print ? stdout : open_memstream(&got, &len);
  for (size_t p = 0; p < sizeof patterns / sizeof *patterns; p++) {
    glob_t g;
    if (glob(patterns[p], 0, NULL, &g) == 0)
      for (size_t i = 0; i < g.gl_pathc; i++)
        dump(g.gl_pathv[i]);
    globfree(&g);
  }
  if (print)
    return 0;
  fclose(out);
  FILE *f = fopen("test/unit/Inputs/yaml_compat.expected", "rb");
  ASSERT_TRUE(f != NULL);
  if (!f)
    return test_summary();
  char *want = malloc(len + 2);
  size_t n = fread(want, 1, len + 1, f);
  fclose(f);
  want[n] = '\0';
  ASSERT_EQ(n, len);
  /* the first line that differs */
  size_t at = 0, line = 1;
  while (at < n && at < len && want[at] == got[at])
    line += got[at++] == '\n';
  if (at < n || at < len) {
    const char *w = want + at, *g2 = got + at;
    TEST_FAIL("line %zu differs: expected '%.*s', got '%.*s'", line, (int)strcspn(w, "\n"), w,
              (int)strcspn(g2, "\n"), g2);
  }
  free(want);
  free(got);
  return test_summary();
}
