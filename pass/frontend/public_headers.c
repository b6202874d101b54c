/* Finding esched.h for the front end (public_headers.h). */
#include "pass/frontend/public_headers.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *frontend_public_headers(void) {
  static char dir[4096];
  if (dir[0])
    return dir;
  char exe[3000];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  struct stat st;
  if (n > 0) {
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash)
      *slash = '\0';
    snprintf(dir, sizeof dir, "%s/../%s/esched.h", exe, ESCHED_INSTALL_PUBLIC_INCLUDEDIR);
    if (stat(dir, &st) == 0) {
      *strrchr(dir, '/') = '\0';
      return dir;
    }
  }
  snprintf(dir, sizeof dir, "%s", ESCHED_SOURCE_PUBLIC_HEADERS);
  return dir;
}
