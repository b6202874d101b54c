/* Dependency files (-MD, -MMD, -MF) of compiles of rewritten copies: they
 * must name the original source, which make and ninja can see, not the
 * deleted copy, and also the esched inputs the rewrite read (profile,
 * platform), so that editing those rebuilds the object. */
#ifndef ESCHED_PASS_DRIVER_DEPFILE_H
#define ESCHED_PASS_DRIVER_DEPFILE_H

#include <stdbool.h>

#include "pass/driver/argv.h"
#include "pass/driver/cc_args.h"

/* After the compiler compiled `copy` (the rewritten `source`) into object
 * `output` (NULL: cc's default name), finds the dependency file it wrote as
 * cc names it, replaces copy by source there and adds `inputs` to the
 * object's prerequisites (as phony targets too with -MP). Nothing happens
 * without -MD/-MMD. Returns false, with a message, when the file cannot be
 * rewritten. */
bool depfile_fix(const CcArgs *c, const char *output, const char *copy, const char *source,
                 const Argv *inputs);
/* Where a link of several sources puts the dependency file of `source`
 * (compiled on its own into a temporary object): the -MF value, else as
 * GCC names it for a link, OUTPUT.d or a-SOURCE.d; NULL without
 * -MD/-MMD. malloc'ed. */
char *depfile_of_link(const CcArgs *c, const char *source);
/* depfile_fix for the dependency file at path. */
bool depfile_fix_at(const CcArgs *c, const char *path, const char *copy, const char *source,
                    const Argv *inputs);

#endif
