/* Fuzz target: the UAI reader (scheduler/sumproduct/network.h), as `esched
 * gen sumproduct --uai` reads a network; the input's last line, when it
 * starts with "EVID", is read as an evidence file of the network. */
#include <stdint.h>
#include <string.h>

#include "scheduler/sumproduct/network.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *text = (const char *)data, *evid = NULL;
  for (size_t i = size; i-- > 0 && !evid;)
    if (text[i] == '\n' && size - i > 5 && !memcmp(text + i + 1, "EVID", 4))
      evid = text + i + 5;
  size_t len = evid ? (size_t)(evid - 5 - text) : size;
  EsNetwork *n = NULL;
  EsError err = {0};
  if (es_network_read_uai_buffer(text, len, "fuzz.uai", &n, &err) == ES_OK) {
    if (evid)
      es_network_read_evidence_buffer(n, evid, size - (size_t)(evid - text), "fuzz.evid", &err);
    es_network_free(n);
  }
  return 0;
}
