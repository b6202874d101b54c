#include <stdio.h>

#include "scale.h"

int main(void) {
  printf("%g %g\n", twice(8), thrice(8));
  return 0;
}
