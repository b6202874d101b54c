/* dynamic_tls LIB: dlopens LIB and touches its thread-locals once malloc's
 * next 16-byte block starts 16 bytes into a page, so that glibc puts LIB's
 * dynamic TLS block there (with glibc.rtld.optional_static_tls=0); prints
 * where the block landed. The blocks it allocates stay reachable. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void *steer[4096];

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  void *lib = dlopen(argv[1], RTLD_NOW);
  if (!lib) {
    fprintf(stderr, "%s\n", dlerror());
    return 1;
  }
  long *(*touch)(void) = (long *(*)(void))dlsym(lib, "dynamic_tls_touch");
  if (!touch)
    return 1;
  for (size_t n = 0; n < sizeof steer / sizeof *steer; n++)
    if ((uintptr_t)(steer[n] = malloc(16)) % 4096 == 4096 - 16)
      break;
  uintptr_t offset = (uintptr_t)touch() % 4096;
  printf("dynamic TLS block %lu bytes into its page\n", (unsigned long)offset);
  return offset == 16 ? 0 : 1;
}
