/* Fuzz target: profile files (es_profile_read, as `--profile` and the
 * runtime read them), merged twice into an empty profile as runs' samples
 * are; the merged profile written and read back must read. */
#include <stdint.h>

#include "fuzz_profile_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  EsProfile *p = NULL, *all = es_profile_new();
  EsError err = {0};
  if (all && es_profile_read(fuzz_file("profile.yaml", data, size), &p, &err) == ES_OK &&
      es_profile_merge(all, p) == ES_OK && es_profile_merge(all, p) == ES_OK)
    fuzz_profile_round_trip(all);
  es_profile_free(all);
  es_profile_free(p);
  return 0;
}
