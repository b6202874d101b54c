/* esched import: real task graphs (STG, Pegasus DAX, WfCommons JSON) ->
 * graph file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/cli/args.h"
#include "pass/cli/commands.h"
#include "pass/cli/write.h"
#include "pass/diag/diag.h"
#include "scheduler/io/files.h"
#include "scheduler/io/import.h"

static const char help[] =
    "usage: esched import FILE [options] [-o GRAPH.yaml]\n"
    "\n"
    "Converts a task graph in a standard format into an esched graph file with\n"
    "timed tasks on processors p0..pN-1 (the names of the NAME:N platforms):\n"
    "  .stg         Standard Task Graph set (task costs; no communication)\n"
    "  .xml, .dax   Pegasus DAX workflow (runtimes in seconds, file sizes)\n"
    "  .json        WfCommons workflow instance (wfformat 1.4 and 1.5)\n"
    "\n"
    "options:\n"
    "  --format F       stg, dax or wfcommons (default: from the file name)\n"
    "  --procs N        identical processors p0..pN-1 (default 1)\n"
    "  --bandwidth B    bytes per second: edges get transfer times instead of\n"
    "                   bytes (default: keep bytes; a platform's links time them)\n"
    "  -o FILE          output graph (default: standard output)\n";

static bool parse_format(const char *v, EsImportFormat *f) {
  if (v && !strcmp(v, "stg"))
    *f = ES_IMPORT_STG;
  else if (v && !strcmp(v, "dax"))
    *f = ES_IMPORT_DAX;
  else if (v && !strcmp(v, "wfcommons"))
    *f = ES_IMPORT_WFCOMMONS;
  else
    return false;
  return true;
}

int cmd_import(int argc, char **argv) {
  Args a;
  args_init(&a, "import", argc, argv);
  EsImportOptions opt = {ES_IMPORT_AUTO, 1, 0};
  const char *arg, *path = NULL, *output = "-";
  long n;
  ArgKind k;
  while ((k = args_next(&a, &arg)) != ARG_END) {
    if (k == ARG_POSITIONAL && !path)
      path = arg;
    else if (k != ARG_OPTION) {
      diag(DIAG_ERROR, NULL, 0, 0, "import: unexpected argument '%s'", arg);
      return 1;
    } else if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      fputs(help, stdout);
      return 0;
    } else if (!strcmp(arg, "-o"))
      output = args_value(&a, arg);
    else if (!strcmp(arg, "--format")) {
      if (!parse_format(args_value(&a, arg), &opt.format) && !a.failed) {
        diag(DIAG_ERROR, NULL, 0, 0, "import: --format must be stg, dax or wfcommons");
        return 1;
      }
    } else if (!strcmp(arg, "--procs") && args_long(&a, arg, &n))
      opt.nprocs = (int)n;
    else if (!strcmp(arg, "--bandwidth"))
      args_double(&a, arg, &opt.bandwidth);
    else if (strcmp(arg, "--procs") != 0)
      args_unknown(&a, arg);
    if (a.failed)
      return 1;
  }
  if (!path || opt.nprocs < 1 || opt.nprocs > 4096 || opt.bandwidth < 0) {
    diag(DIAG_ERROR, NULL, 0, 0,
         path ? "import: need 1 <= --procs <= 4096 and --bandwidth >= 0"
              : "import: no input file given (see esched import --help)");
    return 1;
  }
  EsGraph *g = NULL;
  EsError err;
  diag_error_init(&err);
  if (es_import(path, &opt, &g, &err))
    return 1;
  const EsGraph *one = g;
  int status = pass_write_graphs("import", output, &one, 1) ? 0 : 1;
  es_graph_free(g);
  return status;
}
