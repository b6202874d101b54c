/* ESCHED_CHECK=1 (docs/runtime.md, "Checking clauses"): each task's device
 * variants on the sim back end also run on guarded copies of the task's
 * data, several times with different fillings, so that what the variant
 * does beyond its clauses shows in the bytes:
 *
 *   run A   bytes only written (out) filled with P1, guards with P1
 *   run A2  the same again                            (bytes that differ
 *           from run A do not depend on the data: struct padding copied
 *           from the stack; the other runs' comparisons skip them)
 *   run B   bytes only written filled with P2         (results depend on
 *           them: the task reads data declared out; they stay P1 / P2:
 *           it leaves them unwritten)
 *   run C   guards filled with P2                     (results differ: it
 *           reads outside its sections; one more run per copy finds which)
 *
 * and in every run: bytes only read (in) that change are writes to data
 * declared in, guard bytes that change are writes outside the sections.
 * Bytes a task leaves unwritten are remembered: a later task or host code
 * reading them, or their return to the host, is reported then. Each report
 * names the task, its item, the byte range and the clause to write; it is
 * a warning of the run (once per text). The variants must compute the same
 * from the same bytes (noreplay tasks are not checked). */
#ifndef ESCHED_RT_EXEC_CHECK_H
#define ESCHED_RT_EXEC_CHECK_H

#include <stdbool.h>

#include "runtime-stub/core/state.h"

/* Spare bytes around the sim back end's buffers under ESCHED_CHECK: a
 * variant writing past its sections in the real run leaves the heap whole. */
#define RT_CHECK_SLACK 4096

typedef struct RtCheck RtCheck;

/* Whether variant v of ti runs on a device the check can watch (sim). */
bool rt_check_watches_locked(const RtState *s, const RtTaskInfo *ti, int v);

/* Starts the check of variant v of ti on the n ranges acc, whose current
 * bytes are at src[i] in space from. NULL when out of memory (a warning). */
RtCheck *rt_check_open_locked(RtState *s, const RtTaskInfo *ti, int v, int from, void *const *src,
                              const EsrtAccess *acc, int n);
/* Prepares the next run: fills the copies and sets ptr[n] to their
 * addresses; false when the check needs no more runs. */
bool rt_check_next(RtCheck *c, void **ptr);
/* After a run: keeps what it needs of the copies. */
void rt_check_done(RtCheck *c);
/* Compares the runs, reports, remembers unwritten bytes, frees c. */
void rt_check_close_locked(RtState *s, RtCheck *c);

/* Task t (NULL: host code) is about to read the ranges acc it declares:
 * unwritten bytes among them are reported; ranges it writes are no longer
 * unwritten. */
void rt_check_access_locked(RtState *s, const EsrtTask *t, const EsrtAccess *acc, int n);
/* Data returns to the host (the end of a region): unwritten bytes still
 * remembered are reported, then forgotten. */
void rt_check_region_end_locked(RtState *s);
/* Turns the check on (ESCHED_CHECK=1): only the sim back end can be
 * watched; with another, a warning says no task is checked. */
void rt_check_start_locked(RtState *s);
/* Frees what the check remembers (at shutdown). */
void rt_check_free_locked(RtState *s);

#endif
