/* CUDA launchers among esched-cc's inputs (cuda.h). */
#include "pass/driver/cuda.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/driver/esched_cc_config.h"

bool cuda_is_source(const char *path) { return ends_with(path, ".cu"); }

static const char *nvcc(void) {
  const char *env = getenv("ESCHED_NVCC");
  return env && *env ? env : ESCHED_CC_NVCC;
}

/* Whether flags->v[i] is one nvcc takes as cc does: -I, -D, -U or the
 * value of one of them. */
static bool nvcc_flag(const Argv *flags, int i) {
  const char *f = flags->v[i], *prev = i ? flags->v[i - 1] : "";
  bool value = !strcmp(prev, "-I") || !strcmp(prev, "-D") || !strcmp(prev, "-U");
  return value || has_prefix(f, "-I") || has_prefix(f, "-D") || has_prefix(f, "-U");
}

int cuda_compile(const Layout *l, const Argv *flags, const char *src, const char *obj) {
  if (!*nvcc()) {
    fprintf(stderr,
            "esched-cc: error: %s is CUDA, and nvcc was not found when esched was built (set "
            "ESCHED_NVCC)\n",
            src);
    return 1;
  }
  Argv cmd = {0};
  argv_push(&cmd, nvcc());
  for (int i = 0; i < flags->len; i++)
    if (nvcc_flag(flags, i))
      argv_push(&cmd, flags->v[i]);
  const char *inc[] = {"-I", l->include, "-I", l->annotations, "-Xcompiler", "-fPIC", "-c",
                       src,  "-o",       obj};
  for (size_t i = 0; i < sizeof inc / sizeof *inc; i++)
    argv_push(&cmd, inc[i]);
  int rc = argv_run(&cmd);
  argv_free(&cmd);
  return rc;
}

void cuda_push_link(Argv *cc) {
  char *libs = strdup(ESCHED_CC_CUDART_LINK);
  for (char *t = libs ? strtok(libs, " ") : NULL; t; t = strtok(NULL, " "))
    argv_push(cc, t);
  free(libs);
}
