/* Fuzz target: the front end's first step on a C file (pass/frontend/
 * annot.h): finding `#pragma esched` and ESCHED_TASK( candidates in the raw
 * text, parsing their clauses, mapping positions back to lines, and the
 * appendix of section expressions handed to libclang. fuzz_compile runs
 * the whole pipeline, libclang included, at a few hundred inputs a second;
 * this step alone runs at thousands. */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_file.h"
#include "pass/frontend/annot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Source src = {0};
  AnnotList l = {0};
  if (source_load(&src, fuzz_file("input.c", data, size)) && annots_scan(&l, &src, NULL)) {
    free(annots_appendix(&l));
    int line, col;
    source_position(&src, size / 2, &line, &col);
  }
  annots_free(&l);
  source_free(&src);
  return 0;
}
