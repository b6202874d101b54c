/* Fuzz target: StarPU history models (es_starpu_import, as `esched starpu
 * import` reads them), imported twice into one profile as several models
 * are; the profile written must read back. */
#include <stdint.h>

#include "fuzz_profile_file.h"
#include "scheduler/io/starpu_model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  EsProfile *p = es_profile_new();
  EsError err = {0};
  const char *path = fuzz_file("esched.mul", data, size);
  if (p && es_starpu_import(path, "gpu", p, &err) == ES_OK &&
      es_starpu_import(path, "gpu", p, &err) == ES_OK)
    fuzz_profile_round_trip(p);
  es_profile_free(p);
  return 0;
}
