#include <stdio.h>
#include <stdlib.h>

#include "heat.h"

double u[NX], unew[NX];
int nx;

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 30;
  nx = argc > 2 ? atoi(argv[2]) : 100;
  for (int i = 0; i < nx; i++)
    u[i] = i == nx / 2 ? 100.0 : 0.0;
  heat_run(steps, 0.25, report);
  printf("end %.12f\n", u[nx / 2]);
  return 0;
}
