/* Finding esched and its runtime (layout.h). */
#include "pass/driver/layout.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pass/driver/esched_cc_config.h"

/* The folder of this executable, or "." when /proc says nothing. */
static void self_dir(char *buf, size_t n) {
  ssize_t len = readlink("/proc/self/exe", buf, n - 1);
  if (len <= 0) {
    snprintf(buf, n, ".");
    return;
  }
  buf[len] = '\0';
  char *slash = strrchr(buf, '/');
  if (slash)
    *slash = '\0';
}

static bool exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}

void layout_find(Layout *l) {
  char dir[LAYOUT_PATH_MAX - 64], probe[LAYOUT_PATH_MAX];
  self_dir(dir, sizeof dir);
  snprintf(l->esched, sizeof l->esched, "%s/esched", dir);
  if (getenv("ESCHED") && *getenv("ESCHED"))
    snprintf(l->esched, sizeof l->esched, "%s", getenv("ESCHED"));
  snprintf(probe, sizeof probe, "%s/../%s/esched_rt.h", dir, ESCHED_CC_INSTALL_INCLUDEDIR);
  if (exists(probe)) {
    snprintf(l->include, sizeof l->include, "%s/../%s", dir, ESCHED_CC_INSTALL_INCLUDEDIR);
    snprintf(l->annotations, sizeof l->annotations, "%s", l->include);
    snprintf(l->runtime, sizeof l->runtime, "%s/../%s/libesched_rt.a", dir,
             ESCHED_CC_INSTALL_LIBDIR);
    snprintf(l->starpu, sizeof l->starpu, "%s/../%s/libesched_starpu.a", dir,
             ESCHED_CC_INSTALL_LIBDIR);
    if (!exists(l->starpu))
      l->starpu[0] = '\0';
    return;
  }
  snprintf(l->include, sizeof l->include, "%s", ESCHED_CC_RUNTIME_INCLUDE);
  snprintf(l->annotations, sizeof l->annotations, "%s", ESCHED_CC_ANNOTATIONS_INCLUDE);
  snprintf(l->runtime, sizeof l->runtime, "%s", ESCHED_CC_RUNTIME_LIBRARY);
  snprintf(l->starpu, sizeof l->starpu, "%s", ESCHED_CC_STARPU_LIBRARY);
}

const char *layout_runtime_libs(void) { return ESCHED_CC_RUNTIME_LINK_LIBS; }

const char *layout_starpu_libs(void) { return ESCHED_CC_STARPU_LINK_LIBS; }
