/* Fuzz target: the BIF reader (scheduler/sumproduct/network.h), as `esched
 * gen sumproduct --bif` reads a network. */
#include <stdint.h>

#include "scheduler/sumproduct/network.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  EsNetwork *n = NULL;
  EsError err = {0};
  if (es_network_read_bif_buffer((const char *)data, size, "fuzz.bif", &n, &err) == ES_OK)
    es_network_free(n);
  return 0;
}
