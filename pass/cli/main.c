/* esched: an energy-aware build-time pass for C.
 *
 * The pipeline (docs/DESIGN.md) as commands:
 *   extract   annotated C -> task graph
 *   schedule  task graph + platform + profile -> schedule
 *   rewrite   annotated C + schedule -> scheduled C
 *   compile   all three in one step
 *   report    schedule (+ profile) -> tables and pictures
 * The commands that parse C (extract, rewrite, compile) are esched-frontend's,
 * which this program runs for them: the others never load libclang.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pass/cli/args.h"
#include "pass/cli/commands.h"
#include "pass/cli/run_beside.h"
#include "pass/cli/write.h"
#include "pass/diag/diag.h"
#include "pass/version.h"

typedef struct Command {
  const char *name;
  int (*run)(int argc, char **argv); /* NULL: esched-frontend's */
  const char *summary;
} Command;

static const Command commands[] = {
    {"extract", NULL, "extract the task graphs of an annotated C file"},
    {"schedule", cmd_schedule, "schedule a task graph for minimum energy"},
    {"rewrite", NULL, "rewrite an annotated C file to follow a schedule"},
    {"compile", NULL, "extract, schedule and rewrite in one step"},
    {"report", cmd_report, "print a schedule as a table like the papers'"},
    {"gen", cmd_gen, "generate task graphs (paper examples, random trees and DAGs)"},
    {"platform", cmd_platform, "list the built-in platforms or print one as YAML"},
    {"import", cmd_import, "convert STG, Pegasus DAX or WfCommons JSON task graphs"},
    {"starpu", cmd_starpu, "profiles as StarPU performance models and back"},
    {NULL, NULL, NULL},
};

static void usage(FILE *f) {
  fprintf(f, "usage: esched COMMAND [OPTIONS] [ARGS]\n\ncommands:\n");
  for (const Command *c = commands; c->name; c++)
    fprintf(f, "  %-10s %s\n", c->name, c->summary);
  fprintf(f, "\n'esched COMMAND --help' describes each command; 'esched --version' prints "
             "the version.\n-q, --quiet (anywhere before --): errors only, no notes, warnings "
             "or progress.\nDiagnostics are coloured on a terminal unless NO_COLOR is set.\n"
             "GLPK is loaded when an ILP is asked for: libglpk.so.40, or the library "
             "ESCHED_GLPK_PATH names.\n");
}

/* The command esched-frontend runs, named first after any -q, or NULL. */
static const char *frontend_command(int argc, char **argv) {
  int i = 1;
  while (i < argc && (!strcmp(argv[i], "-q") || !strcmp(argv[i], "--quiet")))
    i++;
  for (const Command *c = commands; i < argc && c->name; c++)
    if (!c->run && !strcmp(argv[i], c->name))
      return c->name;
  return NULL;
}

int main(int argc, char **argv) {
  const char *frontend = frontend_command(argc, argv);
  if (frontend) /* the command line as given, -q included */
    return pass_run_beside("esched-frontend", argv, frontend);
  argc = args_take_quiet(argc, argv);
  if (argc < 2) {
    usage(stderr);
    return 1;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    usage(stdout);
    return 0;
  }
  if (!strcmp(argv[1], "--version")) {
    printf("esched %s\n", ESCHED_VERSION);
    return 0;
  }
  pass_outputs_guard(argc, argv);
  for (const Command *c = commands; c->name; c++)
    if (!strcmp(argv[1], c->name)) {
      int rc = c->run(argc - 2, argv + 2);
      diag_summary();
      return rc;
    }
  diag(DIAG_ERROR, NULL, 0, 0, "unknown command '%s'", argv[1]);
  usage(stderr);
  return 1;
}
