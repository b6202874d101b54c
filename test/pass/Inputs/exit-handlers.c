/* A program that ends with exit(), whose atexit handler reads what the
 * tasks computed: in main after a loop of tasks, and in a function with
 * tasks, from inside an if. */
#include <stdio.h>
#include <stdlib.h>

static double total, part[4];

static void add(double *t, double v) { *t += v; }
static void add_gpu(double *t, double v) { add(t, v); }

static void report(void) { printf("total %g part %g %g\n", total, part[0], part[3]); }

static void fill(int n, int stop) {
  for (int i = 0; i < 4; i++) {
#pragma esched task inout(part[i:1]) gpu(add_gpu)
    add(&part[i], i + n);
  }
  if (stop)
    exit(4);
}

int main(int argc, char **argv) {
  atexit(report);
  fill(1, argc > 2);
  for (int i = 1; i <= 3; i++) {
#pragma esched task inout(total) gpu(add_gpu)
    add(&total, i);
  }
  if (argc > 1)
    exit(3);
  return 0;
}
