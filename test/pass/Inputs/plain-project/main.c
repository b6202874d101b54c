#include <stdio.h>
#include <stdlib.h>

#include "stats.h"
#include "util.h"

const char *notes_file(void);

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  double v[n]; /* sizes from argv, a VLA as its author would write it */
  fill(v, (size_t)n, 0.5);
  printf("n=%d mean=%.3f spread=%.3f file=%s\n", n, mean(v, n), spread(v, n), notes_file());
  return 0;
}
