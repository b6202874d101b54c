/* Includes only headers without tasks: compiled as it is. */
#include <stdio.h>
#include "plain.h"
int main(void) {
  printf("%d\n", twice(21));
  return 0;
}
