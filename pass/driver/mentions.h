/* esched-cc's cheap filter before running esched on a C source: only a
 * file that says esched, or includes a project header that does, can hold
 * an annotation or include one (esched.h's macros and pragmas all say
 * esched). A file that passes is parsed by esched, which decides; one that
 * does not reaches the compiler as given. */
#ifndef ESCHED_PASS_DRIVER_MENTIONS_H
#define ESCHED_PASS_DRIVER_MENTIONS_H

#include <stdbool.h>

#include "pass/driver/cc_args.h"

/* Whether path (a regular file: a pipe is left unread for the compiler),
 * or a header it includes by a name found beside the including file or in
 * the command's -iquote and -I folders (recursively), or one the command
 * includes first (-include, -imacros), contains "esched" or "ESCHED". Errs on the side of yes (a name in a comment or an #if 0 block
 * counts too), except for an #include whose name a macro gives. */
bool mentions_esched(const char *path, const CcArgs *c);

#endif
