/* esched-frontend: the esched commands that parse C, run by esched (which
 * links no libclang) for `esched extract`, `esched rewrite` and
 * `esched compile` with the same command line. */
#include <stdio.h>
#include <string.h>

#include "pass/cli/args.h"
#include "pass/cli/write.h"
#include "pass/diag/diag.h"
#include "pass/frontend/tu.h"
#include "pass/frontend_cli/frontend_commands.h"
#include "pass/version.h"

typedef struct Command {
  const char *name;
  int (*run)(int argc, char **argv);
} Command;

static const Command commands[] = {
    {"extract", cmd_extract},
    {"rewrite", cmd_rewrite},
    {"compile", cmd_compile},
    {NULL, NULL},
};

int main(int argc, char **argv) {
  argc = args_take_quiet(argc, argv);
  if (argc >= 2 && !strcmp(argv[1], "--version")) {
    printf("esched %s\n", ESCHED_VERSION);
    return 0;
  }
  pass_outputs_guard(argc, argv);
  tu_end_process_on_crash();
  for (const Command *c = commands; argc >= 2 && c->name; c++)
    if (!strcmp(argv[1], c->name)) {
      int rc = c->run(argc - 2, argv + 2);
      diag_summary();
      return rc;
    }
  fprintf(stderr, "usage: esched-frontend extract|rewrite|compile [OPTIONS] [ARGS]\n"
                  "(esched runs it for these commands: 'esched --help')\n");
  return 1;
}
