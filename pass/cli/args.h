/* Command-line walking for the esched subcommands: long options with
 * `--name VALUE` or `--name=VALUE`, short ones with `-o VALUE`, `--` ending
 * the options. Each command keeps its own option list and help text. */
#ifndef ESCHED_PASS_ARGS_H
#define ESCHED_PASS_ARGS_H

#include <stdbool.h>

typedef struct Args {
  int argc;
  char **argv;
  int i;
  const char *command;      /* for messages: "schedule" */
  const char *inline_value; /* the VALUE of --name=VALUE */
  bool rest;                /* after `--`: everything is positional */
  bool failed;
} Args;

typedef enum ArgKind { ARG_END, ARG_OPTION, ARG_POSITIONAL, ARG_REST } ArgKind;

void args_init(Args *a, const char *command, int argc, char **argv);
/* The next argument: an option (its name without the value, e.g. "--algo"),
 * a positional argument, or ARG_REST for each argument after `--`. */
ArgKind args_next(Args *a, const char **arg);
/* The value of the option just returned; reports an error and returns NULL
 * when it has none. */
const char *args_value(Args *a, const char *option);
/* Parses the value as a number, reporting an error when it is not one. */
bool args_double(Args *a, const char *option, double *out);
bool args_long(Args *a, const char *option, long *out);
/* Reports an unknown option. */
void args_unknown(Args *a, const char *option);

/* Takes -q/--quiet out of argv (anywhere before "--"), making diagnostics
 * quiet; returns the new argc (argv stays NULL-terminated). Every esched
 * program's main does this first. */
int args_take_quiet(int argc, char **argv);

#endif
