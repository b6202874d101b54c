// clang 14 recurses without end on this broken macro call and overflows its
// stack; clang -fsyntax-only dies of it (found by the compile fuzz target).
#define n N((N))
#include <esched.h>
#define N ESCHED_TASK((n)
n)
