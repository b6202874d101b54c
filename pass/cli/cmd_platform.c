/* esched platform: the built-in platforms, and this machine's (--detect,
 * which esched-detect does: detection uses the runtime's back ends, and
 * the esched command links no runtime). */
#include <stdio.h>
#include <string.h>

#include "pass/cli/commands.h"
#include "pass/cli/run_beside.h"
#include "pass/diag/diag.h"
#include "scheduler/io/files.h"

int cmd_platform(int argc, char **argv) {
  if (argc > 0 && !strcmp(argv[0], "--detect"))
    return pass_run_beside("esched-detect", argv, "platform --detect");
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
