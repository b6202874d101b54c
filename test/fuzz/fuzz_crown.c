/* Fuzz target: the crown files as `esched schedule` and `esched report`
 * tell them apart and read them (scheduler/crown/crown.h): a collection is
 * scheduled with crown-fast and checked; a crown schedule is laid out. */
#include <stdint.h>

#include "fuzz_file.h"
#include "scheduler/crown/crown.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *path = fuzz_file("crown.yaml", data, size);
  EsError err = {0};
  if (es_crown_probe(path, "crown_schedule")) {
    EsCrownScheduleList list = {0};
    es_crown_schedule_read(path, &list, &err);
    es_crown_schedule_list_free(&list);
    return 0;
  }
  EsCrownProblemList in = {0};
  if (es_crown_probe(path, "collection") && es_crown_read(path, &in, &err) == ES_OK)
    for (int i = 0; i < in.len; i++) {
      EsCrownSchedule *s = NULL;
      EsCrownOptions opt = {.seed = 1};
      es_error_clear(&err);
      if (es_crown_run("crown-fast", in.v[i], &opt, &s, &err) == ES_OK)
        es_crown_schedule_free(s);
    }
  es_crown_problem_list_free(&in);
  return 0;
}
