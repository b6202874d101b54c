/* A growable NULL-terminated argument vector of owned strings: the commands
 * esched-cc builds and runs. */
#ifndef ESCHED_PASS_DRIVER_ARGV_H
#define ESCHED_PASS_DRIVER_ARGV_H

#include <stdbool.h>

typedef struct Argv {
  char **v; /* v[len] is NULL */
  int len, cap;
} Argv;

/* Appends a copy of s; exits with a message when out of memory (a compiler
 * driver has nothing to clean up). */
void argv_push(Argv *a, const char *s);
void argv_free(Argv *a);
/* Runs a as a command (PATH searched) and waits: its exit status, 1 when it
 * could not run or died from a signal (a crash or a kill is an error naming
 * the signal, as GCC's driver names it; an interrupt or SIGPIPE is not). */
int argv_run(const Argv *a);

bool has_prefix(const char *s, const char *prefix);
bool ends_with(const char *s, const char *suffix);
/* The last path component of path (borrowed). */
const char *base_name(const char *path);

#endif
