#include "scheduler/a/a.h"
#include "scheduler/a/b.h"
int a(void) { return b(); }
