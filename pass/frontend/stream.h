/* `stream` regions and their tasks (stream.c). */
#ifndef ESCHED_PASS_FRONTEND_STREAM_H
#define ESCHED_PASS_FRONTEND_STREAM_H

#include <clang-c/Index.h>
#include <stddef.h>

#include "pass/frontend/walker.h"

/* A `stream` annotation ann before compound statement [begin,
 * end): records the stream; returns its index or -1. */
int stream_begin(Walker *w, int ann, size_t begin, size_t end);
/* Task annotation ann of stream s before statement c. */
void stream_task(Walker *w, int s, int ann, CXCursor c, size_t begin, size_t end);
/* After the walk: widths and core counts from clang's constants, and the
 * checks that need them. */
void stream_resolve(Walker *w);

#endif
