#include "scheduler/a/b.h"
#include "scheduler/a/a.h"
int b(void) { return a(); }
