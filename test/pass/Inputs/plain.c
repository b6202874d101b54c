/* No annotations: esched-cc passes it to the compiler untouched. */
#include <stdio.h>
int main(void) {
  puts("plain");
  return 0;
}
