/* Which tasks must never run twice (replay.c). */
#ifndef ESCHED_PASS_FRONTEND_REPLAY_H
#define ESCHED_PASS_FRONTEND_REPLAY_H

#include <clang-c/Index.h>

#include "pass/frontend/walker.h"

/* Why a task whose code is function fn (a declaration) must not
 * run twice -- "fprintf in report", a C library call with effects beyond
 * memory reached from fn's definition in this file -- or NULL. */
const char *replay_effect(Walker *w, CXCursor fn);
/* Why a task's call must not run twice because of its arguments, which
 * every run evaluates again ("an argument that changes a variable": m++,
 * x = ...; or the effect of a function an argument calls), or NULL. */
const char *replay_argument_effect(Walker *w, CXCursor call);

#endif
