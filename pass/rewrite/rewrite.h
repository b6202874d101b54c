/* The rewriter: annotated C + schedules -> C that calls the runtime
 * (runtime-stub/include/esched_rt.h, docs/runtime.md).
 *
 * Per translation unit it adds the runtime's header and a const table of
 * task descriptors (variants, build-time device and level); per static task
 * region the inline form (begin, the chosen variant with device pointers or
 * the region itself, end); per deferred task (in a loop or recursion) the
 * submit form with outlined variants; before host code that touches task
 * data, esrt_host; before every return of a function with tasks and at its
 * end, esrt_region_end; per stream region its crown schedule and one round
 * (rw_stream.h). Everything else is copied byte for byte, and #line
 * directives keep diagnostics on the original file and lines.
 */
#ifndef ESCHED_PASS_REWRITE_H
#define ESCHED_PASS_REWRITE_H

#include <stdbool.h>
#include <stdio.h>

#include "pass/frontend/frontend.h"
#include "pass/rewrite/rw_facts.h"
#include "pass/rewrite/rw_text.h"
#include "scheduler/crown/crown.h"
#include "scheduler/model/problem.h"
#include "scheduler/model/schedule.h"

/* The decisions for one graph of the front end's list: its schedule (NULL
 * when every task of it is deferred), and optionally the problem it was
 * scheduled on, whose level-0 times become the variants' expected times. */
typedef struct RwGraphPlan {
  const EsSchedule *schedule;
  const EsProblem *problem;
} RwGraphPlan;

typedef struct RwOptions {
  const char *path; /* the input as the user named it, for #line */
  /* A profiling build: the program merges its measurements into this file
   * at exit (--profile-generate); NULL for a normal build. */
  const char *profile_generate;
  /* The build's profile (NULL: none): the expected times of the tasks it
   * knows, deferred ones included; tasks it does not know get 0 (unknown:
   * the runtime measures them), never the build's neutral defaults. */
  const EsProfile *profile;
  /* The variant's algorithm (NULL: default) and objective, for the tasks
   * the runtime schedules. */
  const char *algorithm;
  EsObjective objective;
  /* The platform the build scheduled for, which the program runs with
   * unless ESCHED_PLATFORM says otherwise: a preset name or an absolute
   * file path; NULL: the runtime's default (silberstein2011). */
  const char *platform;
} RwOptions;

/* Writes the rewritten file to out (a file without tasks unchanged).
 * plans[i] belongs to f->graphs.v[i], streams[i] (a crown schedule of its
 * tasks, in order) to f->x.streams[i].
 * Reports errors (a schedule naming a device a task has no variant for, a
 * deferred region that is not a call, a return inside a task region, ...)
 * and returns false; nothing is written then. */
bool rw_rewrite(Frontend *f, const RwGraphPlan *plans, const EsCrownSchedule *const *streams,
                const RwOptions *opt, FILE *out);

/* ---- What the rewriter's targets share (this native one's and StarPU's,
 * rw_starpu.h): the edits for host code touching task data and for the
 * exits of functions with tasks, which call esched_rt.h's esrt_host,
 * esrt_host_whole and esrt_region_end under every target, and a few facts
 * about tasks. ---- */

/* Adds to edits, for every host node of f, the host-access calls before
 * its statements, and for every function of facts esrt_region_end before
 * its returns and closing brace. Reports errors (a return inside a task
 * region) and returns false. */
bool rw_host_code(Frontend *f, const RwFacts *facts, const RwOptions *opt, RwEdits *edits);
/* Takes f's annotations out of the rewritten text (their place stays
 * blank): the compiler would warn about a pragma it does not know, and
 * -Wunknown-pragmas stays on for the program's own pragmas, as with cc. */
void rw_annotations_out(const Frontend *f, RwEdits *edits);

/* Appends the access's mode as the runtime's ESRT_* constant: an out
 * section of several dimensions that may leave holes in its rows is
 * ESRT_INOUT unless, when the program runs, its rows are whole. */
void rw_access_mode(RwBuf *b, const XAccess *a);
/* What follows an access's range in its initializer (its mode, ...). */
typedef void (*RwAccessTail)(RwBuf *b, const XAccess *a, void *ctx);
/* Appends "{ptr, bytes<tail>}" (comma-separated) to list for each access of
 * n that moves data (not a kill), and its index in n->acc to idx. Returns
 * how many, or -1 when one's size is unknown (a pointer without a section). */
int rw_access_list(RwBuf *list, const XNode *n, int *idx, RwAccessTail tail, void *ctx);
/* For the error when rw_access_list finds no size: ", and 'ITEM' has none"
 * for n's first data of unknown size, and through which variable an
 * inferred member path reaches it (s.v of sum(&s, &a)). Owned by b. */
void rw_unsized(RwBuf *b, const XNode *n);
/* The position in idx[0..count) of node access k, or -1. */
int rw_slot_of(const int *idx, int count, int k);
/* After submitting deferred task n: its variables that die with the loop's
 * iteration (XAccess.loop_local) come home, the task done with them
 * (esrt_host ... ESRT_INOUT), as statements. */
void rw_loop_locals(RwBuf *b, const XNode *n);
/* After submitting task n whose effects go beyond its data (XNode.noreplay:
 * it prints, writes a file, draws random numbers): it runs now, so that
 * those effects keep their place in the program's order; so does one
 * whose argument points into a compound literal (XNode.literal_args),
 * before its storage ends. */
void rw_in_order(RwBuf *b, const XNode *n);
/* Whether every argument of call region n has its text: those of a call
 * a macro writes have none (task.c), and cannot be written again for a
 * variant or captured for a submission. */
bool rw_args_spelled(const XNode *n);
/* The error for a call whose arguments are not all spelled (a format
 * taking the task's name and a suffix). */
extern const char rw_args_unspelled[];

/* Whether f has tasks or streams (a file without is left as it is). */
bool rw_has_tasks(const Frontend *f);
/* The index in f->graphs of the graph holding node n's scope, or -1. */
int rw_graph_of(Frontend *f, const XNode *n);
/* Whether task n runs at run time (in a loop, or a function run many times). */
bool rw_is_deferred(Frontend *f, const XNode *n);

/* s as a C string literal. */
void rw_literal(RwBuf *b, const char *s);

#endif
