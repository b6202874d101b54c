/* Fuzz target: `esched compile` in-process (pass/frontend_cli/frontend_commands.h) on a
 * small C file: the annotation scan and clause parser, libclang's parse and
 * the AST walk, the dependency graphs, scheduling and the rewrite, written
 * to /dev/null. The seeds are the tests' C files and the dictionary holds
 * the annotation language, so mutations make random pragmas. libclang runs
 * in this process: each input is parsed without system headers beyond the
 * annotations' own, which keeps a run small. */
#include <sanitizer/allocator_interface.h>
#include <signal.h>
#include <stdint.h>
#include <sys/resource.h>

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

/* clang 14 recurses without end on some broken macro calls
 * (regressions/compile/libclang-stack-overflow.c). esched-frontend ends
 * after such a crash (tu_end_process_on_crash): the overflow may strike
 * inside malloc and leave the allocator locked. This target goes on to the
 * next input in the same process, so it makes the overflow strike before
 * the allocator can: a malloc with less than STACK_MARGIN of stack left
 * raises the SIGSEGV itself, outside any lock, and libclang recovers as
 * from the overflow. Without it, the next malloc could wait forever (a
 * timeout of the CI smoke run, once). */
enum { STACK_MARGIN = 1 << 20, PARSE_STACK = 64 << 20 /* tu.c's cap */ };
static uintptr_t stack_end, stack_floor; /* this thread's: [end, floor) is the margin */

static void near_overflow(const volatile void *p, size_t n) {
  (void)p, (void)n;
  char here;
  /* other threads' stacks and the signal stack lie elsewhere */
  if ((uintptr_t)&here >= stack_end && (uintptr_t)&here < stack_floor)
    raise(SIGSEGV);
}
static void no_free_hook(const volatile void *p) { (void)p; }

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  struct rlimit limit;
  char here;
  rlim_t stack = getrlimit(RLIMIT_STACK, &limit) == 0 && limit.rlim_cur < PARSE_STACK
                     ? limit.rlim_cur
                     : PARSE_STACK;
  if (stack > 2 * STACK_MARGIN) {
    stack_end = (uintptr_t)&here - stack;
    stack_floor = stack_end + STACK_MARGIN;
  }
  __sanitizer_install_malloc_and_free_hooks(near_overflow, no_free_hook);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *argv[] = {(char *)fuzz_file("input.c", data, size), "-o",        "/dev/null", "--",
                  "-I" ESCHED_ANNOTATIONS_INCLUDE,          "-nostdinc", NULL};
  cmd_compile(6, argv);
  return 0;
}
