/* Assertions of the unit and property tests: each prints both values and
 * file:line on failure, counts it, and lets the test go on, so one run shows
 * every failure. A test's main ends with `return test_summary();`. Exit 77
 * means skipped (an optional library is missing). */
#ifndef ESCHED_TEST_H
#define ESCHED_TEST_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int test_failures;
static int test_checks;

#define TEST_FAIL(...)                                                                  \
  do {                                                                                  \
    fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);                               \
    fprintf(stderr, __VA_ARGS__);                                                       \
    fputc('\n', stderr);                                                                \
    test_failures++;                                                                    \
  } while (0)

#define ASSERT_TRUE(c)                                                                  \
  do {                                                                                  \
    test_checks++;                                                                      \
    if (!(c))                                                                           \
      TEST_FAIL("%s is false", #c);                                                     \
  } while (0)

#define ASSERT_EQ(a, b)                                                                 \
  do {                                                                                  \
    long long a_ = (long long)(a), b_ = (long long)(b);                                 \
    test_checks++;                                                                      \
    if (a_ != b_)                                                                       \
      TEST_FAIL("%s == %s: %lld != %lld", #a, #b, a_, b_);                              \
  } while (0)

/* Equal within a relative tolerance (and equal infinities). */
#define ASSERT_NEAR(a, b, rel)                                                          \
  do {                                                                                  \
    double a_ = (a), b_ = (b);                                                          \
    double scale_ = fabs(a_) > fabs(b_) ? fabs(a_) : fabs(b_);                          \
    test_checks++;                                                                      \
    if (!(a_ == b_ || fabs(a_ - b_) <= (rel) * (scale_ > 1 ? scale_ : 1)))              \
      TEST_FAIL("%s ~= %s: %.17g != %.17g", #a, #b, a_, b_);                            \
  } while (0)

#define ASSERT_STREQ(a, b)                                                              \
  do {                                                                                  \
    const char *a_ = (a), *b_ = (b);                                                    \
    test_checks++;                                                                      \
    if (!a_ || !b_ || strcmp(a_, b_) != 0)                                              \
      TEST_FAIL("%s == %s: \"%s\" != \"%s\"", #a, #b, a_ ? a_ : "(null)",               \
                b_ ? b_ : "(null)");                                                    \
  } while (0)

static inline int test_summary(void) {
  fprintf(stderr, "%d checks, %d failures\n", test_checks, test_failures);
  return test_failures ? 1 : 0;
}

#endif
