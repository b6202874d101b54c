#include <stdio.h>

#include "heat.h"

void diagnostics(int step) {
  double s = 0;
  for (int i = 0; i < nx; i++)
    s += u[i];
  printf("step %d heat %.12f edge %.12f\n", step, s, u[nx / 3]);
}

void report(int step) { printf("report %d %.12f\n", step, unew[nx / 2 + 1]); }
