/* Relative file names made absolute (path.h). */
#include "scheduler/base/path.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

char *es_path_absolute(const char *path) {
  char cwd[PATH_MAX];
  if (path[0] != '/') {
    if (!getcwd(cwd, sizeof cwd))
      return NULL;
    while (path[0] == '.' && path[1] == '/')
      for (path += 2; *path == '/'; path++)
        ;
  }
  const char *dir = path[0] == '/' ? "" : cwd;
  const char *sep = !*dir || !strcmp(dir, "/") ? "" : "/";
  size_t len = strlen(dir) + strlen(sep) + strlen(path) + 1;
  char *abs = malloc(len);
  if (abs)
    snprintf(abs, len, "%s%s%s", dir, sep, path);
  return abs;
}
