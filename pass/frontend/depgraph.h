/* From what the walk found (extract.h) to task graphs (scheduler/model/graph.h):
 * the dependency analysis over data items in program order.
 *
 * Per graph scope, in program order over its static nodes (tasks not in a
 * loop, host code after the first task, blocks standing for loops and
 * nested regions), each data item has live versions (the writes not yet
 * overwritten, at first the host's copy) and readers:
 *   - a read depends on the live versions it sees, newest first, until the
 *     newer ones cover the section it reads (read after write: an edge
 *     carrying the item, with the producer's bytes); reading the host's
 *     copy adds an input node (pinned to the CPU, no cost) the first time a
 *     task needs it;
 *   - a write follows the readers and the live versions it may overwrite
 *     (write after read / after write: order edges without data), then
 *     replaces the versions it covers;
 *   - at the end, an output node (host, pinned to the CPU) reads the last
 *     versions of every written item that outlives the scope, so the data
 *     is back in host memory when the function returns.
 * Sections overlap unless both are constant and disjoint; a section covers
 * another when it is the whole item, the same text, or a constant range
 * containing it. Edges between host-pinned nodes that move no data (the
 * host's copy into host code) are left out, and host code left without
 * edges is dropped. Tasks in loops, and every task of a function that runs
 * many times, are listed as deferred.
 */
#ifndef ESCHED_PASS_DEPGRAPH_H
#define ESCHED_PASS_DEPGRAPH_H

#include "pass/frontend/extract.h"
#include "pass/frontend/source.h"
#include "scheduler/base/error.h"

/* Appends one graph per scope of u to out, named after the scope; src is
 * the file the graphs point into. Returns 0 or ES_ENOMEM. */
int depgraph_build(const XUnit *u, const Source *src, EsGraphList *out);

#endif
