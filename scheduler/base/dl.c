/* Binding run-time loaded libraries (dl.h). */
#include "scheduler/base/dl.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool es_dl_bind(void *handle, void *table, const EsDlSym *syms, int n, const char *from, char *why,
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

void es_dl_append(char *why, int whylen, const char *text) {
  size_t k = strlen(why);
  if (k + 1 < (size_t)whylen)
    snprintf(why + k, (size_t)whylen - k, "%s%s", k ? "; " : "", text);
}

const void *es_dl_load(EsDlOnce *once, void *table,
                       bool (*load)(void *table, char *why, int whylen), char *why, int whylen) {
  pthread_mutex_lock(&once->lock);
  if (!once->tried)
    once->ok = load(table, once->why, sizeof once->why);
  once->tried = true;
  pthread_mutex_unlock(&once->lock);
  if (!once->ok)
    snprintf(why, (size_t)whylen, "%s", once->why);
  return once->ok ? table : NULL;
}

bool es_dl_open_bind(const char *env, const char *name, const char *what, void *table,
                     const EsDlSym *syms, int n, char *why, int whylen) {
  const char *v = getenv(env);
  if (v && !strcmp(v, "none")) {
    snprintf(why, (size_t)whylen, "%s disabled (%s=none)", what, env);
    return false;
  }
  const char *lib = v && *v ? v : name;
  void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    snprintf(why, (size_t)whylen, "no %s (%s)", what, dlerror());
    return false;
  }
  return es_dl_bind(h, table, syms, n, lib, why, whylen);
}
