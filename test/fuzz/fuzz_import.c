/* Fuzz target: `esched import` (scheduler/io/import.h) of one format, with
 * its cycle check, on two processors with a bandwidth. Built once per
 * format: FORMAT is the ES_IMPORT_* value, SUFFIX the file name's ending. */
#include <stdint.h>

#include "fuzz_file.h"
#include "scheduler/io/import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  EsImportOptions opt = {FORMAT, 2, 1e9};
  EsGraph *g = NULL;
  EsError err = {0};
  if (es_import(fuzz_file("input" SUFFIX, data, size), &opt, &g, &err) == ES_OK)
    es_graph_free(g);
  return 0;
}
