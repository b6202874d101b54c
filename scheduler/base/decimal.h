/* Doubles to decimal text and back, exactly and fast.
 *
 * A million-task file holds a few million numbers; printf's and strtod's
 * exact multiple-precision paths took about a tenth of `esched schedule`'s
 * time on them. Both directions here do the common case (up to 19
 * significant digits, magnitudes from about 1e-11 to 1e17) in 128-bit
 * integers, and leave the rest to printf and strtod: the results are the
 * same bits and bytes either way (test/unit/test_decimal.c).
 */
#ifndef ESCHED_SCHEDULER_DECIMAL_H
#define ESCHED_SCHEDULER_DECIMAL_H

#include <stdbool.h>

/* The shortest decimal text that strtod reads back as exactly v ("65",
 * "0.04", "0.30000000000000004"; ".nan", ".inf"), into buf[32]: what
 * printf's %.15g, %.16g or %.17g writes, whichever is the first to read
 * back. */
void es_format_number(double v, char buf[32]);
/* v's digits, as %lld writes them, into buf[24]. */
void es_format_int(long long v, char buf[24]);

/* The double nearest the plain decimal at text ([-+]digits[.digits][e[-+]
 * digits], as strtod rounds it), with *end after it; false, touching
 * nothing, for any other text or one that needs more than 128 bits (then
 * strtod decides). */
bool es_read_decimal(const char *text, const char **end, double *out);

#endif
