/* The rewriter's part for stream regions (docs/runtime.md, "Streams"): the
 * crown schedule of each stream as a const EsrtStream table, one team
 * function per task (its call with the captured arguments, the team's
 * member and size in place of the last two), and in place of the region one
 * round: the argument blocks and esrt_stream_round.
 *
 * A task of maximum width W > 1 is called as f(args..., member, members);
 * a sequential task (W = 1) is called as written. */
#ifndef ESCHED_PASS_RW_STREAM_H
#define ESCHED_PASS_RW_STREAM_H

#include <stdbool.h>

#include "pass/frontend/extract.h"
#include "pass/rewrite/rw_text.h"
#include "pass/frontend/source.h"
#include "scheduler/crown/crown.h"

typedef struct RwStreamOut {
  const Source *src;
  const char *path; /* the input as the user named it, for diagnostics */
  RwBuf *decls;     /* forward declarations, at the top */
  RwBuf *tables;    /* the tables, at the top */
  RwEdits *edits;
} RwStreamOut;

/* Emits stream st (the si-th of the unit) under crown schedule s, which must
 * schedule st's tasks in order. Returns false after reporting an error (a
 * schedule for other tasks, an argument esched cannot capture). */
bool rw_stream(const XStream *st, int si, const EsCrownSchedule *s, const RwStreamOut *out);

/* Whether crown schedule s fits stream st: the same tasks in the same order,
 * each no wider than its width(W). Reports the first mismatch (diagnostic
 * naming file, the schedule's file) and returns false. */
bool rw_stream_matches(const XStream *st, const EsCrownSchedule *s, const char *file);

#endif
