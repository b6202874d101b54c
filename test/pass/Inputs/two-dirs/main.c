/* Two sources with the same base name in different folders, each with a
 * local header of the same name: esched-cc must keep them apart. */
#include <stdio.h>

double scale_a(int n);
double scale_b(int n);

int main(void) {
  printf("%.17g %.17g\n", scale_a(8), scale_b(8));
  return 0;
}
