/* Fuzz target: schedule files (es_schedule_read, as `esched report`,
 * `esched rewrite --schedule` and ESCHED_SCHEDULE read them); the schedules
 * written and read back must read. */
#include <stdint.h>

#include "fuzz_file.h"
#include "scheduler/io/files.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool write_schedules(FILE *f, const void *list) {
  const EsScheduleList *l = list;
  return es_schedule_write(f, (const EsSchedule *const *)l->v, l->len);
}

static int read_schedules(const char *path, void *again, EsError *err) {
  return es_schedule_read(path, again, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  EsScheduleList list = {0}, again = {0};
  EsError err = {0};
  if (es_schedule_read(fuzz_file("schedule.yaml", data, size), &list, &err) == ES_OK)
    fuzz_round_trip("schedule", write_schedules, &list, read_schedules, &again);
  es_schedule_list_free(&again);
  es_schedule_list_free(&list);
  return 0;
}
