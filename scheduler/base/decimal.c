/* Exact decimal conversions in 128-bit integers (decimal.h). */
#include "scheduler/base/decimal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SIZEOF_INT128__)
#define HAVE_INT128 1
__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 i128;
#endif

static const uint64_t pow10_u64[20] = {
    UINT64_C(1),
    UINT64_C(10),
    UINT64_C(100),
    UINT64_C(1000),
    UINT64_C(10000),
    UINT64_C(100000),
    UINT64_C(1000000),
    UINT64_C(10000000),
    UINT64_C(100000000),
    UINT64_C(1000000000),
    UINT64_C(10000000000),
    UINT64_C(100000000000),
    UINT64_C(1000000000000),
    UINT64_C(10000000000000),
    UINT64_C(100000000000000),
    UINT64_C(1000000000000000),
    UINT64_C(10000000000000000),
    UINT64_C(100000000000000000),
    UINT64_C(1000000000000000000),
    UINT64_C(10000000000000000000),
};

void es_format_int(long long v, char buf[24]) {
  char tmp[24];
  int n = 0;
  unsigned long long u = v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
  do
    tmp[n++] = (char)('0' + u % 10);
  while (u /= 10);
  int i = 0;
  if (v < 0)
    buf[i++] = '-';
  while (n)
    buf[i++] = tmp[--n];
  buf[i] = '\0';
}

/* The decimal digits[0..nd) times 10^(exp - nd + 1), as %.{prec}g writes
 * it: no trailing zeros, exponential below 1e-4 and from 10^prec. */
static void write_g(bool neg, const char *digits, int nd, int exp, int prec, char *buf) {
  while (nd > 1 && digits[nd - 1] == '0')
    nd--;
  char *o = buf;
  if (neg)
    *o++ = '-';
  if (exp < -4 || exp >= prec) {
    *o++ = digits[0];
    if (nd > 1) {
      *o++ = '.';
      memcpy(o, digits + 1, (size_t)nd - 1);
      o += nd - 1;
    }
    /* e[+-]DD[D], as printf writes the exponent */
    int a = exp < 0 ? -exp : exp;
    *o++ = 'e', *o++ = exp < 0 ? '-' : '+';
    if (a >= 100)
      *o++ = (char)('0' + a / 100);
    *o++ = (char)('0' + a / 10 % 10), *o++ = (char)('0' + a % 10), *o = '\0';
    return;
  }
  if (exp < 0) {
    *o++ = '0', *o++ = '.';
    for (int i = -1; i > exp; i--)
      *o++ = '0';
    memcpy(o, digits, (size_t)nd);
    o += nd;
  } else {
    for (int i = 0; i <= exp; i++)
      *o++ = i < nd ? digits[i] : '0';
    if (nd > exp + 1) {
      *o++ = '.';
      memcpy(o, digits + exp + 1, (size_t)(nd - exp - 1));
      o += nd - exp - 1;
    }
  }
  *o = '\0';
}

#if HAVE_INT128

static const uint64_t pow5_u64[28] = {
    UINT64_C(1),
    UINT64_C(5),
    UINT64_C(25),
    UINT64_C(125),
    UINT64_C(625),
    UINT64_C(3125),
    UINT64_C(15625),
    UINT64_C(78125),
    UINT64_C(390625),
    UINT64_C(1953125),
    UINT64_C(9765625),
    UINT64_C(48828125),
    UINT64_C(244140625),
    UINT64_C(1220703125),
    UINT64_C(6103515625),
    UINT64_C(30517578125),
    UINT64_C(152587890625),
    UINT64_C(762939453125),
    UINT64_C(3814697265625),
    UINT64_C(19073486328125),
    UINT64_C(95367431640625),
    UINT64_C(476837158203125),
    UINT64_C(2384185791015625),
    UINT64_C(11920928955078125),
    UINT64_C(59604644775390625),
    UINT64_C(298023223876953125),
    UINT64_C(1490116119384765625),
    UINT64_C(7450580596923828125),
};

/* ---- double to text ---- */

/* |v| 10^k = n + r / 2^u exactly, n of 17 digits (so v's decimal exponent
 * is 16 - k); |v| = m 2^q and t = q + k. */
typedef struct Scaled {
  uint64_t n, r, m;
  int u, k, t;
} Scaled;

