/* Doubles to decimal text and back (scheduler/base/decimal.h), against
 * printf and strtod.
 *
 * es_format_number: every double comes back exactly through strtod, in the
 * text printf's %.15g, %.16g or %.17g would give, whichever is the first
 * that reads back (the shortest of them). Most doubles are rounded and
 * their round trip decided in 128-bit integers instead: millions of
 * doubles of every kind where that could go wrong check it here (random
 * bits, subnormals, the extreme exponents, powers of two and ten and the
 * doubles beside them, random 15-, 16- and 17-digit decimals, exact ties).
 *
 * es_read_decimal: where it reads a text, the same double and the same end
 * as strtod; random decimals of 1 to 20 digits, exact halfway cases, and
 * texts strtod reads otherwise (hex, infinity, a dangling exponent). */
#include <stdint.h>
#include <stdlib.h>

#include "scheduler/base/decimal.h"
#include "scheduler/base/rng.h"
#include "test.h"

static void reference(double v, char buf[32]) {
  for (int prec = 15; prec <= 17; prec++) {
    snprintf(buf, 32, "%.*g", prec, v);
    if (strtod(buf, NULL) == v)
      return;
  }
}

static void check(double v) {
  if (!isfinite(v)) /* beside the largest double */
    return;
  char got[32], want[32];
  es_format_number(v, got);
  test_checks++;
  if (strtod(got, NULL) != v)
    TEST_FAIL("%.17g printed as %s, which reads back as %.17g", v, got, strtod(got, NULL));
  if (fabs(v) < 1e15 && v == (double)(long long)v)
    return; /* integers: their digits */
  reference(v, want);
  if (strcmp(got, want) != 0)
    TEST_FAIL("%.17g printed as %s, not %s", v, got, want);
}

static void format_cases(EsRng *rng) {
  static const double fixed[] = {0.04,
                                 3.46,
                                 0.1 + 0.2,
                                 1e-5,
                                 4.548167987208135e-05,
                                 1e15,
                                 1e16,
                                 9.999999999999999e22,
                                 123456.789,
                                 0.5,
                                 -2.5e-300,
                                 5e-324,
                                 1.7976931348623157e308,
                                 -0.0,
                                 1.1933333333333334,
                                 26000.000000000004,
                                 99999.99999999999,
                                 0.30000000000000004,
                                 1e-4,
                                 1e-3,
                                 12345678901234.5};
  for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
    check(fixed[i]);
  for (int k = -1074; k <= 1023; k++) { /* powers of two, where the gap below halves */
    double p = ldexp(1, k), x = p, y = p;
    for (int j = 0; j < 4; j++, x = nextafter(x, 0), y = nextafter(y, INFINITY))
      check(x), check(-y);
  }
  for (int k = -323; k <= 308; k++) { /* powers of ten, where the digits' exponent moves */
    char t[16];
    snprintf(t, sizeof t, "1e%d", k);
    double p = strtod(t, NULL);
    double x = p, y = p;
    for (int j = 0; j < 4; j++, x = nextafter(x, 0), y = nextafter(y, INFINITY))
      check(x), check(y);
  }
  for (int i = 0; i < 300000; i++) {
    /* random 15-, 16- and 17-digit decimals of every exponent */
    char t[40];
    int digits = 15 + i % 3, at = snprintf(t, sizeof t, "0.");
    for (int j = 0; j < digits; j++)
      t[at++] = (char)('0' + (j == 0 ? 1 + es_rng_next(rng) % 9 : es_rng_next(rng) % 10));
    snprintf(t + at, sizeof t - (size_t)at, "e%d", (int)(es_rng_next(rng) % 630) - 320);
    check(strtod(t, NULL));
    /* subnormals */
    uint64_t sub = es_rng_next(rng) & ((UINT64_C(1) << 52) - 1);
    double sv;
    memcpy(&sv, &sub, sizeof sv);
    check(sv);
  }
  for (int i = 0; i < 400000; i++) {
    uint64_t bits = es_rng_next(rng);
    double v;
    memcpy(&v, &bits, sizeof v);
    if (isfinite(v))
      check(v);
    /* decimal-looking values of every scale, as files hold */
    double d = (double)(es_rng_next(rng) % 1000000) * pow(10, (int)(es_rng_next(rng) % 40) - 20);
    check(d);
    check(-d / 7);
    /* the range done in integers, every bit pattern of it */
    check(ldexp(1 + (double)(es_rng_next(rng) >> 12) * 0x1p-52, (int)(es_rng_next(rng) % 96) - 38));
    /* exact ties at 15 and 16 digits: a half, quarter or eighth beyond an
     * integer of 14 to 16 digits */
    double whole = (double)(es_rng_next(rng) % UINT64_C(9000000000000000) + 100000000000000);
    check(whole + 0.5), check(whole / 2 + 0.25), check(whole / 8 + 0.125);
  }
}

