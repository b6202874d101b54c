/* esched-cc --help and --version: esched-cc's own text, then the
 * compiler's, so that tools reading `$CC --version` still see the
 * compiler's first line. --esched-help and --esched-version print only
 * esched-cc's (help2man makes the man page from them). */
#ifndef ESCHED_PASS_DRIVER_INFO_H
#define ESCHED_PASS_DRIVER_INFO_H

#include <stdio.h>

void info_help(FILE *f);
void info_version(FILE *f);

#endif
