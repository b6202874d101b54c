# Warning flags and sanitizer configurations shared by every target.
# -Werror sits behind ESCHED_WERROR so that a newer compiler's new warning does
# not break a user's build, while CI (which turns it on) stays strict.

set(ESCHED_WARNING_FLAGS
  -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes
  -Wmissing-prototypes -Wformat=2 -Wno-format-nonliteral)
if(ESCHED_WERROR)
  list(APPEND ESCHED_WARNING_FLAGS -Werror)
endif()
add_compile_options("$<$<COMPILE_LANGUAGE:C>:${ESCHED_WARNING_FLAGS}>")
# Strict C11 plus POSIX.1-2008 (mkstemp, fsync, clock_gettime, strdup).
add_compile_definitions(_POSIX_C_SOURCE=200809L)

if(ESCHED_SANITIZE AND ESCHED_TSAN)
  message(FATAL_ERROR "ESCHED_SANITIZE and ESCHED_TSAN cannot be combined")
endif()
# The fuzz build: every library instrumented for libFuzzer's coverage and
# checked by ASan+UBSan; the targets in test/fuzz link libFuzzer's main.
if(ESCHED_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang" OR ESCHED_SANITIZE OR ESCHED_TSAN)
    message(FATAL_ERROR "ESCHED_FUZZ needs clang (CC=clang-14) and no other sanitizer option")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined
                      -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
if(ESCHED_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
  # ASan options of every process the tests start: ctest sets them in its
  # own environment before it runs any test (the file below; a caller's
  # ASAN_OPTIONS come after them, and win), and %opencl_env repeats them.
  # intercept_tls_get_addr=0: the runtimes of GCC 12 and LLVM 14 (Debian
  # 12's) take a dynamic TLS block (the thread-locals of a dlopened library:
  # PoCL's, through the ICD loader) that malloc happened to place 16 bytes
  # into a page for one with glibc 2.19's header, and read the two words
  # before it (ASan's chunk header) as the block's bounds. LeakSanitizer
  # then scans that range at exit and dies ("Tracer caught signal 11";
  # google/sanitizers#1322). Where the block lands depends on every
  # allocation before it, so a given machine and path fail every time or
  # never (test/runtime/dynamic-tls.test). Turning the interceptor off loses
  # nothing the tests need: glibc allocates those blocks with malloc, and
  # the leak check still finds them reachable (no test reports one).
  set(ESCHED_TEST_ASAN_OPTIONS intercept_tls_get_addr=0)
  file(WRITE ${PROJECT_BINARY_DIR}/EschedTestEnvironment.cmake
       "set(ENV{ASAN_OPTIONS} \"${ESCHED_TEST_ASAN_OPTIONS}:\$ENV{ASAN_OPTIONS}\")\n")
  set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY TEST_INCLUDE_FILES
               ${PROJECT_BINARY_DIR}/EschedTestEnvironment.cmake)
endif()
if(ESCHED_TSAN)
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
endif()
