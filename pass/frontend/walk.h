/* The AST walk of a translation unit (walk.c): the front end's second step,
 * after the annotations are found and before the graphs are built. */
#ifndef ESCHED_PASS_FRONTEND_WALK_H
#define ESCHED_PASS_FRONTEND_WALK_H

#include <stdbool.h>

#include "pass/frontend/walker.h"

/* The whole translation unit. Returns false when out of memory. */
bool walk_unit(Walker *w);
void walk_free(Walker *w);

#endif
