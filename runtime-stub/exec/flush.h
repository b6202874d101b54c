/* The end of a region: the pending batch is planned and run (flush.c). */
#ifndef ESCHED_RT_EXEC_FLUSH_H
#define ESCHED_RT_EXEC_FLUSH_H

#include "runtime-stub/core/state.h"

void rt_flush_locked(RtState *s);

#endif
