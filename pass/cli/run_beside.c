/* Finds a program beside /proc/self/exe and executes it. */
#include "pass/cli/run_beside.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "pass/diag/diag.h"

int pass_run_beside(const char *program, char **argv, const char *what) {
  char self[4096], path[4400];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  char *slash = n > 0 ? (self[n] = '\0', strrchr(self, '/')) : NULL;
  if (slash)
    *slash = '\0';
  snprintf(path, sizeof path, "%s/%s", slash ? self : ".", program);
  argv[0] = path;
  execv(path, argv);
  diag(DIAG_ERROR, NULL, 0, 0, "%s: cannot run %s: %s", what, path, strerror(errno));
  return 1;
}
