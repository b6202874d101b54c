/* Fuzz target: platform files (es_platform_read, es_platform_validate, as
 * `--platform FILE` loads them); a valid platform written and read back
 * must read. */
#include <stdint.h>

#include "fuzz_file.h"
#include "scheduler/io/files.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool write_platform(FILE *f, const void *p) { return es_platform_write(f, p); }

static int read_platform(const char *path, void *again, EsError *err) {
  return es_platform_read(path, again, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  EsPlatform *p = NULL, *again = NULL;
  EsError err = {0};
  if (es_platform_read(fuzz_file("platform.yaml", data, size), &p, &err) == ES_OK &&
      es_platform_validate(p, &err) == ES_OK)
    fuzz_round_trip("platform", write_platform, p, read_platform, &again);
  es_platform_free(again);
  es_platform_free(p);
  return 0;
}
