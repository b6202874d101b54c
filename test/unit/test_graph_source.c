/* The front end's fields of a graph file (function, args, variants, access,
 * source ranges, deferred tasks, noalias) survive writing and reading back,
 * and a task without its own `function:` gets the graph's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/io/files.h"
#include "test.h"

static EsTaskSourceInfo *source_of(EsGraph *g, int t) {
  EsTaskSourceInfo *si = es_arena_alloc(&g->arena, sizeof *si);
  g->tasks[t].source = si;
  return si;
}

static EsGraph *sample(void) {
  EsGraph *g = es_graph_new();
  g->name = es_graph_intern(g, "f");
  g->function = es_graph_intern(g, "f");
  g->range = (EsSourceRange){"a.c", 3, 1, 9, 2, 40, 200};
  static const char *noalias[] = {"A", "T"};
  g->noalias = noalias;
  g->nnoalias = 2;
  int in = es_graph_add_task(g, "f.in.A");
  g->tasks[in].kind = ES_TASK_INPUT;
  g->tasks[in].pin = es_graph_device(g, "cpu");
  int t = es_graph_add_task(g, "mul");
  EsTaskSourceInfo *si = source_of(g, t);
  si->callee = "mm";
  static const char *args[] = {"A", "T", "n * n"};
  si->args = args;
  si->nargs = 3;
  static EsVariant variants[1];
  variants[0] = (EsVariant){es_graph_device(g, "gpu"), "mm_gpu"};
  si->variants = variants;
  si->nvariants = 1;
  static EsAccess acc[2] = {{"A", ES_ACCESS_IN, "0", "n * n", "float", -1, false},
                            {"T", ES_ACCESS_OUT, NULL, NULL, "float", 64, true}};
  si->accesses = acc;
  si->naccesses = 2;
  si->range = (EsSourceRange){"a.c", 5, 3, 5, 18, 80, 95};
  int e = es_graph_add_edge(g, in, t, "A");
  g->edges[e].bytes = 256;
  /* a deferred task, as the front end lists it */
  int d = es_graph_add_task(g, "body");
  source_of(g, d)->deferred = true;
  g->deferred = malloc(sizeof *g->deferred);
  g->deferred[0] = g->tasks[d];
  g->ndeferred = g->deferred_cap = 1;
  g->ntasks = d;
  return g;
}

static void check_read(const EsGraph *g) {
  ASSERT_STREQ(g->function, "f");
  ASSERT_EQ(g->range.line, 3);
  ASSERT_EQ(g->range.end_offset, 200);
  ASSERT_STREQ(g->range.file, "a.c");
  ASSERT_EQ(g->nnoalias, 2);
  ASSERT_STREQ(g->noalias[1], "T");
  ASSERT_EQ(g->ntasks, 2);
  ASSERT_EQ(g->tasks[0].kind, ES_TASK_INPUT);
  ASSERT_TRUE(g->tasks[0].source == NULL);
  const EsTaskSourceInfo *si = g->tasks[1].source;
  ASSERT_TRUE(si != NULL);
  if (!si)
    return;
  ASSERT_STREQ(si->function, "f"); /* inherited from the graph */
  ASSERT_STREQ(si->callee, "mm");
  ASSERT_EQ(si->nargs, 3);
  ASSERT_STREQ(si->args[2], "n * n");
  ASSERT_EQ(si->nvariants, 1);
  ASSERT_STREQ(g->device_names[si->variants[0].device], "gpu");
  ASSERT_STREQ(si->variants[0].function, "mm_gpu");
  ASSERT_EQ(si->naccesses, 2);
  ASSERT_STREQ(si->accesses[0].len, "n * n");
  ASSERT_EQ(si->accesses[1].mode, ES_ACCESS_OUT);
  ASSERT_EQ((long)si->accesses[1].bytes, 64);
  ASSERT_TRUE(si->accesses[1].inferred);
  ASSERT_EQ(si->range.begin_offset, 80);
  ASSERT_EQ(si->range.end_col, 18);
  ASSERT_EQ(g->nedges, 1);
  ASSERT_EQ((long)g->edges[0].bytes, 256);
  ASSERT_EQ(g->ndeferred, 1);
  ASSERT_STREQ(g->deferred[0].name, "body");
  ASSERT_TRUE(g->deferred[0].source && g->deferred[0].source->deferred);
}

int main(void) {
  EsGraph *g = sample();
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  const EsGraph *v[1] = {g};
  ASSERT_TRUE(es_graph_write(f, v, 1));
  fclose(f);
  EsGraphList list = {0};
  EsError err = {0};
  int rc = es_graph_read_buffer(buf, len, "mem.yaml", &list, &err);
  ASSERT_EQ(rc, ES_OK);
  if (rc)
    fprintf(stderr, "%s\n%s", err.message, buf);
  else
    check_read(list.v[0]);
  /* Writing what was read gives the same text. */
  char *again = NULL;
  size_t again_len = 0;
  f = open_memstream(&again, &again_len);
  if (!rc)
    es_graph_write(f, (const EsGraph *const *)list.v, 1);
  fclose(f);
  ASSERT_STREQ(again, buf);
  free(buf), free(again);
  es_graph_list_free(&list);
  es_graph_free(g);
  return test_summary();
}
