/* Diagnostics of the esched command, in clang's form:
 *
 *   file:line:col: error: message
 *     source line
 *        ^
 *
 * The source line and caret appear when the file can be read. Everything
 * goes to stderr; the count of errors decides the exit status. */
#ifndef ESCHED_PASS_DIAG_H
#define ESCHED_PASS_DIAG_H

#include "scheduler/base/error.h"

typedef enum DiagLevel { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR } DiagLevel;

/* Prints one diagnostic. file may be NULL (then "esched: " prefixes it);
 * line 0 omits the position. */
void diag(DiagLevel level, const char *file, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Prints err as an error (its position and message). */
void diag_error(const EsError *err);

/* An EsError whose every error is printed as it happens (EsError.report),
 * so readers that keep going show all of them. */
void diag_error_init(EsError *err);

/* Number of errors printed so far. */
int diag_error_count(void);

#endif