/* Scales |v| = m 2^q (m > 0): m 5^k takes at most 116 bits for k <= 27,
 * so the shift by t is exact where it stays within 128 bits; false
 * outside that (about 1e-11 to 1e17). */
static bool scale(uint64_t m, int q, Scaled *s) {
  int b = q + 63 - __builtin_clzll(m); /* 2^b <= |v| < 2^(b+1) */
  /* |v|'s decimal exponent, or one less: 17 or 18 digits the first time */
  int first = 16 - (int)floor(b * 0.30102999566398120);
  for (int k = first; k >= first - 1; k--) {
    if (k < 0 || k > 27)
      return false;
    u128 p = (u128)m * pow5_u64[k], x;
    int t = q + k, u = 0;
    uint64_t r = 0;
    if (t >= 0) {
      if (t > 11)
        return false;
      x = p << t;
    } else {
      u = -t;
      if (u > 63) /* n has at least 54 bits, so this is not reached */
        return false;
      x = p >> u;
      r = (uint64_t)p & ((UINT64_C(1) << u) - 1);
    }
    if (x >= pow10_u64[17])
      continue;
    if (x < pow10_u64[16])
      return false;
    *s = (Scaled){(uint64_t)x, r, m, u, k, t};
    return true;
  }
  return false;
}

/* n + r/2^u rounded to p digits, ties to even as printf rounds. */
static uint64_t round_to(const Scaled *s, int p) {
  uint64_t unit = pow10_u64[17 - p], digits = s->n / unit, cut = s->n % unit;
  bool above, tie;
  if (unit > 1) {
    above = cut > unit / 2 || (cut == unit / 2 && s->r);
    tie = cut == unit / 2 && !s->r;
  } else {
    uint64_t half = s->u ? UINT64_C(1) << (s->u - 1) : 0;
    above = s->u && s->r > half;
    tie = s->u && s->r == half;
  }
  return digits + (above || (tie && digits % 2));
}

/* Whether strtod reads the decimal y 10^-k back as v: y lies within half
 * the gap to v's neighbour on its side (below a power of two that gap is
 * half the one above), or exactly on the half and v's m is even (ties to
 * even). Twice the distance and the gap 2^q 10^k, in units of 2^-u. */
static bool reads_back(const Scaled *s, uint64_t y) {
  i128 delta = ((i128)y - (i128)s->n) * ((i128)1 << s->u) - (i128)s->r;
  bool below = delta < 0, narrow = below && s->m == UINT64_C(1) << 52;
  u128 dist = (u128)(below ? -delta : delta) * (narrow ? 4 : 2);
  u128 gap = (u128)pow5_u64[s->k] << (s->t > 0 ? s->t : 0);
  return dist < gap || (dist == gap && s->m % 2 == 0);
}

/* The first of 15, 16 and 17 digits that reads back, as %.{p}g writes it
 * (any decimal of at most 15 digits is the nearest to the double it
 * names, so 15 digits without their trailing zeros are the shortest when
 * they read back; 17 always do). */
static bool format_scaled(double v, char buf[32]) {
  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  int biased = (int)(bits >> 52 & 0x7FF);
  uint64_t m = bits & ((UINT64_C(1) << 52) - 1);
  if (!biased) /* zero and subnormals: far below the range */
    return false;
  Scaled s;
  if (!scale(m | UINT64_C(1) << 52, biased - 1075, &s))
    return false;
  for (int p = 15; p <= 17; p++) {
    uint64_t digits = round_to(&s, p);
    if (p < 17 && !reads_back(&s, digits * pow10_u64[17 - p]))
      continue;
    int exp = 16 - s.k;
    if (digits == pow10_u64[p]) /* rounded up to the next power of ten */
      digits /= 10, exp++;
    char text[17];
    for (int i = p - 1; i >= 0; i--, digits /= 10)
      text[i] = (char)('0' + digits % 10);
    write_g(signbit(v), text, p, exp, p, buf);
    return true;
  }
  return false;
}

/* ---- text to double ---- */

/* The double nearest x 2^e2, plus a sliver below x's last bit when
 * sticky; false where that is not a normal double of x's 53 leading
 * bits (the callers' ranges keep it one). */
