/* The program's own #line directives, and __FILE__/__LINE__ in tasks. */
#include <stdio.h>

static void where(const char *file, int line, int *out) {
  printf("at %s:%d\n", file, line);
  *out = line;
}

static void twice(int n, double *x) {
  for (int i = 0; i < n; i++)
    x[i] *= 2;
}
static void twice_gpu(int n, double *x) { twice(n, x); }

int main(void) {
  int a = 0, b = 0;
  double x[3] = {1, 2, 3};
#if 0
#line 900 "skipped.c"
#endif
#pragma esched task out(a)
  where("plain", __LINE__, &a);
#line 500 "renamed.c"
#pragma esched task out(b)
  where(__FILE__, __LINE__, &b);
#pragma esched task inout(x) gpu(twice_gpu)
  twice(3, x);
  printf("%d %d %g line %d %s\n", a, b, x[2], __LINE__, __FILE__);
#line 700
#pragma esched task inout(x) gpu(twice_gpu)
  twice(3, x);
  printf("%g line %d %s\n", x[0], __LINE__, __FILE__);
  return 0;
}
