/* es_parse_long (scheduler/base/number.h): the whole text or nothing, and
 * a value out of range said to be too small or too large, never cut to
 * its leading digits nor saturated. */
#include <limits.h>
#include <stdio.h>

#include "scheduler/base/number.h"
#include "test.h"

static long parsed(const char *text, long min, long max, EsNumberStatus want) {
  long v = -12345;
  EsNumberStatus got = es_parse_long(text, min, max, &v);
  if (got != want)
    TEST_FAIL("es_parse_long(\"%s\", %ld, %ld): status %d, want %d", text ? text : "(null)", min,
              max, (int)got, (int)want);
  test_checks++;
  return v;
}

int main(void) {
  ASSERT_EQ(parsed("4096", 1, INT_MAX, ES_NUMBER_OK), 4096);
  ASSERT_EQ(parsed("1", 1, 1, ES_NUMBER_OK), 1);
  ASSERT_EQ(parsed("-7", -10, 10, ES_NUMBER_OK), -7);
  ASSERT_EQ(parsed("007", 0, 10, ES_NUMBER_OK), 7);
  ASSERT_EQ(parsed("2147483647", 1, INT_MAX, ES_NUMBER_OK), INT_MAX);

  /* leading digits are not the number */
  const char *syntax[] = {"1e3", "1.5",  "1e400", "10abc", "",    " 5",  "5 ", "+5",
                          "-",   "0x10", "abc",   "1,000", "--1", "5\n", NULL};
  for (int i = 0; syntax[i]; i++)
    ASSERT_EQ(parsed(syntax[i], 0, LONG_MAX, ES_NUMBER_SYNTAX), -12345); /* *out untouched */
  parsed(NULL, 0, 10, ES_NUMBER_SYNTAX);

  /* out of range: which side, even beyond a long */
  parsed("2147483648", 1, INT_MAX, ES_NUMBER_TOO_LARGE);
  parsed("99999999999999999999999", 1, LONG_MAX, ES_NUMBER_TOO_LARGE);
  parsed("0", 1, INT_MAX, ES_NUMBER_TOO_SMALL);
  parsed("-1", 1, INT_MAX, ES_NUMBER_TOO_SMALL);
  parsed("-99999999999999999999999", LONG_MIN, 0, ES_NUMBER_TOO_SMALL);
  return test_summary();
}
