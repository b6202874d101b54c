/* esched platform: the built-in platforms, and this machine's (--detect,
 * which esched-detect does: detection uses the runtime's back ends, and
 * the esched command links no runtime). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "pass/cli/commands.h"
#include "pass/frontend/diag.h"
#include "scheduler/io/files.h"

/* Runs esched-detect, found beside this program, with args (argv[0] is
 * "--detect"); returns only when it cannot be run. */
static int detect(char **argv) {
  char self[4096], tool[4200];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  char *slash = n > 0 ? (self[n] = '\0', strrchr(self, '/')) : NULL;
  if (slash)
    *slash = '\0';
  snprintf(tool, sizeof tool, "%s/esched-detect", slash ? self : ".");
  argv[0] = tool;
  execv(tool, argv);
  diag(DIAG_ERROR, NULL, 0, 0, "platform --detect: cannot run %s: %s", tool, strerror(errno));
  return 1;
}

int cmd_platform(int argc, char **argv) {
  if (argc > 0 && !strcmp(argv[0], "--detect"))
    return detect(argv);
  if (argc == 0) {
    for (const char *const *n = es_platform_preset_names(); *n; n++)
      printf("%-16s %s\n", *n, es_platform_preset_summary(*n));
    return 0;
  }
  if (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
    printf("usage: esched platform [NAME|FILE]\n"
           "       esched platform --detect [-o FILE] [options]   (--detect --help)\n\n"
           "Without arguments, lists the built-in platforms. With one, prints it as a\n"
           "platform file (a starting point for your own machine's). --detect writes\n"
           "this machine's: its CPU levels, OpenCL and CUDA devices, measured links.\n");
    return 0;
  }
  EsPlatform *p = NULL;
  EsError err;
  diag_error_init(&err);
  if (es_platform_load(argv[0], &p, &err))
    return 1;
  bool ok = es_platform_write(stdout, p);
  es_platform_free(p);
  return ok ? 0 : 1;
}
