/* Fuzz target: profile files (es_profile_read, as `--profile` and the
 * runtime read them), merged twice into an empty profile as runs' samples
 * are; the merged profile written and read back must read. */
#include <stdint.h>

#include "fuzz_file.h"
#include "scheduler/io/files.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool write_profile(FILE *f, const void *p) { return es_profile_write(f, p); }

static int read_profile(const char *path, void *again, EsError *err) {
  return es_profile_read(path, again, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  EsProfile *p = NULL, *all = es_profile_new(), *again = NULL;
  EsError err = {0};
  if (all && es_profile_read(fuzz_file("profile.yaml", data, size), &p, &err) == ES_OK &&
      es_profile_merge(all, p) == ES_OK && es_profile_merge(all, p) == ES_OK)
    fuzz_round_trip("profile", write_profile, all, read_profile, &again);
  es_profile_free(again);
  es_profile_free(all);
  es_profile_free(p);
  return 0;
}
