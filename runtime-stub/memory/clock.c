/* The runtime's wall clock (clock.h). */
#include "runtime-stub/memory/clock.h"

#include <time.h>

double rt_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
