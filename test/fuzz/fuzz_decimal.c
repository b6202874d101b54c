/* Fuzz target: scheduler/base/decimal.h against the C library. The input,
 * as text, must read as strtod reads it wherever es_read_decimal answers;
 * its first 8 bytes, as a double, must print as the first of %.15g, %.16g
 * and %.17g that strtod reads back. Any difference aborts. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/decimal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_read(const char *text) {
  const char *end;
  char *want_end;
  double got, want = strtod(text, &want_end);
  if (es_read_decimal(text, &end, &got) &&
      (memcmp(&got, &want, sizeof got) != 0 || end != want_end)) {
    fprintf(stderr, "'%s': %.17g, strtod %.17g\n", text, got, want);
    abort();
  }
}

static void check_format(double v) {
  if (!isfinite(v))
    return;
  char got[32], want[32];
  es_format_number(v, got);
  if (fabs(v) < 1e15 && v == (double)(long long)v) {
    if (strtod(got, NULL) == v)
      return;
  } else {
    for (int prec = 15; prec <= 17; prec++) {
      snprintf(want, sizeof want, "%.*g", prec, v);
      if (strtod(want, NULL) == v)
        break;
    }
    if (strcmp(got, want) == 0)
      return;
  }
  fprintf(stderr, "%a printed as %s\n", v, got);
  abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char text[128];
  size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
  memcpy(text, data, n);
  text[n] = '\0';
  check_read(text);
  if (size >= sizeof(double)) {
    double v;
    memcpy(&v, data, sizeof v);
    check_format(v);
  }
  return 0;
}
