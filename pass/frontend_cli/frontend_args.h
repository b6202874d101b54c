/* The command-line arguments every front-end command (extract, rewrite,
 * compile) shares. */
#ifndef ESCHED_PASS_CLI_FRONTEND_ARGS_H
#define ESCHED_PASS_CLI_FRONTEND_ARGS_H

#include <stdbool.h>

#include "pass/cli/args.h"
#include "pass/frontend/frontend.h"

/* The arguments every front-end command shares: the input file, `-p
 * BUILD_DIR`, `--device NAME`, `--time` and the compiler arguments after
 * `--`. Returns true when k/arg was one of them (*ok false after an error). */
bool frontend_arg(FrontendInput *in, Args *a, int k, const char *arg, bool *ok);

#endif
