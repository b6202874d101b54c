#include "util.h"

void fill(double *v, size_t n, double step) {
  for (size_t i = 0; i < n; i++)
    v[i] = (double)i * step;
}
