/* Fuzz target: `esched compile` in-process (pass/frontend_cli/frontend_commands.h) on a
 * small C file: the annotation scan and clause parser, libclang's parse and
 * the AST walk, the dependency graphs, scheduling and the rewrite, written
 * to /dev/null. The seeds are the tests' C files and the dictionary holds
 * the annotation language, so mutations make random pragmas. libclang runs
 * in this process: each input is parsed without system headers beyond the
 * annotations' own, which keeps a run small. */
#include <stdint.h>

#include "fuzz_file.h"
#include "pass/frontend_cli/frontend_commands.h"

#ifndef ESCHED_ANNOTATIONS_INCLUDE
#error "the build gives the annotations' include folder"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *__asan_default_options(void);

/* No leak detection in this target: libclang 14 itself crashes on some
 * inputs (regressions/compile/libclang-crash-*.c; clang -fsyntax-only
 * crashes on them too), recovers, and keeps what the crashed parse had
 * allocated; without frame pointers in libclang, LeakSanitizer cannot tell
 * those leaks from esched's. The ASan test suite runs esched compile with
 * leak detection on. */
const char *__asan_default_options(void) { return "detect_leaks=0"; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *argv[] = {(char *)fuzz_file("input.c", data, size), "-o",        "/dev/null", "--",
                  "-I" ESCHED_ANNOTATIONS_INCLUDE,          "-nostdinc", NULL};
  cmd_compile(6, argv);
  return 0;
}
