/* What a run leaves behind: the summary (the only output of the runtime:
 * stderr or ESCHED_SUMMARY, summary.c) and the trace (trace.c). */
#ifndef ESCHED_RT_API_SUMMARY_H
#define ESCHED_RT_API_SUMMARY_H

#include <stdio.h>

#include "runtime-stub/core/state.h"
#include "scheduler/base/error.h"

void rt_summary_write(RtState *s, FILE *f);
int rt_trace_write(const RtState *s, const char *path, EsError *err);

#endif
