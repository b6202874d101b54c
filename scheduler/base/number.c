/* Whole numbers given as text, read strictly (number.h). */
#include "scheduler/base/number.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>

EsNumberStatus es_parse_long(const char *text, long min, long max, long *out) {
  const char *digits = text && *text == '-' ? text + 1 : text;
  if (!digits || *digits < '0' || *digits > '9')
    return ES_NUMBER_SYNTAX; /* strtol would skip blanks and take '+' */
  char *end;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (*end != '\0')
    return ES_NUMBER_SYNTAX;
  if ((errno == ERANGE && v == LONG_MIN) || v < min)
    return ES_NUMBER_TOO_SMALL;
  if ((errno == ERANGE && v == LONG_MAX) || v > max)
    return ES_NUMBER_TOO_LARGE;
  *out = v;
  return ES_NUMBER_OK;
}
