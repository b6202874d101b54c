/* Diagnostics of the esched command, in clang's form:
 *
 *   file:line:col: error: message
 *     source line
 *        ^
 *
 * The source line and caret appear when the file can be read. Everything
 * goes to stderr, in colour on a terminal unless NO_COLOR is set (as GCC
 * and clang colour theirs); the count of errors decides the exit status,
 * and diag_summary() prints it ("2 errors"). */
#ifndef ESCHED_PASS_DIAG_DIAG_H
#define ESCHED_PASS_DIAG_DIAG_H

#include <stdbool.h>

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

/* Quiet: notes and warnings are counted but not printed (errors are). */
void diag_set_quiet(bool quiet);
bool diag_quiet(void);

/* Prints the count line ("2 errors", "1 error and 3 warnings") when any
 * error or warning was reported. */
void diag_summary(void);

/* After a crash inside a library, which may have left the C library's
 * allocator locked (a stack overflow inside malloc): reports the error at
 * file without allocating, prints the count line, and ends the process
 * with exit status 1 rather than hang at its next malloc or free. */
_Noreturn void diag_error_exit_without_memory(const char *file, const char *message);

#endif
