/* Whole numbers given as text by a user (environment variables, entries of
 * a list): the whole text or nothing. strtol alone takes the leading digits
 * ("10abc" is 10, "1e3" is 1), skips leading blanks and wraps nothing but
 * saturates at LONG_MAX; a setting read that way is silently another one.
 */
#ifndef ESCHED_SCHEDULER_NUMBER_H
#define ESCHED_SCHEDULER_NUMBER_H

typedef enum EsNumberStatus {
  ES_NUMBER_OK,
  ES_NUMBER_SYNTAX,    /* not a decimal integer: empty, blanks, a sign alone, "1e3", "1.5" */
  ES_NUMBER_TOO_SMALL, /* below min */
  ES_NUMBER_TOO_LARGE, /* above max, including beyond what a long holds */
} EsNumberStatus;

/* Reads text, all of it, as a decimal integer: an optional '-', then digits
 * only (no blanks, no '+', no other base, no exponent or fraction). Sets
 * *out only on ES_NUMBER_OK. min <= max. O(strlen(text)). */
EsNumberStatus es_parse_long(const char *text, long min, long max, long *out);

#endif
