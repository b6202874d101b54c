/* Which functions run many times (callgraph.c). */
#ifndef ESCHED_PASS_FRONTEND_CALLGRAPH_H
#define ESCHED_PASS_FRONTEND_CALLGRAPH_H

#include <stdbool.h>

#include "pass/frontend/walker.h"

/* Walks (for their calls only) the functions that may call an
 * annotated function, directly or through others. */
bool callgraph_walk_callers(Walker *w);
/* Marks the graphs of functions that run many times. */
bool callgraph_mark_multi_run(Walker *w);

#endif
