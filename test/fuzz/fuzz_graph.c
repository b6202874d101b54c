/* Fuzz target: task graph files as `esched schedule` reads and plans them
 * (scheduler/io/files.h, scheduler/plan/plan.h): parse, validate, check for
 * cycles, bind to the default platform, schedule with greedy and the
 * baselines; then each graph written and read back, which must read. */
#include <stdint.h>

#include "fuzz_file.h"
#include "scheduler/io/files.h"
#include "scheduler/plan/plan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool write_graph(FILE *f, const void *g) {
  return es_graph_write(f, (const EsGraph *const *)&g, 1);
}

static int read_graphs(const char *path, void *again, EsError *err) {
  return es_graph_read(path, again, err);
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
      EsGraphList again = {0};
      fuzz_round_trip("graph", write_graph, graphs.v[i], read_graphs, &again);
      es_graph_list_free(&again);
    }
  }
  es_graph_list_free(&graphs);
  return 0;
}
