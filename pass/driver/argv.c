/* Argument vectors and running commands (argv.h). */
#include "pass/driver/argv.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void argv_push(Argv *a, const char *s) {
  if (a->len + 2 > a->cap) {
    a->cap = a->cap ? a->cap * 2 : 32;
    a->v = realloc(a->v, sizeof *a->v * (size_t)a->cap);
    if (!a->v) {
      fprintf(stderr, "esched-cc: error: out of memory\n");
      exit(1);
    }
  }
  if (!(a->v[a->len++] = strdup(s))) {
    fprintf(stderr, "esched-cc: error: out of memory\n");
    exit(1);
  }
  a->v[a->len] = NULL;
}

void argv_free(Argv *a) {
  for (int i = 0; i < a->len; i++)
    free(a->v[i]);
  free(a->v);
  *a = (Argv){0};
}

int argv_run(const Argv *a) {
  fflush(stdout); /* what esched-cc printed comes before what the command prints */
  pid_t pid = fork();
  if (pid < 0)
    return 1;
  if (pid == 0) {
    execvp(a->v[0], a->v);
    fprintf(stderr, "esched-cc: error: cannot run '%s': %s\n", a->v[0], strerror(errno));
    _exit(127);
  }
  int status;
  if (waitpid(pid, &status, 0) < 0)
    return 1;
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  int sig = WTERMSIG(status);
  if (sig != SIGINT && sig != SIGQUIT && sig != SIGPIPE) /* not a stop the user asked for */
    fprintf(stderr, "esched-cc: error: '%s' was terminated by signal %d (%s)\n", a->v[0], sig,
            strsignal(sig));
  return 1;
}

bool has_prefix(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}
