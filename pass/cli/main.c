/* esched: an energy-aware build-time pass for C.
 *
 * The pipeline (docs/DESIGN.md) as commands:
 *   extract   annotated C -> task graph
 *   schedule  task graph + platform + profile -> schedule
 *   rewrite   annotated C + schedule -> scheduled C
 *   compile   all three in one step
 *   report    schedule (+ profile) -> tables and pictures
 */
#include <stdio.h>
#include <string.h>

#include "pass/cli/commands.h"
#include "pass/version.h"

typedef struct Command {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
    {"extract", cmd_extract, "extract the task graphs of an annotated C file"},
    {"schedule", cmd_schedule, "schedule a task graph for minimum energy"},
    {"rewrite", cmd_rewrite, "rewrite an annotated C file to follow a schedule"},
    {"compile", cmd_compile, "extract, schedule and rewrite in one step"},
    {"report", cmd_report, "print a schedule as a table like the papers'"},
    {"gen", cmd_gen, "generate task graphs (paper examples, random trees and DAGs)"},
    {"platform", cmd_platform, "list the built-in platforms or print one as YAML"},
    {"import", cmd_import, "convert STG, Pegasus DAX or WfCommons JSON task graphs"},
    {NULL, NULL, NULL},
};

static void usage(FILE *f) {
  fprintf(f, "usage: esched COMMAND [OPTIONS] [ARGS]\n\ncommands:\n");
  for (const Command *c = commands; c->name; c++)
    fprintf(f, "  %-10s %s\n", c->name, c->summary);
  fprintf(f, "\n'esched COMMAND --help' describes each command; 'esched --version' prints "
             "the version.\n");
}

int main(int argc, char **argv) {
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
  for (const Command *c = commands; c->name; c++)
    if (!strcmp(argv[1], c->name))
      return c->run(argc - 2, argv + 2);
  fprintf(stderr, "esched: error: unknown command '%s'\n", argv[1]);
  usage(stderr);
  return 1;
}
