/* Fuzz target: `esched import` of STG task graphs (scheduler/io/import.h),
 * with its cycle check, on two processors with a bandwidth. */
#include <stdint.h>

#include "fuzz_file.h"
#include "scheduler/io/import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  EsImportOptions opt = {ES_IMPORT_STG, 2, 1e9};
  EsGraph *g = NULL;
  EsError err = {0};
  if (es_import(fuzz_file("input.stg", data, size), &opt, &g, &err) == ES_OK)
    es_graph_free(g);
  return 0;
}
