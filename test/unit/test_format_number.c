/* es_format_number: every double comes back exactly through strtod, in the
 * text printf's %.15g, %.16g or %.17g would give, whichever is the first
 * that reads back (the shortest of them). es_format_number decides most
 * round trips from the gaps between doubles instead of calling strtod:
 * millions of doubles of every kind where that could go wrong check it
 * against printf and strtod here (random bits, subnormals, the extreme
 * exponents, powers of two and ten and the doubles beside them, random
 * 15-, 16- and 17-digit decimals). */
#include <stdint.h>
#include <stdlib.h>

#include "scheduler/base/rng.h"
#include "scheduler/io/yaml_out.h"
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
  if (v == (double)(long long)v && fabs(v) < 1e15)
    return; /* integers: their digits */
  reference(v, want);
  if (strcmp(got, want) != 0)
    TEST_FAIL("%.17g printed as %s, not %s", v, got, want);
}

int main(void) {
  EsRng rng;
  es_rng_seed(&rng, 7);
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
      t[at++] = (char)('0' + (j == 0 ? 1 + es_rng_next(&rng) % 9 : es_rng_next(&rng) % 10));
    snprintf(t + at, sizeof t - (size_t)at, "e%d", (int)(es_rng_next(&rng) % 630) - 320);
    check(strtod(t, NULL));
    /* subnormals */
    uint64_t sub = es_rng_next(&rng) & ((UINT64_C(1) << 52) - 1);
    double sv;
    memcpy(&sv, &sub, sizeof sv);
    check(sv);
  }
  for (int i = 0; i < 400000; i++) {
    uint64_t bits = es_rng_next(&rng);
    double v;
    memcpy(&v, &bits, sizeof v);
    if (isfinite(v))
      check(v);
    /* decimal-looking values of every scale, as files hold */
    double d = (double)(es_rng_next(&rng) % 1000000) * pow(10, (int)(es_rng_next(&rng) % 40) - 20);
    check(d);
    check(-d / 7);
  }
  return test_summary();
}
