#include "scheduler/b/ok.h"
int ok(void) { return 0; }
