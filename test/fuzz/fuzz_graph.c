/* Fuzz target: task graph files as `esched schedule` reads and plans them
 * (scheduler/io/files.h, scheduler/plan/plan.h): parse, validate, check for
 * cycles, bind to the default platform, schedule with greedy and the
 * baselines; then each graph written and read back, which must succeed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "scheduler/io/files.h"
#include "scheduler/plan/plan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A graph the writer wrote must read back. */
static void round_trip(const EsGraph *g) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f)
    return;
  bool ok = es_graph_write(f, &g, 1);
  fclose(f);
  EsGraphList again = {0};
  EsError err = {0};
  if (ok && es_graph_read_buffer(text, len, "round-trip", &again, &err) != ES_OK) {
    fprintf(stderr, "written graph does not read back: %d:%d: %s\n%s", err.line, err.col,
            err.message, text);
    abort();
  }
  es_graph_list_free(&again);
  free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  EsGraphList graphs = {0};
  EsError err = {0};
  if (es_graph_read_buffer((const char *)data, size, "fuzz.yaml", &graphs, &err) == ES_OK) {
    EsPlanOptions opt = {.algorithm = "greedy", .baselines = true};
    for (int i = 0; i < graphs.len; i++) {
      EsSchedule *s = NULL;
      es_error_clear(&err);
      if (es_plan(graphs.v[i], &opt, &s, NULL, 0, NULL, 0, &err) == ES_OK)
        es_schedule_free(s);
      round_trip(graphs.v[i]);
    }
  }
  es_graph_list_free(&graphs);
  return 0;
}
