/* Fuzz target: StarPU history models (es_starpu_import, as `esched starpu
 * import` reads them), imported twice into one profile as several models
 * are; the profile written must read back. */
#include <stdint.h>

#include "fuzz_file.h"
#include "scheduler/io/files.h"
#include "scheduler/io/starpu_model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool write_profile(FILE *f, const void *p) { return es_profile_write(f, p); }

static int read_profile(const char *path, void *again, EsError *err) {
  return es_profile_read(path, again, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  EsProfile *p = es_profile_new(), *again = NULL;
  EsError err = {0};
  const char *path = fuzz_file("esched.mul", data, size);
  if (p && es_starpu_import(path, "gpu", p, &err) == ES_OK &&
      es_starpu_import(path, "gpu", p, &err) == ES_OK)
    fuzz_round_trip("profile", write_profile, p, read_profile, &again);
  es_profile_free(again);
  es_profile_free(p);
  return 0;
}
