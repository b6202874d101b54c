/* Number-with-unit parsing. */
#include "scheduler/base/units.h"

#include "scheduler/base/decimal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const base_units[] = {"", "Hz", "W", "s", "B", "B/s", "V", "J"};

const char *es_quantity_unit(EsQuantity q) { return base_units[q]; }

typedef struct Prefix {
  const char *text;
  double factor;
} Prefix;

static const Prefix prefixes[] = {
    {"Ki", 1024.0}, {"Mi", 1048576.0}, {"Gi", 1073741824.0}, {"Ti", 1099511627776.0},
    {"k", 1e3},     {"K", 1e3},        {"M", 1e6},           {"G", 1e9},
    {"T", 1e12},    {"m", 1e-3},       {"u", 1e-6},          {"n", 1e-9},
    {"p", 1e-12},   {"", 1},
};

static bool special_value(const char *text, double *out) {
  const char *s = text;
  double sign = 1;
  if (*s == '-' || *s == '+')
    sign = *s++ == '-' ? -1 : 1;
  if (*s == '.')
    s++;
  if (strcasecmp(s, "inf") == 0 || strcasecmp(s, "infinity") == 0) {
    *out = sign * INFINITY;
    return true;
  }
  if (strcasecmp(s, "nan") == 0) {
    *out = NAN;
    return true;
  }
  return false;
}

/* Matches unit (a prefix then the base unit, or "min"/"h" for times). */
static bool unit_factor(const char *unit, EsQuantity q, double *factor) {
  if (*unit == '\0') {
    *factor = 1;
    return true;
  }
  if (q == ES_Q_NUMBER)
    return false;
  if (q == ES_Q_TIME && strcmp(unit, "min") == 0)
    return *factor = 60, true;
  if (q == ES_Q_TIME && strcmp(unit, "h") == 0)
    return *factor = 3600, true;
  const char *base = base_units[q];
  for (const Prefix *p = prefixes; p < prefixes + sizeof prefixes / sizeof *prefixes; p++) {
    size_t n = strlen(p->text);
    if (strncmp(unit, p->text, n) != 0 || strcmp(unit + n, base) != 0)
      continue;
    /* Binary prefixes only make sense for sizes and rates of bytes. */
    if (n == 2 && q != ES_Q_BYTES && q != ES_Q_BANDWIDTH)
      return false;
    *factor = p->factor;
    return true;
  }
  return false;
}

/* Up to 15 digits alone are exactly the integer they spell (no strtod):
 * counts, sizes and abstract costs. */
static bool small_integer(const char *text, double *out) {
  uint64_t v = 0;
  int n = 0;
  for (; text[n] >= '0' && text[n] <= '9'; n++)
    if (n < 15)
      v = v * 10 + (uint64_t)(text[n] - '0');
  if (n == 0 || n > 15 || text[n])
    return false;
  *out = (double)v;
  return true;
}

bool es_parse_quantity(const char *text, EsQuantity q, double *out) {
  if (small_integer(text, out) || special_value(text, out))
    return true;
  const char *end;
  double v;
  if (!es_read_decimal(text, &end, &v)) {
    char *past;
    v = strtod(text, &past);
    if (past == text)
      return false;
    /* strtod also takes hex floats and "infinity"; keep to plain decimals. */
    for (const char *c = text; c < past; c++)
      if (strchr("0123456789.eE+-", *c) == NULL)
        return false;
    end = past;
  }
  while (*end == ' ')
    end++;
  double factor;
  if (!unit_factor(end, q, &factor))
    return false;
  /* a decimal too large for a double is a mistake, not infinity (which is
   * written "inf") */
  *out = v * factor;
  return isfinite(*out);
}

void es_format_quantity(double v, EsQuantity q, char buf[48]) {
  static const struct {
    double factor;
    const char *prefix;
  } steps[] = {{1e12, "T"}, {1e9, "G"},  {1e6, "M"},  {1e3, "k"},  {1, ""},
               {1e-3, "m"}, {1e-6, "u"}, {1e-9, "n"}, {1e-12, "p"}};
  if (!isfinite(v)) { /* read back bare: "inf" takes no unit */
    snprintf(buf, 48, "%s", isnan(v) ? "nan" : v < 0 ? "-inf" : "inf");
    return;
  }
  int i = 4;
  if (q != ES_Q_NUMBER && v != 0)
    for (i = 0; i < 8 && fabs(v) < steps[i].factor; i++)
      ;
  double m = v / steps[i].factor;
  char num[32];
  for (int prec = 6; prec <= 15; prec++) {
    snprintf(num, sizeof num, "%.*g", prec, m);
    if (strtod(num, NULL) == m)
      break;
  }
  snprintf(buf, 48, "%s%s%s", num, steps[i].prefix, base_units[q]);
}
