/* Binding run-time loaded libraries (dl.h). */
#include "runtime-stub/memory/dl.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

bool rt_dl_bind(void *handle, void *table, const RtDlSym *syms, int n, const char *from, char *why,
                int whylen) {
  for (int i = 0; i < n; i++) {
    void *p = dlsym(handle, syms[i].name);
    if (!p && !syms[i].optional) {
      snprintf(why, (size_t)whylen, "%s lacks %s", from, syms[i].name);
      return false;
    }
    /* POSIX guarantees that an object pointer from dlsym converts to a
     * function pointer; copying the bytes says so without a cast. */
    memcpy((char *)table + syms[i].offset, &p, sizeof p);
  }
  return true;
}

void rt_dl_append(char *why, int whylen, const char *text) {
  size_t k = strlen(why);
  if (k + 1 < (size_t)whylen)
    snprintf(why + k, (size_t)whylen - k, "%s%s", k ? "; " : "", text);
}
