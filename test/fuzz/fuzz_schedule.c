/* Fuzz target: schedule files (es_schedule_read, as `esched report`,
 * `esched rewrite --schedule` and ESCHED_SCHEDULE read them); a schedule
 * written and read back must read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_file.h"
#include "scheduler/io/files.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  EsScheduleList list = {0}, again = {0};
  EsError err = {0};
  if (es_schedule_read(fuzz_file("schedule.yaml", data, size), &list, &err) == ES_OK) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    bool ok = f && es_schedule_write(f, (const EsSchedule *const *)list.v, list.len);
    if (f)
      fclose(f);
    if (ok && es_schedule_read(fuzz_file("again.yaml", text, len), &again, &err) != ES_OK) {
      fprintf(stderr, "written schedule does not read back: %d:%d: %s\n%s", err.line, err.col,
              err.message, text);
      abort();
    }
    free(text);
  }
  es_schedule_list_free(&again);
  es_schedule_list_free(&list);
  return 0;
}
