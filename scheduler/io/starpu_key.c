/* The keys programs built for StarPU and their models share (starpu_key.h). */
#include <stdio.h>
#include <string.h>

#include "scheduler/io/starpu_key.h"

uint32_t es_starpu_footprint(double size) {
  uint64_t s = size > 0 ? (uint64_t)size : 0;
  return (uint32_t)(s ^ (s >> 32));
}

void es_starpu_symbol(const char *key, char *buf, size_t len) {
  snprintf(buf, len, "esched.%s", key);
  for (char *c = buf + 7; *c; c++)
    if (!(*c >= 'a' && *c <= 'z') && !(*c >= 'A' && *c <= 'Z') && !(*c >= '0' && *c <= '9') &&
        !strchr("_.-", *c))
      *c = '_';
}