static bool nearest(u128 x, int e2, bool sticky, double *out) {
  uint64_t hi = (uint64_t)(x >> 64);
  int bits = hi ? 128 - __builtin_clzll(hi) : 64 - __builtin_clzll((uint64_t)x);
  if (bits <= 53) {
    if (sticky)
      return false;
    *out = ldexp((double)(uint64_t)x, e2);
    return true;
  }
  int drop = bits - 53;
  uint64_t mant = (uint64_t)(x >> drop);
  u128 low = x & (((u128)1 << drop) - 1), half = (u128)1 << (drop - 1);
  if (low > half || (low == half && (sticky || mant % 2)))
    mant++;
  *out = ldexp((double)mant, e2 + drop); /* 2^53 after a carry is exact too */
  return true;
}

/* w 10^e10 (w > 0) to the nearest double, in 128-bit integers. */
static bool decimal_to_double(uint64_t w, int e10, double *out) {
  static const double exact_pow10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                         1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                         1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  if (w < UINT64_C(1) << 53 && e10 >= -22 && e10 <= 22) {
    /* both exact, so one correctly rounded operation (Clinger 1990) */
    *out = e10 < 0 ? (double)w / exact_pow10[-e10] : (double)w * exact_pow10[e10];
    return true;
  }
  if (e10 >= 0 && e10 <= 19) /* w 10^e10 < 2^128: exact */
    return nearest((u128)w * pow10_u64[e10], 0, false, out);
  if (e10 < 0 && e10 >= -22) {
    /* w shifted to the top of 128 bits over 10^-e10 < 2^74 leaves at
     * least 54 bits: 53, a rounding bit, and the remainder as sticky */
    int shift = __builtin_clzll(w) + 64;
    u128 num = (u128)w << shift, den = (u128)pow10_u64[-e10 > 19 ? 19 : -e10];
    if (-e10 > 19)
      den *= pow10_u64[-e10 - 19];
    return nearest(num / den, -shift, num % den != 0, out);
  }
  return false;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool es_read_decimal(const char *text, const char **end, double *out) {
  const char *c = text;
  bool neg = *c == '-';
  c += *c == '-' || *c == '+';
  if (c[0] == '0' && (c[1] == 'x' || c[1] == 'X'))
    return false; /* strtod reads hex */
  uint64_t w = 0;
  int kept = 0, e10 = 0; /* significant digits in w; the point's shift */
  bool any = false, point = false;
  for (;; c++) {
    if (*c == '.' && !point) {
      point = true;
      continue;
    }
    if (!is_digit(*c))
      break;
    any = true;
    if (kept || *c != '0') {
      if (kept == 19)
        return false;
      w = w * 10 + (uint64_t)(*c - '0'), kept++;
    }
    if ((e10 -= point) < -9999) /* zeros after the point: strtod's (no int overflow) */
      return false;
  }
  if (!any)
    return false;
  if (*c == 'e' || *c == 'E') {
    const char *e = c + 1;
    bool eneg = *e == '-';
    e += *e == '-' || *e == '+';
    if (!is_digit(*e))
      return false; /* strtod stops before the 'e' */
    int x = 0;
    for (; is_digit(*e); e++)
      if ((x = x * 10 + (*e - '0')) > 9999)
        return false;
    e10 += eneg ? -x : x, c = e;
  }
  double v = 0;
  if (w && !decimal_to_double(w, e10, &v))
    return false;
  *out = neg ? -v : v;
  *end = c;
  return true;
}

#else /* no 128-bit integers: printf and strtod do it all */

static bool format_scaled(double v, char buf[32]) {
  (void)v, (void)buf;
  return false;
}

bool es_read_decimal(const char *text, const char **end, double *out) {
  (void)text, (void)end, (void)out;
  return false;
}

#endif

void es_format_number(double v, char buf[32]) {
  if (isnan(v)) {
    strcpy(buf, ".nan");
    return;
  }
  if (isinf(v)) {
    strcpy(buf, v > 0 ? ".inf" : "-.inf");
    return;
  }
  if (fabs(v) < 1e15 && v == (double)(long long)v && !(v == 0 && signbit(v))) {
    es_format_int((long long)v, buf);
    return;
  }
  if (format_scaled(v, buf))
    return;
  for (int prec = 15; prec <= 17; prec++) {
    snprintf(buf, 32, "%.*g", prec, v);
    if (prec == 17 || strtod(buf, NULL) == v)
      return;
  }
}
