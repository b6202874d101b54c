/* Numbers for people (units.h). */
#include "scheduler/report/units.h"

#include <stdio.h>

const char *es_human_bytes(double bytes, char *buf, size_t n) {
  static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  int u = 0;
  while (bytes >= 1024 && u < 5)
    bytes /= 1024, u++;
  if (u == 0)
    snprintf(buf, n, "%.0f B", bytes);
  else
    snprintf(buf, n, "%.*f %s", bytes < 10 ? 1 : 0, bytes, unit[u]);
  return buf;
}
