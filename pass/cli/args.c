/* Command-line walking (args.h). */
#include "pass/cli/args.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pass/diag/diag.h"

void args_init(Args *a, const char *command, int argc, char **argv) {
  memset(a, 0, sizeof *a);
  a->command = command;
  a->argc = argc;
  a->argv = argv;
}

ArgKind args_next(Args *a, const char **arg) {
  static char name[64];
  a->inline_value = NULL;
  if (a->i >= a->argc)
    return ARG_END;
  const char *s = a->argv[a->i++];
  if (a->rest) {
    *arg = s;
    return ARG_REST;
  }
  if (strcmp(s, "--") == 0) {
    a->rest = true;
    return args_next(a, arg);
  }
  if (s[0] != '-' || s[1] == '\0') {
    *arg = s;
    return ARG_POSITIONAL;
  }
  const char *eq = s[1] == '-' ? strchr(s, '=') : NULL;
  if (eq && (size_t)(eq - s) < sizeof name) {
    memcpy(name, s, (size_t)(eq - s));
    name[eq - s] = '\0';
    a->inline_value = eq + 1;
    *arg = name;
  } else {
    *arg = s;
  }
  return ARG_OPTION;
}

const char *args_value(Args *a, const char *option) {
  if (a->inline_value)
    return a->inline_value;
  if (a->i < a->argc)
    return a->argv[a->i++];
  diag(DIAG_ERROR, NULL, 0, 0, "%s: option '%s' needs a value", a->command, option);
  a->failed = true;
  return NULL;
}

bool args_double(Args *a, const char *option, double *out) {
  const char *v = args_value(a, option);
  if (!v)
    return false;
  char *end;
  errno = 0;
  *out = strtod(v, &end);
  if (errno || end == v || *end) {
    diag(DIAG_ERROR, NULL, 0, 0, "%s: option '%s' needs a number, not '%s'", a->command, option, v);
    a->failed = true;
    return false;
  }
  return true;
}

bool args_long(Args *a, const char *option, long *out) {
  const char *v = args_value(a, option);
  if (!v)
    return false;
  char *end;
  errno = 0;
  *out = strtol(v, &end, 0);
  if (errno || end == v || *end) {
    diag(DIAG_ERROR, NULL, 0, 0, "%s: option '%s' needs an integer, not '%s'", a->command, option,
         v);
    a->failed = true;
    return false;
  }
  return true;
}

void args_unknown(Args *a, const char *option) {
  diag(DIAG_ERROR, NULL, 0, 0, "%s: unknown option '%s' (see esched %s --help)", a->command, option,
       a->command);
  a->failed = true;
}

int args_take_quiet(int argc, char **argv) {
  int n = 1;
  bool rest = false;
  for (int i = 1; i < argc; i++) {
    rest |= !strcmp(argv[i], "--");
    if (!rest && (!strcmp(argv[i], "-q") || !strcmp(argv[i], "--quiet")))
      diag_set_quiet(true);
    else
      argv[n++] = argv[i];
  }
  argv[n] = NULL;
  return n;
}
