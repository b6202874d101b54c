/* The arguments every front-end command shares (frontend_args.h). */
#include "pass/frontend_cli/frontend_args.h"

#include <string.h>

#include "pass/diag/diag.h"

bool frontend_arg(FrontendInput *in, Args *a, int k, const char *arg, bool *ok) {
  if (k == ARG_REST)
    *ok = compile_args_push(&in->cc, arg);
  else if (k == ARG_POSITIONAL && !in->file)
    in->file = arg;
  else if (k == ARG_POSITIONAL) {
    diag(DIAG_ERROR, NULL, 0, 0, "%s: unexpected argument '%s'", in->command, arg);
    *ok = false;
  } else if (!strcmp(arg, "-p"))
    in->build_dir = args_value(a, arg);
  else if (!strcmp(arg, "--time"))
    in->time = true;
  else if (!strcmp(arg, "--device")) {
    const char *d = args_value(a, arg);
    *ok = d && frontend_add_device(in, d);
  } else
    return false;
  *ok = *ok && !a->failed;
  return true;
}
