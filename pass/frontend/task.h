/* One annotated task region (task.c). */
#ifndef ESCHED_PASS_FRONTEND_TASK_H
#define ESCHED_PASS_FRONTEND_TASK_H

#include <clang-c/Index.h>
#include <stddef.h>

#include "pass/frontend/walker.h"

/* The annotation ann attached to statement c. */
void task_attach(Walker *w, int ann, CXCursor c, size_t begin, size_t end);
/* A task's key: its name() clause, else FUNCTION.CALLEE.K (FUNCTION.block.K
 * for a block), the K-th task of the function calling CALLEE. */
const char *task_key(Walker *w, int ann, const char *callee);
/* Reports name as a duplicate when a task, region or stream already has it
 * (task, region and stream names share one namespace: profile keys). */
void task_check_unique(Walker *w, const char *name, int ann);
/* The name of a region: its name() clause, else FUNCTION.region.K. */
const char *task_default_region_name(Walker *w, const Annot *a);
/* The node's accesses with constant sections: bytes, once clang evaluated
 * the section expressions (after the walk). */
void task_resolve_constants(Walker *w);
/* Inferred accesses to a structure (sum(&s, &a), a block reading s.v[i])
 * whose pointer member another task of the function names (out(s.v[0:n]))
 * get that member's data too, read and written, of unknown size: the task
 * runs on the CPU with the data brought home first (after the walk). */
void task_member_data(Walker *w);

#endif
