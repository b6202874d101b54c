/* What the rewriter's targets share (the native runtime's in rewrite.c,
 * StarPU's in rw_starpu.c): the edits for host code touching task data
 * and for the exits of functions with tasks, which call esched_rt.h's
 * esrt_host, esrt_host_whole and esrt_region_end under every target, and
 * the spelling of an access's host range. */
#ifndef ESCHED_PASS_RW_TARGET_H
#define ESCHED_PASS_RW_TARGET_H

#include <stdbool.h>

#include "pass/frontend/frontend.h"
#include "pass/rewrite/rewrite.h"
#include "pass/rewrite/rw_facts.h"
#include "pass/rewrite/rw_text.h"

/* Adds to edits, for every host node of f, the host-access calls before
 * its statements, and for every function of facts esrt_region_end before
 * its returns and closing brace. Reports errors (a return inside a task
 * region) and returns false. */
bool rw_host_code(Frontend *f, const RwFacts *facts, const RwOptions *opt, RwEdits *edits);

/* The host range of access a as two C expressions, "ptr, bytes"; false
 * when its size is unknown (a pointer without a section). */
bool rw_access_range(RwBuf *b, const XAccess *a);

/* Whether f has tasks or streams (a file without is left as it is). */
bool rw_has_tasks(const Frontend *f);
/* The index in f->graphs of the graph holding node n's scope, or -1. */
int rw_graph_of(Frontend *f, const XNode *n);
/* Whether task n runs at run time (in a loop, or a function run many times). */
bool rw_is_deferred(Frontend *f, const XNode *n);

/* s as a C string literal. */
void rw_literal(RwBuf *b, const char *s);

#endif
