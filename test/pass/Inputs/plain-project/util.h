#ifndef UTIL_H
#define UTIL_H
#include <stddef.h>
void fill(double *v, size_t n, double step);
#endif