/* es_read_decimal must agree with strtod wherever it answers. */
static int fast_reads;
static void check_read(const char *text) {
  const char *end;
  char *want_end;
  double got, want = strtod(text, &want_end);
  test_checks++;
  if (!es_read_decimal(text, &end, &got))
    return;
  fast_reads++;
  if (memcmp(&got, &want, sizeof got) != 0 || end != want_end)
    TEST_FAIL("'%s' read as %.17g ending at %td, strtod: %.17g ending at %td", text, got,
              end - text, want, want_end - text);
}

static void read_cases(EsRng *rng) {
  static const char *const fixed[] = {"0",
                                      "-0",
                                      "+0.0",
                                      "1",
                                      "0.1",
                                      ".5",
                                      "5.",
                                      "-.25e1",
                                      "1e",
                                      "1e+",
                                      "1e-x",
                                      "1.5E3",
                                      "00000000000000000000000001.5",
                                      "0.3000000000000000444",
                                      "9007199254740993",
                                      "4503599627370496.5",
                                      "4503599627370497.5",
                                      "18446744073709551615",
                                      "1e22",
                                      "1e23",
                                      "123456789012345678e-22",
                                      "1.7976931348623157e308",
                                      "4.9e-324",
                                      "1e-400",
                                      "1e99999",
                                      "0x1p3",
                                      "0X10",
                                      "inf",
                                      "-infinity",
                                      "nan",
                                      " 1",
                                      "1..2",
                                      "1.2.3",
                                      "-",
                                      "+",
                                      ".",
                                      "e5",
                                      "12345678901234567890",
                                      "1234567890123456789.5"};
  for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
    check_read(fixed[i]);
  int fast_before = fast_reads;
  for (int i = 0; i < 300000; i++) {
    char t[64];
    int at = 0, digits = 1 + (int)(es_rng_next(rng) % 20);
    uint64_t shape = es_rng_next(rng);
    if (shape & 1)
      t[at++] = shape & 2 ? '-' : '+';
    int point = shape & 4 ? (int)(es_rng_next(rng) % (uint64_t)(digits + 1)) : -1;
    for (int j = 0; j < digits; j++) {
      if (j == point)
        t[at++] = '.';
      t[at++] = (char)('0' + es_rng_next(rng) % 10);
    }
    if (shape & 8)
      at += snprintf(t + at, sizeof t - (size_t)at, "%c%d", shape & 16 ? 'E' : 'e',
                     (int)(es_rng_next(rng) % 61) - 30);
    t[at] = '\0';
    check_read(t);
    /* halfway between two doubles: odd multiples of 2^(k-1) between
     * 2^(52+k) and 2^(53+k), written whole, and x.5 between 2^52 and 2^53 */
    int k = 1 + (int)(es_rng_next(rng) % 11);
    uint64_t above =
        (UINT64_C(1) << (52 + k)) + (es_rng_next(rng) >> 11 | 1) * (UINT64_C(1) << (k - 1));
    snprintf(t, sizeof t, "%llu", (unsigned long long)above);
    check_read(t);
    snprintf(t, sizeof t, "%llu.5",
             (unsigned long long)((UINT64_C(1) << 52) + (es_rng_next(rng) >> 12)));
    check_read(t);
  }
  /* most of these are the reader's own: a test of it, not of strtod */
  ASSERT_TRUE(fast_reads - fast_before > 600000);
}

int main(void) {
  EsRng rng;
  es_rng_seed(&rng, 7);
  format_cases(&rng);
  read_cases(&rng);
  return test_summary();
}
