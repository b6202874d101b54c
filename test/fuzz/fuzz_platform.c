/* Fuzz target: platform files (es_platform_read, es_platform_validate, as
 * `--platform FILE` loads them); a valid platform written and read back
 * must read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_file.h"
#include "scheduler/io/files.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  EsPlatform *p = NULL, *again = NULL;
  EsError err = {0};
  if (es_platform_read(fuzz_file("platform.yaml", data, size), &p, &err) == ES_OK &&
      es_platform_validate(p, &err) == ES_OK) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    bool ok = f && es_platform_write(f, p);
    if (f)
      fclose(f);
    if (ok && es_platform_read(fuzz_file("again.yaml", text, len), &again, &err) != ES_OK) {
      fprintf(stderr, "written platform does not read back: %d:%d: %s\n%s", err.line, err.col,
              err.message, text);
      abort();
    }
    free(text);
  }
  es_platform_free(again);
  es_platform_free(p);
  return 0;
}
