/* Fuzz target: profile files (es_profile_read, as `--profile` and the
 * runtime read them), merged into an empty profile as a run's samples are;
 * the merged profile written and read back must read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_file.h"
#include "scheduler/io/files.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  EsProfile *p = NULL, *all = es_profile_new(), *again = NULL;
  EsError err = {0};
  if (all && es_profile_read(fuzz_file("profile.yaml", data, size), &p, &err) == ES_OK &&
      es_profile_merge(all, p) == ES_OK && es_profile_merge(all, p) == ES_OK) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    bool ok = f && es_profile_write(f, all);
    if (f)
      fclose(f);
    if (ok && es_profile_read(fuzz_file("again.yaml", text, len), &again, &err) != ES_OK) {
      fprintf(stderr, "written profile does not read back: %d:%d: %s\n%s", err.line, err.col,
              err.message, text);
      abort();
    }
    free(text);
  }
  es_profile_free(again);
  es_profile_free(all);
  es_profile_free(p);
  return 0;
}
