#include "scheduler/high/top.h"
#include "scheduler/low/low.h"
int top(void) { return low(); }
